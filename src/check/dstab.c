/* dstab.c — statement stability attributes; see dstab.h. */
#include "dstab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dast.h"
#include "dtype.h"
#include "util.h"

static const struct pattr stable_common = { PATTR_STABLE, PATTR_STABLE, PATTR_COMMON };

/* An inline the walk has met, with what its uses weigh. */
struct inl {
	const char *name;
	struct pattr attr;
	bool isconst;             /* an integer constant: its uses are that constant */
};

struct walk {
	const struct dprog *g;
	struct inl *inl;
	size_t ninl, capinl;
	const struct dnode *xlators[256];  /* the program's translators, in order */
	int nxlators;
	bool busy[256];               /* xlators[i]'s members are being walked (one that
				       * translates to its own type counts once) */
	const struct dnode *params;   /* the names that are parameters here (DN_TYPE list), or */
	const char *param;            /* one name (a translator's input), or NULL */
	bool in_clause;               /* probe variables name the clause's probe */
	unsigned fields;              /* the probe fields the clause read (dstab_clause) */
	/* dstab_floor: the floor, the clause's probe provider, and the first part found below
	 * it (dtrace reports the first node it gives attributes below the floor) */
	bool check;
	struct pattr floor;
	const struct pattr_table *prov;
	const struct dnode *bad;
	struct pattr bad_attr;
	char bad_name[160];
};

static bool below(struct pattr a, struct pattr floor)
{
	return a.name < floor.name || a.data < floor.data || a.dep < floor.dep;
}

/* Part n (named as dtrace's dt_node_name names it) has attributes a: the first one below the
 * floor is the error. */
static void part(struct walk *w, const struct dnode *n, struct pattr a, const char *fmt,
		 const char *name)
{
	if (!w->check || w->bad || !below(a, w->floor))
		return;
	w->bad = n;
	w->bad_attr = a;
	snprintf(w->bad_name, sizeof(w->bad_name), fmt, name);
}

/* dtrace's subroutines whose attributes are Evolving / Evolving / Common; the others, and
 * every action and aggregating function, are Stable / Stable / Common. */
static bool evolving_function(const char *name)
{
	static const char *const names[] = {
		"d_path", "ddi_pathname", "getmajor", "getminor", "htonl", "htonll", "htons",
		"ntohl", "ntohll", "ntohs", "mutex_owned", "mutex_owner", "mutex_type_adaptive",
		"mutex_type_spin", "rw_iswriter", "rw_read_held", "rw_write_held",
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return true;
	return false;
}

/* The probe field a built-in variable names (PATTR_PROVIDER .. PATTR_NAME), or -1. */
static int probe_field(const char *name)
{
	static const char *const names[] = { "probeprov", "probemod", "probefunc", "probename" };
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0)
			return PATTR_PROVIDER + i;
	return -1;
}

static struct pattr from_dattr(const struct dattr *d)
{
	struct pattr a = stable_common;
	for (int s = PATTR_INTERNAL; s <= PATTR_STANDARD; s++) {
		if (strcmp(d->name_stability, pattr_stability_name(s)) == 0)
			a.name = s;
		if (strcmp(d->data_stability, pattr_stability_name(s)) == 0)
			a.data = s;
	}
	for (int c = PATTR_UNKNOWN; c <= PATTR_COMMON; c++)
		if (strcmp(d->dep_class, pattr_class_name(c)) == 0)
			a.dep = c;
	return a;
}

/* The attributes `#pragma D attributes` last gave name, skipping those given before an
 * inline's definition (which the definition replaces) when for_inline. */
static bool pragma_attr(const struct walk *w, const char *name, bool for_inline, struct pattr *out)
{
	bool found = false;
	for (int i = 0; i < w->g->nident_attrs; i++) {
		const struct dident_attr *d = &w->g->ident_attrs[i];
		if (strcmp(d->name, name) != 0 || (for_inline && d->before))
			continue;
		*out = from_dattr(&d->attr);
		found = true;
	}
	return found;
}

static const struct inl *inline_of(const struct walk *w, const char *name)
{
	for (size_t i = w->ninl; i-- > 0;)
		if (strcmp(w->inl[i].name, name) == 0)
			return &w->inl[i];
	return NULL;
}

/* (the program's scope only: a wider look-up would ask the kernel's types for the name) */
static bool is_enumerator(const struct walk *w, const char *name)
{
	struct dscope_ent *e = w->g->types ? dscope_find(w->g->types, name, DSYM_ENUMCONST, true)
					   : NULL;
	return e && e->kind == DSYM_ENUMCONST;
}

static bool is_param(const struct walk *w, const char *name)
{
	if (w->param && strcmp(w->param, name) == 0)
		return true;
	for (const struct dnode *p = w->params; p; p = p->next)
		if (p->name && strcmp(p->name, name) == 0)
			return true;
	return false;
}

/* Whether n is an integer constant expression, which dtrace folds to a constant: what an
 * inline of it weighs wherever it is used is a constant's. */
static bool is_const(const struct walk *w, const struct dnode *n)
{
	switch (n->kind) {
	case DN_INT:
	case DN_SIZEOF_TYPE:
	case DN_OFFSETOF:
		return true;
	case DN_UNARY:
		return (n->op == DOP_NEG || n->op == DOP_PLUS || n->op == DOP_LNOT ||
			n->op == DOP_BNOT) && is_const(w, n->lhs);
	case DN_BINARY:
		return is_const(w, n->lhs) && is_const(w, n->rhs);
	case DN_COND:
		return is_const(w, n->cond) && is_const(w, n->lhs) && is_const(w, n->rhs);
	case DN_CAST:
		return is_const(w, n->lhs);
	case DN_IDENT: {
		if (is_enumerator(w, n->name))
			return true;
		const struct inl *in = inline_of(w, n->name);
		return in && in->isconst;
	}
	default:
		return false;
	}
}

static struct pattr walk(struct walk *w, const struct dnode *n);

static struct pattr walk_list(struct walk *w, const struct dnode *n)
{
	struct pattr a = stable_common;
	for (; n; n = n->next)
		a = pattr_min(a, walk(w, n));
	return a;
}

/* The translator attributes of `xlate <T> (...)`: the minimum over every member of each
 * translator to T (the input's type is not known before type checking; the library has one
 * translator to most types, and those to the same type are alike). */
static struct pattr xlator_attr(struct walk *w, const struct dtype *written)
{
	const struct dtype *t = dtype_resolve((struct dtype *)written);
	if (t && t->kind == DTY_PTR)
		t = dtype_resolve(t->base);
	struct pattr a = stable_common;
	for (int i = 0; i < w->nxlators; i++) {
		const struct dnode *x = w->xlators[i];
		if (!t || dtype_resolve(x->ctype) != t || w->busy[i])
			continue;
		w->busy[i] = true;
		const char *was = w->param;
		const struct dnode *was_params = w->params;
		bool was_clause = w->in_clause;
		bool was_check = w->check;
		w->param = x->name;
		w->params = NULL;
		w->in_clause = false;
		w->check = false;  /* (its definition was checked where it stands) */
		for (const struct dnode *m = x->args; m; m = m->next)
			if (m->lhs)
				a = pattr_min(a, walk(w, m->lhs));
		w->param = was;
		w->params = was_params;
		w->in_clause = was_clause;
		w->check = was_check;
		w->busy[i] = false;
	}
	return a;
}

static struct pattr ident_attr(struct walk *w, const char *name)
{
	if (is_param(w, name))
		return stable_common;
	if (strchr(name, '`'))
		return (struct pattr){ PATTR_PRIVATE, PATTR_PRIVATE, PATTR_UNKNOWN };
	if (strcmp(name, "curthread") == 0)
		return (struct pattr){ PATTR_STABLE, PATTR_PRIVATE, PATTR_COMMON };
	int f = probe_field(name);
	if (f >= 0) {
		/* outside a clause (an inline's definition) they name no probe: dtrace gives them
		 * Stable there */
		if (!w->in_clause)
			return stable_common;
		w->fields |= 1u << f;
		return w->prov ? w->prov->f[f] : stable_common;
	}
	const struct inl *in = inline_of(w, name);
	if (in)
		return in->isconst ? stable_common : in->attr;
	if (is_enumerator(w, name))
		return stable_common;
	struct pattr a;
	return pragma_attr(w, name, false, &a) ? a : stable_common;
}

static struct pattr walk_ident(struct walk *w, const struct dnode *n)
{
	if (!n->name)
		return stable_common;
	/* (without a provider, the probe variables' part is dstab_statement's) */
	struct pattr a = ident_attr(w, n->name);
	part(w, n, a, strchr(n->name, '`') ? "symbol %s" : "scalar %s", n->name);
	return a;
}

static struct pattr walk(struct walk *w, const struct dnode *n)
{
	if (!n)
		return stable_common;
	switch (n->kind) {
	case DN_INT: case DN_STRING: case DN_MACRO: case DN_SELF: case DN_THIS:
	case DN_SIZEOF_TYPE: case DN_OFFSETOF: case DN_EMPTY: case DN_TYPE:
		return stable_common;
	case DN_IDENT:
		return walk_ident(w, n);
	case DN_INDEX:
		if (n->lhs && n->lhs->kind == DN_IDENT && n->lhs->name &&
		    !is_param(w, n->lhs->name) && strcmp(n->lhs->name, "args") == 0) {
			struct pattr a = walk_list(w, n->args);
			if (!w->in_clause)
				return a;
			w->fields |= 1u << PATTR_ARGS;
			if (!w->prov)
				return a;
			part(w, n, w->prov->f[PATTR_ARGS], "array %s", "args");
			return pattr_min(a, w->prov->f[PATTR_ARGS]);
		}
		{
			struct pattr a = walk(w, n->lhs);
			return pattr_min(a, walk_list(w, n->args));
		}
	case DN_CALL: {
		struct pattr a = walk_list(w, n->args);
		if (n->name && evolving_function(n->name)) {
			struct pattr f = { PATTR_EVOLVING, PATTR_EVOLVING, PATTR_COMMON };
			part(w, n, f, "function %s( )", n->name);
			a = pattr_min(a, f);
		}
		return a;
	}
	case DN_AGG:
		return walk_list(w, n->args);
	case DN_ASSIGN:
		/* @k[...] = f(x): the keys weigh, not the aggregating function's arguments (dtrace
		 * -v: @[curthread] = count() is Stable / Private, @ = sum(curthread->pid) Stable),
		 * though they are checked against a floor as any expression */
		if (n->lhs && n->lhs->kind == DN_AGG) {
			struct pattr a = walk(w, n->lhs);
			if (w->check)
				(void)walk(w, n->rhs);
			return a;
		}
		{
			struct pattr a = walk(w, n->lhs);
			return pattr_min(a, walk(w, n->rhs));
		}
	case DN_COND: {
		struct pattr a = walk(w, n->cond);
		a = pattr_min(a, walk(w, n->lhs));
		return pattr_min(a, walk(w, n->rhs));
	}
	case DN_XLATE: {
		struct pattr a = walk(w, n->lhs);
		struct pattr x = xlator_attr(w, n->ctype);
		part(w, n, x, "operator %s", "xlate");
		return pattr_min(a, x);
	}
	default: {
		/* in source order, one after the other: the first part below a floor is the
		 * leftmost */
		struct pattr a = walk(w, n->lhs);
		a = pattr_min(a, walk(w, n->rhs));
		a = pattr_min(a, walk(w, n->cond));
		a = pattr_min(a, walk(w, n->body));
		return pattr_min(a, walk_list(w, n->args));
	}
	}
}

/* An inline's definition: its value's attributes, or its pragma's after it. */
static void define_inline(struct walk *w, const struct dnode *def)
{
	w->prov = NULL;
	if (!def->name || !def->lhs)
		return;
	w->params = def->args;
	w->in_clause = false;
	struct inl in = { def->name, pattr_min(stable_common, walk(w, def->lhs)), is_const(w, def->lhs) };
	w->params = NULL;
	struct pattr p;
	if (pragma_attr(w, def->name, true, &p))
		in.attr = p;
	xgrow(&w->inl, sizeof(*w->inl), &w->capinl, w->ninl + 1);
	w->inl[w->ninl++] = in;
}

/* w->xlators: the program's translators, in order (the first 256). */
static void note_translators(struct walk *w)
{
	for (const struct dnode *it = w->g->items; it; it = it->next)
		if (it->kind == DN_TRANSLATOR &&
		    w->nxlators < (int)(sizeof(w->xlators) / sizeof(w->xlators[0])))
			w->xlators[w->nxlators++] = it;
}

void dstab_program(const struct dprog *g, struct dstab_clause *out, int nout)
{
	struct walk w = { .g = g };
	note_translators(&w);
	int c = 0;
	for (const struct dnode *it = g->items; it; it = it->next) {
		if (it->kind == DN_INLINE) {
			define_inline(&w, it);
			continue;
		}
		if (it->kind != DN_CLAUSE)
			continue;
		if (c >= nout)
			break;
		w.fields = 0;
		w.in_clause = true;
		struct pattr a = pattr_min(walk(&w, it->cond), walk(&w, it->body));
		out[c++] = (struct dstab_clause){ pattr_min(stable_common, a), w.fields };
	}
	free(w.inl);
}

struct pattr dstab_statement(const struct dstab_clause *c, const struct pattr_table *t)
{
	struct pattr a = c->attr;
	for (int f = PATTR_PROVIDER; f <= PATTR_ARGS; f++)
		if (c->probe_fields & (1u << f))
			a = pattr_min(a, t->f[f]);
	return a;
}

static void floor_error(const struct walk *w, const struct dsrcpos *file, int line,
			enum derr_region region, int clause, struct derr *err)
{
	struct pattr a = w->bad_attr;
	derr_set(err, D_ATTR_MIN, "attributes for %s (%s/%s/%s) are less than predefined minimum",
		 w->bad_name, pattr_stability_name(a.name), pattr_stability_name(a.data),
		 pattr_class_name(a.dep));
	if (file && file->tagged)
		derr_locate(err, DERR_AT_FILETAG, file->file, line, 0);
	else
		derr_locate(err, DERR_AT_LINE, NULL, line, 0);
	if (err) {
		err->region = region;
		err->clause = clause;
	}
}

/* The definitions (inlines, translators) of g's own items, as dtrace cooks them where they
 * stand; 0, or -1 with the error. */
static int floor_definitions(struct walk *w, struct derr *err)
{
	for (const struct dnode *it = w->g->items; it; it = it->next) {
		w->check = !it->library;  /* the libraries were compiled before the floor */
		if (it->kind == DN_INLINE) {
			define_inline(w, it);
		} else if (it->kind == DN_TRANSLATOR && w->check) {
			w->param = it->name;
			w->in_clause = false;
			w->prov = NULL;
			for (const struct dnode *m = it->args; m && !w->bad; m = m->next)
				(void)walk(w, m->lhs);
			w->param = NULL;
		}
		if (w->bad) {
			floor_error(w, &w->bad->pos, w->bad->pos.line, DERR_REGION_NONE, -1, err);
			return -1;
		}
	}
	return 0;
}

int dstab_floor(const struct dprog *g, struct pattr floor, const struct dstab_desc *descs,
		int ndescs, struct derr *err)
{
	struct walk w = { .g = g, .floor = floor };
	note_translators(&w);
	int rc = floor_definitions(&w, err);
	/* then the clauses, once the whole program is read: for each description, the
	 * description's own attributes (the clause's, at its closing brace), its actions, its
	 * predicate */
	int c = 0;
	for (const struct dnode *it = g->items; it && rc == 0; it = it->next) {
		if (it->kind != DN_CLAUSE)
			continue;
		const struct dsrcpos *file = it->eof.file ? &it->eof : &it->pos;
		for (int k = 0; k < ndescs && rc == 0; k++) {
			if (descs[k].clause != c)
				continue;
			w.check = true;
			if (below(descs[k].attr, floor)) {
				w.bad = it;
				w.bad_attr = descs[k].attr;
				snprintf(w.bad_name, sizeof(w.bad_name), "clause");
				floor_error(&w, file, it->body ? it->body->end_line : it->pos.line,
					    DERR_REGION_NONE, c, err);
				rc = -1;
				break;
			}
			w.prov = descs[k].prov;
			w.in_clause = true;
			(void)walk(&w, it->body);
			enum derr_region region = DERR_REGION_ACTIONS;
			if (!w.bad) {
				(void)walk(&w, it->cond);
				region = DERR_REGION_PREDICATE;
			}
			if (w.bad) {
				floor_error(&w, file, w.bad->pos.line, region, c, err);
				rc = -1;
			}
		}
		c++;
	}
	free(w.inl);
	return rc;
}
