/* pcat.c — the probe catalog; see pcat.h. */
#include "pcat.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dparse.h"
#include "kbtf.h"
#include "plist.h"
#include "usdt_spec.h"
#include "util.h"

/* The provider table: a provider is its line here and its extern in provider.h. The order is
 * the order of ids (populate) and of matching. */
static const struct provider *const providers[] = {
	&prov_dtrace, &prov_cpc, &prov_profile, &prov_syscall, &prov_proc, &prov_sched, &prov_usdt,
	&prov_pid, &prov_fbt, &prov_rawtp, &prov_sdt, &prov_formula, &prov_uformula,
};
#define NPROVIDERS (sizeof(providers) / sizeof(providers[0]))

bool pcat_builtin_provider(const char *name)
{
	for (size_t i = 0; i < NPROVIDERS; i++)
		if (providers[i] != &prov_usdt && providers[i] != &prov_pid &&
		    providers[i] != &prov_uformula &&
		    strcmp(providers[i]->name, name) == 0)
			return true;
	return false;
}

bool pcat_names_builtin(const struct pcat *c, const char *name)
{
	if (pcat_builtin_provider(name))
		return true;
	for (int i = 0; c->formulas && i < c->formulas->nprovs; i++) {
		const struct dprovider *pv = &c->formulas->provs[i];
		for (int j = 0; j < pv->nprobes; j++)
			if (dprobe_is_formula(&pv->probes[j]) && strcmp(pv->name, name) == 0)
				return true;
	}
	return false;
}

void pcat_init(struct pcat *c, int nclauses)
{
	memset(c, 0, sizeof(*c));
	bprobes_init(&c->builtin);
	for (size_t i = 0; i < NPROVIDERS; i++)
		if (providers[i]->populate)
			providers[i]->populate(&c->builtin);
	uprov_init(&c->up, 0);
	c->nclauses = nclauses;
	c->clause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->clause_idx));
	c->nclause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->nclause_idx));
	c->clause_stmt = xcalloc((size_t)nclauses + 1, sizeof(*c->clause_stmt));
}

void pcat_list_provide(struct pcat *c, const struct probedesc *d)
{
	for (size_t i = 0; i < NPROVIDERS; i++)
		if (providers[i]->list_provide)
			providers[i]->list_provide(c, d);
}

void pcat_free(struct pcat *c)
{
	for (int i = 0; i < c->nclauses; i++) {
		free(c->clause_idx[i]);
		free(c->clause_stmt[i]);
	}
	free(c->clause_idx);
	free(c->nclause_idx);
	free(c->clause_stmt);
	free(c->udescs);
	bprobes_free(&c->builtin);
	uprov_free(&c->up);
	dwt_cache_free(&c->dwarf);
	memset(c, 0, sizeof(*c));
}

void prov_args_free(struct prov_args *a)
{
	free(a->types);
	free(a->text);
	free(a->native);
	free(a->map);
	free(a->expr);
	free(a->guards);
	if (a->keep)
		dprog_free(a->keep);
	memset(a, 0, sizeof(*a));
}

struct dobj_probe pcat_uprobe(const struct pcat *c, const struct uprov_probe *p)
{
	return (struct dobj_probe){
		.id = p->id, .provider = p->provider, .module = c->up.files[p->file].module,
		.function = p->function, .name = p->name, .prov = p->prov,
		.kind = DOBJ_PROBE_UCLASS, .data = p,
	};
}

/* Whether uprobe p runs clause `clause` as statement stmt (-1: as any of its statements). */
static bool enables(const struct uprov_probe *p, int clause, int stmt)
{
	for (int k = 0; k < p->nclauses; k++)
		if (p->clauses[k] == clause && (stmt < 0 || p->stmts[k] == stmt))
			return true;
	return false;
}

/* Whether args[k] of a and b are made alike: both plain provider arguments, or both the
 * same expressions (printed, with their types) of the same declared types. */
static bool same_making(const struct prov_args *a, const struct prov_args *b)
{
	if (!a->expr != !b->expr)
		return false;
	if (!a->expr)
		return true;
	if (a->nargs != b->nargs)
		return false;
	bool same = true;
	for (int k = 0; k < a->nargs && same; k++) {
		char *x = dnode_sexpr(a->expr[k]), *y = dnode_sexpr(b->expr[k]);
		char *tx = dtype_spell(a->types[k], NULL, false), *ty = dtype_spell(b->types[k], NULL, false);
		same = strcmp(x, y) == 0 && strcmp(tx, ty) == 0;
		free(x), free(y), free(tx), free(ty);
	}
	return same;
}

/* Whether a clause's builtin probes make args[] differently from `first`'s (a formula probe's
 * expressions are not another probe's arguments): only formulas can make them differ. */
static bool formulas_differ(struct pcat *c, int clause, struct dtype_ctx *ctx,
			    const struct prov_args *first)
{
	bool any = first->expr != NULL;
	for (size_t j = 0; j < c->nclause_idx[clause] && !any; j++)
		any = c->builtin.probes[c->clause_idx[clause][j]].prov == &prov_formula;
	if (!any)
		return false;
	bool differ = false;
	for (size_t j = 0; j < c->nclause_idx[clause] && !differ; j++) {
		const struct dobj_probe *p = &c->builtin.probes[c->clause_idx[clause][j]];
		struct prov_args b = { 0 };
		if (!p->prov->args || p->prov->args(c, p, ctx, false, &b) != 0 || !b.types) {
			prov_args_free(&b);
			continue;
		}
		differ = !same_making(first, &b);
		prov_args_free(&b);
	}
	return differ;
}

/* a->guards: the value guards of every probe of the clause (each checked with it), in
 * place of the first probe's own. */
static void clause_guards(struct pcat *c, int clause, struct dtype_ctx *ctx, struct prov_args *a)
{
	free(a->guards);
	a->guards = NULL;
	a->nguards = 0;
	for (size_t j = 0; j < c->nclause_idx[clause]; j++) {
		const struct dobj_probe *p = &c->builtin.probes[c->clause_idx[clause][j]];
		struct prov_args b = { 0 };
		if (p->prov == &prov_formula && p->prov->args(c, p, ctx, false, &b) == 0)
			for (int k = 0; k < b.nguards; k++) {
				a->guards = xrealloc(a->guards, sizeof(*a->guards) *
						     (size_t)(a->nguards + 1));
				a->guards[a->nguards++] = b.guards[k];
			}
		prov_args_free(&b);
	}
}

/* The same for the uprobes after the first (index first) a clause enables, when one of them
 * is a user-space formula's (pid_formula.c): the others must make args[] the same way. */
static bool uprobes_differ(struct pcat *c, int clause, struct dtype_ctx *ctx,
			   const struct prov_args *a, int first)
{
	bool any = a->expr != NULL;
	for (int i = first + 1; i < c->up.nprobes && !any; i++)
		any = enables(&c->up.probes[i], clause, -1) && c->up.probes[i].prov == &prov_uformula;
	if (!any)
		return false;
	for (int i = first + 1; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		if (!enables(p, clause, -1))
			continue;
		struct dobj_probe v = pcat_uprobe(c, p);
		struct prov_args b = { 0 };
		bool same = p->prov->args && p->prov->args(c, &v, ctx, false, &b) == 0 && b.types &&
			    (a->expr != NULL) == (b.expr != NULL) &&
			    (!a->expr || same_making(a, &b));
		prov_args_free(&b);
		if (!same)
			return true;
	}
	return false;
}

/* The arguments of the first probe statement stmt of the clause enables (-1: any of its
 * statements) as its provider gives them: the first uprobe's, else the first builtin probe's
 * with typed arguments. 0 with *uprobe its index in c->up.probes (-1: a builtin probe), or -1
 * when they are untyped (*a empty). */
static int first_args(struct pcat *c, int clause, int stmt, struct dtype_ctx *ctx,
		      struct prov_args *a, int *uprobe)
{
	memset(a, 0, sizeof(*a));
	*uprobe = -1;
	for (int i = 0; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		if (!enables(p, clause, stmt))
			continue;
		struct dobj_probe v = pcat_uprobe(c, p);
		if (p->prov->args && p->prov->args(c, &v, ctx, false, a) == 0 && a->types) {
			*uprobe = i;
			return 0;
		}
		prov_args_free(a);
		return -1;
	}
	for (size_t j = 0; clause < c->nclauses && j < c->nclause_idx[clause]; j++) {
		const struct dobj_probe *p = &c->builtin.probes[c->clause_idx[clause][j]];
		if (!p->prov->args || (stmt >= 0 && c->clause_stmt[clause][j] != stmt))
			continue;
		if (p->prov->args(c, p, ctx, false, a) == 0 && a->types)
			return 0;
		prov_args_free(a);
	}
	return -1;
}

int pcat_clause_args(struct pcat *c, int clause, struct dtype_ctx *ctx, struct prov_args *a)
{
	int uprobe;
	if (first_args(c, clause, -1, ctx, a, &uprobe) != 0)
		return -1;
	/* what the clause's other probes make of args[], and their value guards: the clause's
	 * whole, not its first probe's */
	if (uprobe >= 0) {
		a->differ = uprobes_differ(c, clause, ctx, a, uprobe);
	} else {
		a->differ = formulas_differ(c, clause, ctx, a);
		clause_guards(c, clause, ctx, a);
	}
	return 0;
}

/* Whether a and b (either NULL: untyped) give args[] alike: as many, of the same types
 * (spelled), made the same way. */
static bool same_args(const struct prov_args *a, const struct prov_args *b)
{
	if (!a || !b)
		return !a && !b;
	if (a->nargs != b->nargs || !a->map != !b->map || !same_making(a, b))
		return false;
	bool same = true;
	for (int k = 0; k < a->nargs && same; k++) {
		char *x = dtype_spell(a->types[k], NULL, false), *y = dtype_spell(b->types[k], NULL, false);
		same = strcmp(x, y) == 0 && (!a->map || a->map[k] == b->map[k]);
		free(x), free(y);
	}
	return same;
}

bool pcat_clause_stmts_differ(struct pcat *c, int clause, struct dtype_ctx *ctx)
{
	if (clause < 0 || clause >= c->nclauses)
		return false;
	/* the clause's statements, as the entries that carry them show (one that matched
	 * nothing has none: -Z's D_ARGS_MULTI is the checker's) */
	int lo = INT_MAX, hi = -1;
	for (size_t j = 0; j < c->nclause_idx[clause]; j++) {
		int s = c->clause_stmt[clause][j];
		lo = s < lo ? s : lo, hi = s > hi ? s : hi;
	}
	for (int i = 0; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		for (int k = 0; k < p->nclauses; k++)
			if (p->clauses[k] == clause)
				lo = p->stmts[k] < lo ? p->stmts[k] : lo, hi = p->stmts[k] > hi ? p->stmts[k] : hi;
	}
	if (hi <= lo)
		return false;
	struct prov_args first, b;
	int ignored;
	bool have_first = first_args(c, clause, lo, ctx, &first, &ignored) == 0, differ = false;
	for (int s = lo + 1; s <= hi && !differ; s++) {
		bool have = first_args(c, clause, s, ctx, &b, &ignored) == 0;
		differ = !same_args(have_first ? &first : NULL, have ? &b : NULL);
		prov_args_free(&b);
	}
	prov_args_free(&first);
	return differ;
}

size_t *pcat_clause_formula_split(struct pcat *c, int clause, struct dtype_ctx *ctx, size_t *n)
{
	*n = 0;
	if (clause < 0 || clause >= c->nclauses || c->nclause_idx[clause] < 2)
		return NULL;
	for (int i = 0; i < c->up.nprobes; i++)
		if (enables(&c->up.probes[i], clause, -1))
			return NULL;
	for (size_t j = 0; j < c->nclause_idx[clause]; j++)
		if (c->builtin.probes[c->clause_idx[clause][j]].prov != &prov_formula)
			return NULL;
	const struct dobj_probe *p0 = &c->builtin.probes[c->clause_idx[clause][0]];
	struct prov_args a = { 0 };
	bool differ = p0->prov->args(c, p0, ctx, false, &a) == 0 && a.types &&
		      formulas_differ(c, clause, ctx, &a);
	prov_args_free(&a);
	if (!differ)
		return NULL;
	*n = c->nclause_idx[clause];
	size_t *v = xcalloc(*n, sizeof(*v));
	for (size_t j = 0; j < *n; j++)
		v[j] = (size_t)c->clause_idx[clause][j];
	return v;
}

bool pcat_clause_complete(struct pcat *c, int clause, struct dtype_ctx *ctx, struct dtype *rec)
{
	for (int i = 0; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		const char *why;
		struct dwt_file *f = enables(p, clause, -1)
			? dwt_cache_get(&c->dwarf, c->up.files[p->file].path, &why) : NULL;
		if (!f)
			continue;
		char err[512];
		int rc = dwt_complete(f, ctx, rec, err, sizeof(err));
		if (rc < 0)
			util_warn("%s", err);
		if (rc == 1)
			return true;
	}
	/* not the traced objects': a kernel struct (kbtf.h: vmlinux BTF, read on first need) */
	return kbtf_complete(ctx, rec);
}

int pcat_list(struct plist *L)
{
	int status = 0;
	for (size_t i = 0; i < NPROVIDERS; i++)
		if (providers[i]->list && providers[i]->list(L) != 0)
			status = 1;
	return status;
}

static int probe_id_cmp(const void *a, const void *b)
{
	uint32_t x = (*(const struct uprov_probe *const *)a)->id;
	uint32_t y = (*(const struct uprov_probe *const *)b)->id;
	return (x > y) - (x < y);
}

void pcat_list_uprobes(struct plist *L)
{
	struct uprov *u = &L->cat.up;
	uprov_number(u, L->next_id);
	const struct uprov_probe **order = xcalloc((size_t)u->nprobes + 1, sizeof(*order));
	for (int i = 0; i < u->nprobes; i++)
		order[i] = &u->probes[i];
	qsort(order, (size_t)u->nprobes, sizeof(*order), probe_id_cmp);
	for (int i = 0; i < u->nprobes; i++) {
		struct dobj_probe v = pcat_uprobe(&L->cat, order[i]);
		if (v.prov->list_probe)
			v.prov->list_probe(L, &v);
		else
			plist_probe(L, &v);
	}
	L->next_id = u->next_id;
	free(order);
}

int pcat_match(struct pcat *c, const struct probedesc *d, uint32_t id, int clause)
{
	int n = 0;
	bool in_program = clause >= 0 && clause < c->nclauses;
	size_t before = in_program ? c->nclause_idx[clause] : 0;
	c->err[0] = '\0';
	/* the statement this description will be (below), for the uprobes it enables */
	c->up.stmt = in_program ? c->nstmts : -1;
	for (size_t i = 0; i < NPROVIDERS; i++) {
		int k = providers[i]->match(c, d, id, clause, n);
		if (k < 0)
			return -1;
		n += k;
	}
	if (in_program) {
		/* this description is the next statement; its entries carry its number */
		int stmt = c->nstmts++;
		size_t now = c->nclause_idx[clause];
		c->clause_stmt[clause] = xrealloc(c->clause_stmt[clause],
						  sizeof(int) * (now + 1));
		for (size_t j = before; j < now; j++)
			c->clause_stmt[clause][j] = stmt;
	}
	return n;
}

void pcat_number(struct pcat *c)
{
	uprov_number(&c->up, (uint32_t)c->builtin.n + 1);
}

int pcat_match_builtin(struct pcat *c, const struct provider *p, const struct probedesc *d,
		       uint32_t id, int clause)
{
	int *none = NULL;
	size_t nnone = 0;
	bool listing = clause < 0 || clause >= c->nclauses;
	int n = bprobes_match(&c->builtin, p, d, id, listing ? &none : &c->clause_idx[clause],
			      listing ? &nnone : &c->nclause_idx[clause]);
	free(none);
	return n;
}

void pcat_note_udesc(struct pcat *c, const struct provider *p, const struct probedesc *d,
		     int clause)
{
	if (clause < 0 || clause >= c->nclauses)
		return;
	for (int k = 0; k < c->nudescs; k++)
		if (c->udescs[k].stmt == c->up.stmt)
			return;
	c->udescs = xrealloc(c->udescs, sizeof(*c->udescs) * (size_t)(c->nudescs + 1));
	c->udescs[c->nudescs++] = (struct pcat_udesc){ *d, p, clause, c->up.stmt };
}

/* Add the class running exactly the enablings (clauses, stmts)[0..n), named after (prov, mod,
 * func, name), unless it exists. */
static void add_class(struct pcat_enabled *e, const struct provider *pv, const int *clauses,
		      const int *stmts, int n, const char *prov, const char *mod, const char *func,
		      const char *name, uint32_t id)
{
	for (int c = 0; c < e->nclasses; c++) {
		const struct usdt_class *k = &e->classes[c];
		if (uprov_same_enablings(k->clauses, k->stmts, k->nclauses, clauses, stmts, n))
			return;
	}
	int idx = (int)e->n;
	e->probes = xrealloc(e->probes, sizeof(*e->probes) * (e->n + 1));
	e->probes[e->n++] = (struct dobj_probe){
		.id = id, .provider = (char *)prov, .module = (char *)mod, .function = (char *)func,
		.name = (char *)name, .prov = pv, .kind = DOBJ_PROBE_UCLASS,
	};
	/* a clause listed k times runs k times, in statement order (cg.h) */
	for (int k = 0; k < n; k++) {
		int c = clauses[k];
		e->clause[c] = xrealloc(e->clause[c], sizeof(int) * (e->nclause[c] + 1));
		e->stmt[c] = xrealloc(e->stmt[c], sizeof(int) * (e->nclause[c] + 1));
		e->stmt[c][e->nclause[c]] = stmts[k];
		e->clause[c][e->nclause[c]++] = idx;
	}
	e->classes = xrealloc(e->classes, sizeof(*e->classes) * (size_t)(e->nclasses + 1));
	struct usdt_class *k = &e->classes[e->nclasses++];
	k->prog_probe = idx;
	k->nclauses = n;
	k->clauses = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	k->stmts = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	memcpy(k->clauses, clauses, sizeof(int) * (size_t)n);
	memcpy(k->stmts, stmts, sizeof(int) * (size_t)n);
}

static void add_uprobe_classes(const struct pcat *c, struct pcat_enabled *e)
{
	for (int i = 0; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		add_class(e, p->prov, p->clauses, p->stmts, p->nclauses, p->provider,
			  c->up.files[p->file].module, p->function, p->name, p->id);
	}
	for (int k = 0; k < c->nudescs; k++) {
		const struct pcat_udesc *u = &c->udescs[k];
		add_class(e, u->prov, &u->clause, &u->stmt, 1, u->d.prov, u->d.mod, u->d.func,
			  u->d.name, 0);
	}
	/* where each class's sites known now have their arguments: its program's fast path */
	e->layouts = xcalloc(e->n + 1, sizeof(*e->layouts));
	e->layout = xcalloc((size_t)e->nclasses + 1, sizeof(*e->layout));
	for (int k = 0; k < e->nclasses; k++) {
		usdt_spec_class_layout(&c->up, e->classes[k].clauses, e->classes[k].stmts,
				       e->classes[k].nclauses, e->layout[k]);
		e->layouts[e->classes[k].prog_probe] = e->layout[k];
	}
}

void pcat_enabled(const struct pcat *c, struct pcat_enabled *e)
{
	const struct bprobes *cat = &c->builtin;
	memset(e, 0, sizeof(*e));
	int *map = xcalloc(cat->n + 1, sizeof(int));
	for (size_t i = 0; i < cat->n; i++)
		map[i] = -1;
	e->probes = xcalloc(cat->n + 1, sizeof(*e->probes));
	e->nclauses = c->nclauses;
	e->clause = xcalloc((size_t)c->nclauses + 1, sizeof(*e->clause));
	e->nclause = xcalloc((size_t)c->nclauses + 1, sizeof(*e->nclause));
	e->stmt = xcalloc((size_t)c->nclauses + 1, sizeof(*e->stmt));
	for (int k = 0; k < c->nclauses; k++) {
		e->clause[k] = xcalloc(c->nclause_idx[k] + 1, sizeof(int));
		e->stmt[k] = xcalloc(c->nclause_idx[k] + 1, sizeof(int));
		if (c->nclause_idx[k])
			memcpy(e->stmt[k], c->clause_stmt[k], sizeof(int) * c->nclause_idx[k]);
		e->nclause[k] = c->nclause_idx[k];
		for (size_t j = 0; j < c->nclause_idx[k]; j++) {
			int ci = c->clause_idx[k][j];
			if (map[ci] < 0) {
				map[ci] = (int)e->n;
				e->probes[e->n++] = cat->probes[ci];
			}
			e->clause[k][j] = map[ci];
		}
	}
	free(map);
	add_uprobe_classes(c, e);
}

void pcat_enabled_free(struct pcat_enabled *e)
{
	for (int k = 0; k < e->nclauses; k++) {
		free(e->clause[k]);
		free(e->stmt[k]);
	}
	free(e->clause);
	free(e->stmt);
	free(e->nclause);
	free(e->probes);
	for (int k = 0; k < e->nclasses; k++) {
		free(e->classes[k].clauses);
		free(e->classes[k].stmts);
	}
	free(e->classes);
	free(e->layouts);
	free(e->layout);
	memset(e, 0, sizeof(*e));
}
