/* plist.c — selecting and printing probes for -l; see plist.h. */
#include "plist.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dtype.h"
#include "elf_funcs.h"
#include "provider.h"
#include "util.h"

/* Does description d select this probe? `path` (non-NULL) is the file it was listed from,
 * compared when the description names a file by path. */
static bool desc_selects(const struct plist_desc *d, uint32_t id, const char *path, pid_t pid,
			 const char *prov, const char *mod, const char *func, const char *name)
{
	if (d->by_id)
		return (long)id == d->id;
	if (d->is_file != (path != NULL))
		return false;
	if (path) {
		if (strcmp(d->pd.mod, path) != 0)
			return false;
		struct probedesc any_mod = d->pd;
		any_mod.mod = "";
		return probedesc_match(&any_mod, prov, pid, mod, func, name);
	}
	return probedesc_match(&d->pd, prov, pid, mod, func, name);
}

bool plist_select(struct plist *L, uint32_t id, const char *path, pid_t pid, const char *prov,
		  const char *mod, const char *func, const char *name)
{
	bool selected = L->ndescs == 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct plist_desc *d = &L->descs[k];
		if (desc_selects(d, id, path, pid, prov, mod, func, name)) {
			d->matched = true;
			selected = true;
		}
	}
	return selected;
}

void plist_line(struct plist *L, uint32_t id, const char *prov, const char *mod,
		const char *func, const char *name)
{
	fprintf(L->out, "%5u %10s %17s %33s %s\n", id, prov, mod, func ? func : "", name);
}

void plist_attrs(struct plist *L, const char *const *attrs)
{
	static const char *const stable[] = { "Stable", "Stable", "Common",
					      "Stable", "Stable", "Common" };
	static const char *const blocks[] = { "Probe Description Attributes",
					      "Argument Attributes" };
	const char *const *at = attrs ? attrs : stable;
	for (int b = 0; b < 2; b++) {
		fprintf(L->out, "\n\t%s\n", blocks[b]);
		fprintf(L->out, "\t\tIdentifier Names: %s\n", at[3 * b]);
		fprintf(L->out, "\t\tData Semantics:   %s\n", at[3 * b + 1]);
		fprintf(L->out, "\t\tDependency Class: %s\n", at[3 * b + 2]);
	}
}

void plist_args(struct plist *L, const struct prov_args *a)
{
	fputs("\n\tArgument Types\n", L->out);
	int n = a ? a->nargs : 0;
	for (int i = 0; i < n; i++) {
		if (a->text) {
			fprintf(L->out, "\t\targs[%d]: %s\n", i, a->text[i]);
			continue;
		}
		char *t = dtype_spell(a->types[i], NULL, false);
		fprintf(L->out, "\t\targs[%d]: %s\n", i, t);
		free(t);
	}
	if (n <= 0)
		fputs("\t\tNone\n", L->out);
}

void plist_verbose(struct plist *L, const struct dobj_probe *p)
{
	plist_attrs(L, p->prov->list_attrs);
	struct prov_args a = { 0 };
	bool have = p->prov->args && p->prov->args(&L->cat, p, L->ctx, true, &a) == 0 &&
		    (a.text || a.types);
	plist_args(L, have ? &a : NULL);
	prov_args_free(&a);
}

void plist_site_how(struct plist *L, const char *path, uint64_t off, uint64_t vaddr,
		    uint64_t fn_off, bool was_call)
{
	static const unsigned char endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	unsigned char b[12 + 5];
	uint64_t k = off < 12 ? off : 12;
	ssize_t n = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = pread(fd, b, (size_t)k + 5, (off_t)(off - k));
		close(fd);
	}
	const char *how;
	if (n < 1)
		how = "not known (the file cannot be read there)";
	else if (n < (ssize_t)k + 5 || !elf_x86_uprobe_optimizable(b + k, 5, vaddr))
		how = "an int3 trap";
	else if (was_call || fn_off == 0 || (fn_off == 4 && k >= 4 && memcmp(b + k - 4, endbr64, 4) == 0) ||
		 elf_x86_site_rsp_lowered(b, (size_t)k))
		how = "a 5-byte nop: a call to the kernel's trampoline, no trap, where the kernel "
		      "optimises uprobes (6.18+)";
	else
		how = "a 5-byte nop inside a function: where the kernel optimises uprobes (6.18+), "
		      "a call that writes below %rsp, over the red zone";
	fprintf(L->out, "\t\t\tuprobe: %s\n", how);
}

void plist_print(struct plist *L, const struct dobj_probe *p)
{
	plist_line(L, p->id, p->provider, p->module, p->function, p->name);
	if (!L->verbose)
		return;
	plist_verbose(L, p);
	fputc('\n', L->out);
}

void plist_probe(struct plist *L, const struct dobj_probe *p)
{
	if (plist_select(L, p->id, NULL, 0, p->provider, p->module, p->function, p->name))
		plist_print(L, p);
}

/* Whether field f is a plain name, neither empty nor a pattern (dtrace's glob characters,
 * the backslash included). */
static bool plain_field(const char *f)
{
	return f && *f && !strpbrk(f, "*?[\\");
}

void plist_catalog(struct plist *L)
{
	const struct bprobes *b = &L->cat.builtin;
	if (L->ndescs == 0) {
		for (size_t i = 0; i < b->n; i++)
			plist_print(L, &b->probes[i]);
		return;
	}
	for (int k = 0; k < L->ndescs; k++) {
		struct plist_desc *d = &L->descs[k];
		if (d->is_file)
			continue;
		if (d->by_id) {
			if (d->id >= 1 && (size_t)d->id <= b->n) {
				plist_print(L, &b->probes[d->id - 1]);
				d->matched = true;
			}
			continue;
		}
		/* A plain field is looked up in dtrace's hash of that field, whose chains hold the
		 * newest probe first: `dtrace:::` lists ERROR, END, BEGIN. A description of
		 * patterns and empty fields walks the probes in id order. */
		bool newest_first = plain_field(d->pd.prov) || plain_field(d->pd.mod) ||
				    plain_field(d->pd.func) || plain_field(d->pd.name);
		for (size_t j = 0; j < b->n; j++) {
			const struct dobj_probe *p = &b->probes[newest_first ? b->n - 1 - j : j];
			if (!desc_selects(d, p->id, NULL, 0, p->provider, p->module, p->function,
					  p->name))
				continue;
			plist_print(L, p);
			d->matched = true;
		}
	}
}

int plist_match_descs(struct plist *L, bool (*want)(const struct plist_desc *d),
		      int (*match)(struct pcat *cat, const struct probedesc *d, uint32_t id,
				   int clause, int nbefore))
{
	int status = 0;
	for (int k = 0; k < L->ndescs; k++) {
		struct plist_desc *d = &L->descs[k];
		if (d->by_id || d->is_file || (want && !want(d)))
			continue;
		int n = match(&L->cat, &d->pd, 0, -1, 0);
		if (n < 0) {
			fflush(L->out);
			util_warn("failed to match %s:%s:%s:%s: %s", d->pd.prov, d->pd.mod, d->pd.func,
				  d->pd.name, L->cat.err);
			status = 1;
		}
		if (n != 0)
			d->matched = true;
	}
	return status;
}
