/* pid_formula.c — user-space formula probes (docs/formula-providers.md, "User-space
 * formulas"): probes of a provider a D library defines over the code of a program's functions,
 * `provider vl { probe lookup__start(char *) = pid$target:vlserver:lookup:entry(char *key) :
 * (key); };`, placed where the pid provider's machinery finds the location: a function's entry
 * or return, each return instruction (`ret`), each call of a function F (`call-F`, through the
 * PLT or a GOT slot too), the Nth such call (`call-F-N`), an instruction offset.
 *
 * A formula probe is a uprobe of the uprobe table (usdt_prov.h) served by the uprobe engine
 * as the pid provider's are: one probe per (process, object, function), its sites the places
 * the location finds (each with its own argument locations: the callee's registers at a call,
 * the returning instruction's offset and %rax at a ret), its names the formula's (`vl1234`,
 * the object, the function, `lookup-start`), which the engine writes for the class program to
 * read; args[] are the declared types, made by the alternative's expressions
 * (prov_args.expr), as for the kernel formulas (formula.c).
 *
 * The process: the one the description names (`vl1234`, `vl$target`), else the -c/-p target
 * (pcat.target). The alternative: the first whose description finds at least one site in it;
 * when none does, the message names the library file and line and why each failed. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dparse.h"
#include "dtype.h"
#include "elf_funcs.h"
#include "pcat.h"
#include "pid_prov.h"
#include "plist.h"
#include "probedesc.h"
#include "uprobe.h"
#include "usdt_arg.h"
#include "usdt_prov.h"
#include "util.h"

/* At a call instruction the callee's arguments are where the ABI puts them before the return
 * address is pushed: the registers, then the stack from %rsp itself. */
static const char call_args[] = "8@%rdi 8@%rsi 8@%rdx 8@%rcx 8@%r8 8@%r9 8@0(%rsp) 8@8(%rsp) "
				"8@16(%rsp) 8@24(%rsp)";

enum loc_kind { LOC_ENTRY, LOC_RETURN, LOC_RET, LOC_CALL, LOC_OFF };

struct loc {
	enum loc_kind kind;
	char *callee;          /* LOC_CALL */
	int nth;               /* LOC_CALL: 1-based, 0 every call */
	uint64_t off;          /* LOC_OFF */
};

/* A location (the description's name field): entry, return, ret, call-F, call-F-N, or a
 * hexadecimal offset. 0, or -1 with why. */
static int loc_parse(const char *s, struct loc *l, char *why, size_t n)
{
	memset(l, 0, sizeof(*l));
	if (strcmp(s, "entry") == 0)
		l->kind = LOC_ENTRY;
	else if (strcmp(s, "return") == 0)
		l->kind = LOC_RETURN;
	else if (strcmp(s, "ret") == 0)
		l->kind = LOC_RET;
	else if (strncmp(s, "call-", 5) == 0 && s[5]) {
		l->kind = LOC_CALL;
		const char *dash = strrchr(s + 5, '-');
		if (dash) {
			char *end;
			long v = strtol(dash + 1, &end, 10);
			if (!dash[1] || *end || v < 1 || v > 100000)
				return util_seterr(why, n, "'%s': the N of call-F-N is a call's number, "
						   "from 1", s);
			l->nth = (int)v;
			l->callee = xstrndup(s + 5, (size_t)(dash - (s + 5)));
		} else {
			l->callee = xstrdup(s + 5);
		}
		if (!*l->callee) {
			free(l->callee);
			return util_seterr(why, n, "'%s' names no function", s);
		}
	} else {
		const char *h = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? s + 2 : s;
		char *end;
		if (!*h || strlen(h) > 16 || (l->off = strtoull(h, &end, 16), *end))
			return util_seterr(why, n, "'%s' is no location: entry, return, ret, call-F, "
					   "call-F-N or an offset", s);
		l->kind = LOC_OFF;
	}
	return 0;
}

/* The sites location l finds in fn (canonical; in: its instructions, decoded or not): their
 * offsets and argument strings. Returns how many, or -1 with why. */
struct found {
	uint64_t *offs;
	char **args;
	int n;
	size_t cap, acap;
};

static void found_add(struct found *f, uint64_t off, char *args)
{
	xgrow(&f->offs, sizeof(*f->offs), &f->cap, (size_t)f->n + 1);
	xgrow(&f->args, sizeof(*f->args), &f->acap, (size_t)f->n + 1);
	f->offs[f->n] = off;
	f->args[f->n++] = args;
}

static void found_free(struct found *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->args[i]);
	free(f->offs);
	free(f->args);
	memset(f, 0, sizeof(*f));
}

static int find_sites(const struct elf_funcs *ef, const struct elf_func *fn, const char *module,
		      const struct loc *l, const struct elf_insns *in, bool have, struct found *f,
		      char *why, size_t n)
{
	bool need = l->kind != LOC_ENTRY && l->kind != LOC_RETURN;
	if (need && (!have || !in->complete))
		return util_seterr(why, n, "the instructions of %s in %s cannot all be decoded",
				   fn->display, module);
	switch (l->kind) {
	case LOC_ENTRY:
		found_add(f, pid_entry_off(ef, fn), xstrdup(pid_entry_args));
		break;
	case LOC_RETURN: {
		if (have && in->complete && in->nrets == 0 && in->ntails == 0)
			return util_seterr(why, n, "%s in %s never returns", fn->display, module);
		long long ro = have && in->complete && in->nrets == 1 ? (long long)in->rets[0] : 0;
		found_add(f, pid_entry_off(ef, fn), xasprintf("-8@$%lld 8@%%rax", ro));
		break;
	}
	case LOC_RET:
		if (in->nrets == 0)
			return util_seterr(why, n, "%s in %s has no return instruction", fn->display,
					   module);
		for (size_t k = 0; k < in->nrets; k++)
			found_add(f, in->rets[k], xasprintf("-8@$%llu 8@%%rax",
							    (unsigned long long)in->rets[k]));
		break;
	case LOC_CALL: {
		int count = 0;
		for (size_t k = 0; k < in->ncalls; k++) {
			const char *to = elf_funcs_call_name(ef, &in->calls[k]);
			if (!to || fnmatch(l->callee, to, 0) != 0)
				continue;
			if (++count == l->nth || l->nth == 0)
				found_add(f, in->calls[k].off, xstrdup(call_args));
		}
		if (count == 0)
			return util_seterr(why, n, "%s in %s has no call to %s", fn->display, module,
					   l->callee);
		if (f->n == 0)
			return util_seterr(why, n, "%s in %s has %d call%s to %s, no call number %d",
					   fn->display, module, count, count == 1 ? "" : "s",
					   l->callee, l->nth);
		break;
	}
	case LOC_OFF:
		if (l->off >= fn->size || !elf_insns_has(in, l->off))
			return util_seterr(why, n, "offset 0x%llx is no instruction of %s in %s",
					   (unsigned long long)l->off, fn->display, module);
		found_add(f, l->off, xstrdup(pid_entry_args));
		break;
	}
	for (int i = 0; i < f->n; i++)
		if (!pid_site_ok(ef, fn, f->offs[i], have ? in : NULL))
			return util_seterr(why, n, "the instruction at %s+0x%llx in %s is one the "
					   "kernel does not put uprobes on (or a nop5 over the red "
					   "zone)", fn->display, (unsigned long long)f->offs[i], module);
	return f->n;
}

/* What an alternative's description gives: the process, the module and function patterns, the
 * location. */
struct udesc {
	pid_t pid;
	struct probedesc d;
	struct loc l;
};

/* The formula probe pr (provider pv) in process pid through alternative a: its probes made in
 * u, clause added to those whose module and function d's fields match. Returns how many sites
 * the alternative found (probes made), or -1 with why (it does not apply). */
static int apply_alt(struct uprov *u, const struct dprovider *pv, const struct dprobe *pr,
		     int alt, const struct udesc *ud, const struct probedesc *d, int clause,
		     char *why, size_t n)
{
	const struct probedesc *ad = &ud->d;
	struct proc_maps *m;
	if (proc_maps_read(ud->pid, &m, NULL, 0) != 0)
		return util_seterr(why, n, "process %d cannot be read", (int)ud->pid);
	int made = 0, objects = 0, funcs = 0;
	char *name = probedesc_display_name(pr->name);
	char prov[64];
	snprintf(prov, sizeof(prov), "%s%d", pv->name, (int)ud->pid);
	bool glob_fn = strpbrk(ad->func, "*?[") != NULL || !*ad->func;
	for (int k = 0; k < m->nobjs && made >= 0; k++) {
		const struct proc_object *o = &m->objs[k];
		bool exe = pid_is_executable(ud->pid, o);
		if (!pid_module_match(ad->mod, o->module, exe))
			continue;
		objects++;
		int fi = uprov_file_of(u, NULL, o);
		struct elf_funcs *ef = pid_file_funcs(u, fi, o);
		if (!ef)
			continue;
		size_t pos = 0;
		const struct elf_func *fn;
		while (made >= 0 && (fn = elf_funcs_next_match(ef, glob_fn ? (*ad->func ? ad->func :
						"*") : ad->func, &pos)) != NULL) {
			if (glob_fn && (fn->suffixed || fn->ifunc || fn->size == 0))
				continue;
			const struct elf_func *canon = elf_funcs_canonical(ef, fn);
			funcs++;
			struct elf_insns in = { 0 };
			char derr[256];
			bool have = canon->size > 0 &&
				    elf_funcs_insn_offsets(ef, canon, &in, derr, sizeof(derr)) == 0;
			struct found f = { 0 };
			int ns = find_sites(ef, canon, o->module, &ud->l, &in, have, &f, why, n);
			elf_insns_free(&in);
			if (ns < 0) {
				found_free(&f);
				if (glob_fn)
					continue;  /* a glob's other functions may have it */
				made = -1;
				break;
			}
			const char *mod = u->files[fi].module;
			bool wanted = (!*d->mod || probedesc_glob(d->mod, mod, false) ||
				       (exe && probedesc_glob(d->mod, "a.out", false))) &&
				      (!*d->func || probedesc_glob(d->func, canon->display, false));
			struct uprov_probe *p = uprov_probe_get(u, &prov_uformula, fi, ud->pid, NULL,
								prov, canon->display, name,
								ud->l.kind == LOC_RETURN);
			if (!p->own) {
				p->own = xcalloc((size_t)f.n, sizeof(*p->own));
				p->nown = f.n;
				for (int i = 0; i < f.n; i++) {
					struct usdt_site *s = &p->own[i];
					s->provider = p->provider;
					s->name = p->name;
					s->function = p->function;
					s->pc = canon->addr + f.offs[i];
					s->pc_off = canon->off + f.offs[i];
					s->nargs = usdt_args_parse(f.args[i], &s->args, &s->nbadargs);
				}
				p->func_addr = canon->addr;
				p->formula = pr;
				p->formula_alt = alt;
			}
			found_free(&f);
			if (wanted)
				uprov_probe_add_clause(u, p, clause);
			made++;
		}
	}
	proc_maps_free(m);
	free(name);
	if (made == 0 && why[0] == '\0') {
		if (objects == 0)
			util_seterr(why, n, "process %d maps no module %s", (int)ud->pid,
				    *ad->mod ? ad->mod : "*");
		else if (funcs == 0)
			util_seterr(why, n, "module %s has no function %s", ad->mod, ad->func);
	}
	return made > 0 ? made : -1;
}

static bool names_formula_provider(const char *pattern, const char *prov, pid_t pid)
{
	return *pattern && probedesc_match_provider(pattern, prov, pid);
}

static int uform_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		       int nbefore)
{
	(void)nbefore;
	const struct dprog *g = cat->formulas;
	if (id || !g || !*d->prov)
		return 0;
	pid_t dpid = uprov_desc_pid(d->prov);
	int total = 0;
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		for (int j = 0; j < pv->nprobes; j++) {
			const struct dprobe *pr = &pv->probes[j];
			if (pr->nalts == 0 || !dformula_alt_user(&pr->alts[0]))
				continue;
			pid_t pid = dpid > 0 ? dpid : cat->target;
			char *name = probedesc_display_name(pr->name);
			bool named = names_formula_provider(d->prov, pv->name, pid) &&
				     (!*d->name || probedesc_glob(d->name, name, true));
			if (!named) {
				free(name);
				continue;
			}
			const char *file = pr->alts[0].pos.file ? pr->alts[0].pos.file : "<library>";
			if (pid <= 0 && probedesc_is_glob(d->prov)) {
				free(name);  /* `*:::`, `v*:::`: no process, no probe to select */
				continue;
			}
			if (pid <= 0) {
				util_seterr(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s "
					    "is in a process: name it (%s$target, %s1234) or give -c or "
					    "-p", file, pr->alts[0].pos.line, pv->name, name, pv->name,
					    pv->name);
				free(name);
				return -1;
			}
			struct strbuf whys = { 0 };
			int got = -1;
			for (int k = 0; k < pr->nalts && got < 0; k++) {
				const struct dformula_alt *a = &pr->alts[k];
				struct udesc ud = { 0 };
				struct derr e;
				char why[512] = "";
				if (!dformula_alt_user(a)) {
					util_seterr(cat->err, sizeof(cat->err), "%s:%d: formula probe "
						    "%s:::%s: %s is not a user-space description, as the "
						    "formula's first is", a->pos.file ? a->pos.file : file,
						    a->pos.line, pv->name, name, a->desc);
					strbuf_free(&whys);
					free(name);
					return -1;
				}
				if (probedesc_parse(a->desc, 'n', &ud.d, &e) != 0 ||
				    loc_parse(ud.d.name, &ud.l, why, sizeof(why)) != 0) {
					char text[DERR_TEXT_MAX];
					if (!why[0])
						derr_format(&e, false, text, sizeof(text));
					util_seterr(cat->err, sizeof(cat->err), "%s:%d: formula probe "
						    "%s:::%s: %s: %s", a->pos.file ? a->pos.file : file,
						    a->pos.line, pv->name, name, a->desc,
						    why[0] ? why : text);
					probedesc_free(&ud.d);
					strbuf_free(&whys);
					free(name);
					return -1;
				}
				pid_t apid = uprov_desc_pid(ud.d.prov);
				ud.pid = apid > 0 ? apid : pid;
				got = apply_alt(&cat->up, pv, pr, k, &ud, d, clause, why, sizeof(why));
				if (got < 0)
					strbuf_printf(&whys, "%s%s: %s", k ? "; " : "", a->desc, why);
				probedesc_free(&ud.d);
				free(ud.l.callee);
			}
			if (got < 0) {
				util_seterr(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s: "
					    "no alternative applies in process %d (%s)", file,
					    pr->alts[0].pos.line, pv->name, name, (int)pid,
					    whys.s ? whys.s : "");
				strbuf_free(&whys);
				free(name);
				return -1;
			}
			strbuf_free(&whys);
			free(name);
			pcat_note_udesc(cat, &prov_uformula, d, clause);
			total += got;
		}
	}
	return total;
}

/* args[]: the declared types, made by the chosen alternative's expressions. */
static int uform_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		      bool listing, struct prov_args *a)
{
	(void)cat, (void)ctx, (void)listing;
	const struct uprov_probe *up = p->data;
	const struct dprobe *pr = up->formula;
	const struct dformula_alt *alt = &pr->alts[up->formula_alt];
	int n = pr->nargs;
	if (n == 0)
		return -1;
	a->nargs = n;
	a->types = xcalloc((size_t)n, sizeof(*a->types));
	a->expr = xcalloc((size_t)n, sizeof(*a->expr));
	for (int k = 0; k < n; k++) {
		a->types[k] = pr->args[k].type;
		a->expr[k] = alt->exprs[k];
	}
	return 0;
}

/* -l: the formula probes of the descriptions that name a formula provider, in the target or
 * the process they name. */
static int uform_list(struct plist *L)
{
	return plist_match_descs(L, NULL, uform_match);
}

/* -l's line and, with -v, the blocks and every site (address, and how the kernel fires it). */
static void uform_list_probe(struct plist *L, const struct dobj_probe *p)
{
	plist_line(L, p->id, p->provider, p->module, p->function, p->name);
	if (!L->verbose)
		return;
	plist_verbose(L, p);
	const struct uprov_probe *up = p->data;
	fputs("\n\tProbe Sites\n", L->out);
	for (int k = 0; k < uprov_nsites(up); k++) {
		const struct usdt_site *s = uprov_site(&L->cat.up, up, k);
		fprintf(L->out, "\t\t%#llx (file offset %#llx)\n", (unsigned long long)s->pc,
			(unsigned long long)s->pc_off);
		plist_site_how(L, L->cat.up.files[up->file].path, s->pc_off, s->pc,
			       s->pc - up->func_addr, false);
	}
	fputc('\n', L->out);
}

/* the formula providers' attributes (formula.c): private names, evolving arguments */
static const char *const uform_attrs[] = {
	"Private", "Private", "Unknown", "Evolving", "Evolving", "ISA",
};

const struct provider prov_uformula = {
	.name = "uformula",
	.match = uform_match,
	.args = uform_args,
	UPROBE_ENGINE_HOOKS,
	.list = uform_list,
	.list_probe = uform_list_probe,
	.list_attrs = uform_attrs,
};
