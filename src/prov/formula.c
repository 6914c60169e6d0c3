/* formula.c — the formula providers: providers a D library defines as formulas over other
 * providers' probes (docs/formula-providers.md): `provider io { probe start(bufinfo_t *, ...)
 * = rawtp:block::block_io_start(struct request *rq) : (rq, ...) else ...; };`.
 *
 * Probes: one per formula probe of the program's providers (pcat.formulas) that a description
 * names, PROVIDER:vmlinux::NAME (NAME's `__` written `-`), made in the builtin catalog as
 * descriptions name them (as rawtp's are). Making one chooses its alternative: the first whose
 * guards hold (members the kernel's BTF has) and whose description selects a probe, matched
 * through the catalog with no clause; that probe must be one kernel probe of a provider that
 * compiles each probe on its own (no class or multi-probe programs).
 *
 * A probe's data is struct fprobe: a copy of the underlying probe (its provider, names and data
 * stay the catalog's) and the alternative. Every hook that depends on the underlying probe
 * (program type, flags, load options, prologue, argN, errno, the described thread, attaching)
 * is the underlying provider's, called with the underlying probe in the place the hook reads
 * (cgc.probe; the dobj's probe entry while attaching); names and id are the formula probe's.
 * args[] are the declared types, with the alternative's expressions (prov_args.expr), which
 * the checker puts in place of args[K]: a clause on io:::start is compiled into one program on
 * the tracepoint, exactly as if it had been written there with the expressions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bprobes.h"
#include "cg_clause.h"
#include "dparse.h"
#include "kbtf.h"
#include "pcat.h"
#include "probedesc.h"
#include "provider.h"
#include "util.h"

struct fprobe {
	struct dobj_probe under;            /* the underlying probe */
	const struct dprovider *pv;
	const struct dprobe *pr;
	const struct dformula_alt *alt;
};

static const struct fprobe *fp_of(const struct dobj_probe *p)
{
	return p->data;
}

static const char *file_of(const struct dformula_alt *a)
{
	return a->pos.file ? a->pos.file : "<library>";
}

/* Whether every guard of a holds: the struct has the member in the kernel's BTF (or in the
 * program's own declaration of it). The first that does not is written to why. */
static bool guards_hold(struct dtype_ctx *ctx, const struct dformula_alt *a, struct strbuf *why)
{
	for (int g = 0; g < a->nguards; g++) {
		struct dtype *t = dtype_resolve(a->guards[g].type);
		if ((t->kind == DTY_STRUCT || t->kind == DTY_UNION) && !t->members)
			kbtf_complete(ctx, t);
		bool has = false;
		for (int m = 0; m < t->nmembers && !has; m++)
			has = t->members[m].name && strcmp(t->members[m].name, a->guards[g].member) == 0;
		if (!has) {
			char *ts = dtype_spell(a->guards[g].type, NULL, false);
			strbuf_printf(why, "%s has no member %s", ts, a->guards[g].member);
			free(ts);
			return false;
		}
	}
	return true;
}

static int depth;  /* formulas over formulas: bounded, so that one naming itself ends */
static bool err_is_formula;  /* cat->err is a formula's message (set with it) */

/* The alternative of probe pr that applies, its underlying probe copied to *under; NULL with
 * cat->err set when none does or one is wrong. */
static const struct dformula_alt *choose(struct pcat *cat, const struct dprovider *pv,
					 const struct dprobe *pr, struct dobj_probe *under)
{
	struct strbuf why = { 0 };
	const struct dformula_alt *got = NULL;
	char *name = probedesc_display_name(pr->name);
	for (int i = 0; i < pr->nalts && !got; i++) {
		const struct dformula_alt *a = &pr->alts[i];
		if (i)
			strbuf_puts(&why, "; ");
		strbuf_printf(&why, "%s: ", a->desc);
		if (!guards_hold(cat->formulas->types, a, &why))
			continue;
		if (dformula_alt_user(a)) {
			/* pid_formula.c's, when the formula's first alternative is one */
			strbuf_puts(&why, "a user-space (pid) alternative in a kernel formula: a "
				    "formula's alternatives are all kernel probes or all pid ones, as its "
				    "first is");
			continue;
		}
		struct probedesc d;
		struct derr e;
		if (probedesc_parse(a->desc, 'n', &d, &e) != 0) {
			char text[DERR_TEXT_MAX];
			snprintf(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s: %s",
				 file_of(a), a->pos.line, pv->name, name,
				 derr_format(&e, false, text, sizeof(text)));
			goto fail;
		}
		depth++;
		int n = depth > 8 ? 0 : pcat_match(cat, &d, 0, -1);
		depth--;
		if (n < 0 && err_is_formula) {
			probedesc_free(&d);
			goto fail;  /* a formula's under this one: its message says it all */
		}
		if (n < 0) {
			char *inner = xstrdup(cat->err);
			snprintf(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s: %.*s",
				 file_of(a), a->pos.line, pv->name, name, 900, inner);
			free(inner);
			probedesc_free(&d);
			goto fail;
		}
		int *idx = NULL;
		size_t nidx = 0;
		bprobes_match(&cat->builtin, NULL, &d, 0, &idx, &nidx);
		probedesc_free(&d);
		if (nidx == 0) {
			strbuf_puts(&why, n > 0 ? "names USDT probes, which a formula cannot underlie "
				    "(a pid description makes a user-space formula)" : "matches no probe");
			free(idx);
			continue;
		}
		if (nidx > 1) {
			snprintf(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s: %s matches "
				 "%zu probes; a formula names one", file_of(a), a->pos.line, pv->name,
				 name, a->desc, nidx);
			free(idx);
			goto fail;
		}
		const struct dobj_probe *u = &cat->builtin.probes[idx[0]];
		free(idx);
		unsigned fl = u->prov->flags(u);
		if (u->prov->cg_compile || u->prov->cg_epid || u->prov->cg_probe_id ||
		    u->prov->cg_probe_name || (fl & (PROV_F_SHARED | PROV_F_UPROBE | PROV_F_SELF))) {
			strbuf_printf(&why, "the %s provider's probes share programs or are fired by "
				      "the tracer, which a formula cannot underlie", u->prov->name);
			continue;
		}
		if (u->prov->loadable && !u->prov->loadable(u, &why))
			continue;  /* the kernel refuses its programs (fbt where fentry is) */
		*under = *u;
		got = a;
	}
	if (!got)
		snprintf(cat->err, sizeof(cat->err), "%s:%d: formula probe %s:::%s: no alternative "
			 "applies on this system (%s)", file_of(&pr->alts[0]), pr->alts[0].pos.line,
			 pv->name, name, why.s ? why.s : "");
fail:
	err_is_formula = got == NULL;
	free(name);
	strbuf_free(&why);
	return got;
}

static bool in_catalog(const struct bprobes *c, const char *prov, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->probes[i].prov == &prov_formula && strcmp(c->probes[i].provider, prov) == 0 &&
		    strcmp(c->probes[i].name, name) == 0)
			return true;
	return false;
}

/* A description's field: empty matches anything. */
static bool field_match(const char *pattern, const char *s)
{
	return !*pattern || probedesc_glob(pattern, s, false);
}

static int formula_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
			 int nbefore)
{
	if (id != 0)
		return pcat_match_builtin(cat, &prov_formula, d, id, clause);
	const struct dprog *g = cat->formulas;
	if (!g)
		return 0;
	bool listing = clause < 0;
	const struct dprobe *refused = NULL;  /* a none() probe d names, when tracing */
	const struct dprovider *refused_pv = NULL;
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		if (!field_match(d->prov, pv->name) || !field_match(d->mod, "vmlinux") ||
		    !field_match(d->func, ""))
			continue;
		for (int j = 0; j < pv->nprobes; j++) {
			const struct dprobe *pr = &pv->probes[j];
			if (!dprobe_is_formula(pr) || (pr->nalts && dformula_alt_user(&pr->alts[0])))
				continue;  /* a user-space formula's: pid_formula.c */
			char *name = probedesc_display_name(pr->name);
			if (!field_match(d->name, name) || in_catalog(&cat->builtin, pv->name, name)) {
				free(name);
				continue;
			}
			if (pr->none && !listing) {
				/* nothing makes it: a clause never enables it (a glob takes the
				 * others); naming it alone is refused, below */
				if (!refused) {
					refused = pr;
					refused_pv = pv;
				}
				free(name);
				continue;
			}
			if (pr->none) {
				/* listed, with its declared types, as the provider has it */
				struct dobj_probe *p = bprobes_add(&cat->builtin, &prov_formula,
								   "vmlinux", "", name,
								   DOBJ_PROBE_KERNEL);
				free(p->provider);
				p->provider = xstrdup(pv->name);
				struct fprobe *f = bprobes_data(&cat->builtin, p, sizeof(*f));
				*f = (struct fprobe){ .pv = pv, .pr = pr };
				free(name);
				continue;
			}
			struct dobj_probe under;
			const struct dformula_alt *a = choose(cat, pv, pr, &under);
			if (!a && !probedesc_is_glob(d->prov) && *d->prov) {
				free(name);
				return -1;
			}
			if (!a) {
				/* a description that does not name the provider (`:::send`) selects
				 * the probes there are: one no alternative makes here is none, as a
				 * provider dtrace lacks has none */
				cat->err[0] = '\0';
				err_is_formula = false;
				free(name);
				continue;
			}
			struct dobj_probe *p = bprobes_add(&cat->builtin, &prov_formula, "vmlinux", "",
							   name, DOBJ_PROBE_KERNEL);
			free(p->provider);
			p->provider = xstrdup(pv->name);
			struct fprobe *f = bprobes_data(&cat->builtin, p, sizeof(*f));
			*f = (struct fprobe){ under, pv, pr, a };
			free(name);
		}
	}
	int n = pcat_match_builtin(cat, &prov_formula, d, 0, clause);
	/* under -Z (and -l's check of a listed program) a description may match nothing: a
	 * probe nothing can make is then just that */
	if (n == 0 && nbefore == 0 && refused && !cat->zdefs) {
		char *name = probedesc_display_name(refused->name);
		snprintf(cat->err, sizeof(cat->err), "%s:%d: %s:::%s cannot be enabled on this "
			 "system: %s", refused->pos.file ? refused->pos.file : "<library>",
			 refused->pos.line, refused_pv->name, name, refused->none);
		free(name);
		return -1;
	}
	return n;
}

/* Listing: the formula probes d selects, the provider named or not (dtrace -l -n start lists
 * io:::start with proc:::start). */
static void formula_list_provide(struct pcat *cat, const struct probedesc *d)
{
	if (formula_match(cat, d, 0, -1, 0) < 0)
		util_warn("%s", cat->err);
}

static int formula_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
			bool listing, struct prov_args *a)
{
	(void)cat, (void)ctx, (void)listing;
	const struct fprobe *f = fp_of(p);
	int n = f->pr->nargs;
	if (n == 0)
		return -1;
	a->nargs = n;
	a->types = xcalloc((size_t)n, sizeof(*a->types));
	for (int k = 0; k < n; k++)
		a->types[k] = f->pr->args[k].type;
	if (!f->alt)
		return 0;  /* a none() probe: listed only */
	a->expr = xcalloc((size_t)n, sizeof(*a->expr));
	for (int k = 0; k < n; k++)
		a->expr[k] = f->alt->exprs[k];
	if (f->alt->cond) {
		a->guards = xcalloc(1, sizeof(*a->guards));
		a->guards[a->nguards++] = f->alt->cond;
	}
	return 0;
}

/* The alternative's value guard, checked with the clause: the clause is skipped when it is
 * 0 (one test and a jump, in the underlying probe's program). */
static void formula_guard(struct cgc *c, int skip_label)
{
	const struct dformula_alt *a = fp_of(c->probe)->alt;
	if (!a->cond)
		return;
	if (!a->cond->type)
		cgc_fail(c, a->cond, "the guard of the formula at %s:%d was not checked",
			 file_of(a), a->pos.line);
	cgc_eval_int(c, a->cond);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, skip_label);
}

/* ---- the underlying probe's hooks, shown the underlying probe ---- */

static int formula_prog_type(const struct dobj_probe *p)
{
	const struct dobj_probe *u = &fp_of(p)->under;
	return u->prov->prog_type(u);
}

static unsigned formula_flags(const struct dobj_probe *p)
{
	const struct dobj_probe *u = &fp_of(p)->under;
	return u->prov->flags(u);
}

static void formula_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	const struct dobj_probe *u = &fp_of(p)->under;
	if (u->prov->kstack_own)
		u->prov->kstack_own(u, k);
}

static void formula_load_opts(const struct dobj_probe *p, struct bpf_sys_prog_opts *o)
{
	const struct dobj_probe *u = &fp_of(p)->under;
	if (u->prov->load_opts)
		u->prov->load_opts(u, o);
}

static void formula_prologue(struct cgc *c, int out_label)
{
	const struct dobj_probe *self = c->probe, *u = &fp_of(self)->under;
	if (!u->prov->cg_prologue)
		return;
	c->probe = u;
	u->prov->cg_prologue(c, out_label);
	c->probe = self;
}

static void formula_arg(struct cgc *c, int i)
{
	const struct dobj_probe *self = c->probe, *u = &fp_of(self)->under;
	c->probe = u;
	u->prov->cg_arg(c, i);
	c->probe = self;
}

static bool formula_task(struct cgc *c)
{
	const struct dobj_probe *self = c->probe, *u = &fp_of(self)->under;
	if (!u->prov->cg_task)
		return false;
	c->probe = u;
	bool r = u->prov->cg_task(c);
	c->probe = self;
	return r;
}

static void formula_errno(struct cgc *c)
{
	const struct dobj_probe *self = c->probe, *u = &fp_of(self)->under;
	if (!u->prov->cg_errno) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	c->probe = u;
	u->prov->cg_errno(c);
	c->probe = self;
}

/* The underlying provider attaches the program as its own: it reads its probe's entry of the
 * dobj, which shows the underlying probe while it does. */
static int formula_attach(struct prov_run *r, struct dobj_prog *p)
{
	struct dobj_probe *slot = &r->o->probes[p->probe];
	struct dobj_probe self = *slot;
	const struct dobj_probe *u = &fp_of(&self)->under;
	*slot = *u;
	slot->id = self.id;
	int rc = u->prov->attach(r, p);
	*slot = self;
	return rc;
}

/* as DTrace for Linux lists its io provider: private names, evolving arguments */
static const char *const formula_attrs[] = {
	"Private", "Private", "Unknown", "Evolving", "Evolving", "ISA",
};

const struct provider prov_formula = {
	.name = "formula",
	.match = formula_match,
	.args = formula_args,
	.list_provide = formula_list_provide,
	.prog_type = formula_prog_type,
	.flags = formula_flags,
	.kstack_own = formula_kstack_own,
	.load_opts = formula_load_opts,
	.cg_prologue = formula_prologue,
	.cg_arg = formula_arg,
	.cg_task = formula_task,
	.cg_errno = formula_errno,
	.cg_guard = formula_guard,
	.attach = formula_attach,
	.list_attrs = formula_attrs,
};
