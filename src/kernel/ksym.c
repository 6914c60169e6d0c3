/* ksym.c — see ksym.h. */
#include "ksym.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct ksym {
	uint64_t addr;
	const char *name, *module;
	bool text;
	bool weak;      /* w, W */
};

static struct ksym *syms;
static size_t nsyms;
static bool loaded;

/* By address; among symbols at one address the one a lookup names sorts last: dtrace orders
 * them weak after non-weak, then by name, and a lookup finds the last (of _stext, _text,
 * __pi__text and srso_alias_untrain_ret at one address it names srso_alias_untrain_ret; of
 * memmove and __memmove, memmove; of __do_sys_getpid and __x64_sys_getpid, __x64_sys_getpid). */
static int by_addr(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->weak != y->weak)
		return x->weak ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* Module names repeat for thousands of lines: one copy of each, with the module's lowest
 * text address (its base: mod() aggregation keys are the base, usym.h). */
struct kmod {
	char *name;
	uint64_t base;
};
static struct kmod *mods;
static size_t nmods, mcap;

static const char *intern_module(const char *m, uint64_t addr, bool text)
{
	size_t i = nmods;
	while (i-- > 0)
		if (strcmp(mods[i].name, m) == 0)
			break;
	if (i == (size_t)-1) {
		xgrow(&mods, sizeof(*mods), &mcap, nmods + 1);
		mods[nmods] = (struct kmod){ xstrdup(m), UINT64_MAX };
		i = nmods++;
	}
	if (text && addr && addr < mods[i].base)
		mods[i].base = addr;
	return mods[i].name;
}

static uint64_t module_base(const char *m)
{
	for (size_t i = 0; i < nmods; i++)
		if (mods[i].name == m)
			return mods[i].base == UINT64_MAX ? 0 : mods[i].base;
	return 0;
}

static void load(void)
{
	if (loaded)
		return;
	loaded = true;
	FILE *f = fopen("/proc/kallsyms", "re");
	if (!f)
		return;
	char *line = NULL;
	size_t lcap = 0, cap = 0;
	bool any_addr = false;
	while (getline(&line, &lcap, f) > 0) {
		char type, name[512], mod[128] = "vmlinux";
		unsigned long long addr;
		if (sscanf(line, "%llx %c %511s [%127[^]]]", &addr, &type, name, mod) < 3)
			continue;
		xgrow(&syms, sizeof(*syms), &cap, nsyms + 1);
		syms[nsyms].addr = addr;
		syms[nsyms].name = xstrdup(name);
		/* __pfx_ symbols are the padding before a function, not functions */
		syms[nsyms].text = (type == 't' || type == 'T' || type == 'w' || type == 'W') &&
				   strncmp(name, "__pfx_", 6) != 0;
		syms[nsyms].weak = type == 'w' || type == 'W';
		syms[nsyms].module = intern_module(mod, addr, syms[nsyms].text);
		any_addr |= addr != 0;
		nsyms++;
	}
	free(line);
	fclose(f);
	if (!any_addr)
		nsyms = 0;   /* addresses hidden: nothing can be looked up */
	qsort(syms, nsyms, sizeof(*syms), by_addr);
}

bool ksym_lookup(uint64_t addr, struct ksym_res *out)
{
	memset(out, 0, sizeof(*out));
	load();
	size_t lo = 0, hi = nsyms;
	while (lo < hi) {          /* the first symbol above addr */
		size_t mid = lo + (hi - lo) / 2;
		if (syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* Past the highest symbol nothing says where that symbol ends: only its own address is
	 * in it (dtrace's %a of (void *)-1 is "0xffffffffffffffff", not the last function's
	 * name with a huge offset). */
	if (lo == nsyms && lo > 0 && addr != syms[lo - 1].addr)
		return false;
	while (lo > 0 && !syms[lo - 1].text)
		lo--;
	if (lo == 0)
		return false;
	const struct ksym *s = &syms[lo - 1];
	out->module = s->module;
	out->func = s->name;
	out->func_addr = s->addr;
	out->mod_base = module_base(s->module);
	return true;
}

uint64_t ksym_addr(const char *name)
{
	load();
	for (size_t i = 0; i < nsyms; i++)
		if (strcmp(syms[i].name, name) == 0)
			return syms[i].addr;
	return 0;
}

bool ksym_func_range(const char *name, uint64_t *lo, uint64_t *hi)
{
	load();
	for (size_t i = 0; i < nsyms; i++) {
		if (!syms[i].text || strcmp(syms[i].name, name) != 0)
			continue;
		size_t j = i + 1;
		while (j < nsyms && syms[j].addr == syms[i].addr)
			j++;
		if (j == nsyms)
			return false;   /* the last symbol: no end known */
		*lo = syms[i].addr;
		*hi = syms[j].addr;
		return true;
	}
	return false;
}
