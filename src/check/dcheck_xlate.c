/* dcheck_xlate.c — translators: the program's table of `translator` definitions, dtrace's
 * rules for them (libdtrace's dt_node_xlator, dt_cook_xlator, dt_xlator_lookup), and the
 * expansion of translated members into plain expressions (docs/check.md, "Translators"). */
#include "dcheck_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "util.h"

/* Type names as translator messages spell them: as every checker message does (spell()), an
 * anonymous struct by its keyword alone, "struct " (observed: translator member in
 * definition uses incompatible types: "struct " = "int"). */
static const char *sp(struct names *ns, struct dtype *t)
{
	return nm(ns, t);
}

static struct dnode *node(struct ck *ck, enum dnode_kind kind, struct dsrcpos pos)
{
	return dnode_new(&ck->prog->pool, kind, pos);
}

/* --- the table -------------------------------------------------------------------------- */

/* dt_xlator_lookup's first two passes: input and output types the same, typedefs and
 * qualifiers aside. */
static const struct dxl *find_exact(const struct dxl_table *t, struct dtype *in, struct dtype *out)
{
	for (size_t i = 0; i < t->n; i++)
		if (compat_type(t->v[i].in, in) && compat_type(t->v[i].out, out))
			return &t->v[i];
	return NULL;
}

const struct dxl *dxl_lookup(const struct dxl_table *t, const struct dnode *src, struct dtype *dst)
{
	struct dtype *out = res(dst);
	if (out->kind == DTY_PTR)
		out = res(out->base);
	if (out->kind != DTY_STRUCT && out->kind != DTY_UNION)
		return NULL;
	const struct dxl *x = find_exact(t, src->type, out);
	if (x)
		return x;
	/* the third pass: the input could be passed where the translator's input type is
	 * expected (dt_node_is_argcompat with the source on the left, as dtrace asks it) */
	for (size_t i = 0; i < t->n; i++) {
		struct dnode as_in = { .kind = DN_TYPE, .type = t->v[i].in };
		if (compat_type(t->v[i].out, out) && argcompat(src->type, &as_in))
			return &t->v[i];
	}
	return NULL;
}

void dxl_table_free(struct dxl_table *t)
{
	if (!t)
		return;
	free(t->v);
	free(t);
}

/* --- the parameter --------------------------------------------------------------------- */

/* Replaces, in the tree at *slot, every identifier named `param` by what make() returns (a
 * fresh tree each time). Depth is bounded by the parser. */
static void subst(struct dnode **slot, const char *param,
		  struct dnode *(*make)(void *arg, const struct dnode *at), void *arg)
{
	struct dnode *n = *slot;
	if (!n)
		return;
	if (n->kind == DN_IDENT && n->name && strcmp(n->name, param) == 0) {
		struct dnode *r = make(arg, n);
		r->next = n->next;
		*slot = r;
		return;
	}
	subst(&n->lhs, param, make, arg);
	subst(&n->rhs, param, make, arg);
	subst(&n->cond, param, make, arg);
	subst(&n->body, param, make, arg);
	for (struct dnode **a = &n->args; *a; a = &(*a)->next)
		subst(a, param, make, arg);
}

struct placeholder {
	struct ck *ck;
	struct dtype *in;
};

/* While a definition is checked, the parameter is a DN_TYPE node of the input type: an
 * expression with a type and no value, which the checker types as its ctype. */
static struct dnode *make_placeholder(void *arg, const struct dnode *at)
{
	struct placeholder *p = arg;
	struct dnode *n = node(p->ck, DN_TYPE, at->pos);
	n->ctype = p->in;
	return n;
}

/* --- definitions ------------------------------------------------------------------------ */

static void check_member_def(struct ck *ck, struct dnode *def, struct dnode *m,
			     struct dtype *in, struct dtype *out)
{
	struct names ns = {0};
	int64_t off = 0;
	const struct dmember *dm = dtype_member_at(res(out), m->name, &off);
	if (!dm)
		FAILT(ck, def, &ns, D_XLATE_MEMB, "translator member %s is not a member of %s",
			   m->name, sp(&ns, out));
	struct placeholder ph = { ck, in };
	struct dnode *e = copy_tree(ck, m->lhs);
	subst(&e, def->name, make_placeholder, &ph);
	check_expr(ck, e);
	if (!argcompat(dm->type, e))
		FAILT(ck, def, &ns, D_XLATE_INCOMPAT,
		      "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
		      m->name, sp(&ns, dm->type), sp(&ns, e->type));
}

void dxl_define(struct ck *ck, struct dnode *def)
{
	struct dxl_table *t = ck->out->xlators;
	struct dtype *in = def->lhs->ctype, *out = def->ctype;
	struct names ns = {0};
	if (find_exact(t, in, out)) {
		/* a pointer input is spelled to what its typedef'd base names, as dtrace's
		 * declaration made it (observed: from "i_t *" is "struct i *", from "i_t" stays) */
		struct dtype *shown = res(in)->kind == DTY_PTR ?
				      dtype_ptr(ck->tc, res(res(in)->base)) : in;
		FAILT(ck, def, &ns, D_XLATE_REDECL, "translator from %s to %s has already been declared",
			   sp(&ns, shown), sp(&ns, out));
	}
	struct dtype *r = res(out);
	if ((r->kind == DTY_STRUCT || r->kind == DTY_UNION || r->kind == DTY_ENUM) &&
	    (!r->complete || def->ival))
		FAILT(ck, def, &ns, D_XLATE_SOU, "incomplete struct/union/enum %s", sp(&ns, out));
	if (!is_record(out))
		fail_at(ck, def, D_XLATE_SOU, "translator output type must be a struct or union");
	/* in the table before its members are checked, as dtrace creates it first */
	xgrow(&t->v, sizeof(*t->v), &t->cap, t->n + 1);
	t->v[t->n++] = (struct dxl){ def, in, out };
	for (struct dnode *m = def->args; m; m = m->next)
		check_member_def(ck, def, m, in, out);
}

/* --- uses ------------------------------------------------------------------------------- */

/* The DN_XLATE a member access applies to, and whether it reaches it through a pointer
 * (`->`, or `.` after `*`). NULL if n is not a member access of translated data. */
static struct dnode *xlate_of(const struct dnode *n, bool *through_ptr)
{
	if (n->kind != DN_MEMBER || !n->lhs)
		return NULL;
	struct dnode *l = n->lhs;
	bool arrow = n->op == DOP_ARROW;
	if (!arrow && l->kind == DN_UNARY && l->op == DOP_DEREF && l->lhs &&
	    l->lhs->kind == DN_XLATE) {
		*through_ptr = true;
		return l->lhs;
	}
	if (l->kind != DN_XLATE)
		return NULL;
	*through_ptr = arrow;
	return l;
}

bool dxl_is_member(const struct dnode *n)
{
	bool p;
	return xlate_of(n, &p) != NULL;
}

/* Checks the xlate's input (keeping an unchecked copy of it for the expansion) and finds its
 * translator, or fails as dtrace does. */
static const struct dxl *resolve(struct ck *ck, struct dnode *xl, struct dnode **pristine)
{
	if (pristine)
		*pristine = copy_tree(ck, xl->lhs);
	check_expr(ck, xl->lhs);
	const struct dxl *x = dxl_lookup(ck->out->xlators, xl->lhs, xl->ctype);
	if (!x) {
		struct names ns = {0};
		FAILT(ck, xl, &ns, D_XLATE_NONE, "cannot translate from \"%s\" to \"%s\"",
			   sp(&ns, xl->lhs->type), sp(&ns, xl->ctype));
	}
	return x;
}

struct argument {
	struct ck *ck;
	const struct dnode *pristine;   /* the xlate's input, unchecked */
	struct dtype *in;               /* the translator's input type */
	bool cast;                      /* the input's type differs from it */
	bool pristine_integer;          /* the input is of an integer type */
};

static struct dnode *make_argument(void *arg, const struct dnode *at)
{
	struct argument *a = arg;
	struct dnode *e = copy_tree(a->ck, a->pristine);
	if (!a->cast)
		return e;
	struct dnode *c = node(a->ck, DN_CAST, at->pos);
	c->ctype = a->in;
	c->lhs = e;
	/* an integer input is not converted to an integer parameter's type: DTrace for Linux
	 * reads the parameter as the input's value (observed: translator struct o < uint8_t p >
	 * { v = p; } gives xlate <struct o> (i).v == 300 for int i = 300). The Guide names the
	 * parameter the input expression, which agrees. */
	c->uncut = is_integer(a->in) && a->pristine_integer;
	return c;
}

static const struct dnode *member_def(const struct dxl *x, const char *name)
{
	for (const struct dnode *m = x->def->args; m; m = m->next)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

void dxl_member(struct ck *ck, struct dnode *n)
{
	struct dxl_table *t = ck->out->xlators;
	bool through_ptr = false;
	struct dnode *xl = xlate_of(n, &through_ptr);
	struct dnode *pristine = NULL;
	const struct dxl *x = resolve(ck, xl, &pristine);
	bool ptr = res(xl->ctype)->kind == DTY_PTR;
	struct names ns = {0};
	if (ptr && !through_ptr)
		FAILT(ck, n, &ns, D_OP_SOU, "operator %s cannot be applied to type \"%s\"; must be "
			   "applied to a struct or union", dop_text(n->op), sp(&ns, xl->ctype));
	if (!ptr && through_ptr) {
		if (n->lhs != xl)
			fail_at(ck, n->lhs, D_DEREF_NONPTR, "cannot dereference non-pointer type");
		fail_at(ck, n, D_OP_PTR, "operator %s must be applied to a pointer", dop_text(n->op));
	}
	const struct dnode *m = member_def(x, n->name);
	if (!m)
		fail_at(ck, n, D_XLATE_NOCONV, "translator does not define conversion for member: %s",
		      n->name);
	if (t->depth >= DXL_MAX_DEPTH)
		fail_at(ck, n, D_UNKNOWN, "translation of member %s is nested too deeply (more than %d "
		      "translations within each other)", n->name, DXL_MAX_DEPTH);
	int64_t off = 0;
	const struct dmember *dm = dtype_member_at(res(x->out), n->name, &off);
	struct argument a = { ck, pristine, x->in, !compat_type(xl->lhs->type, x->in),
			      is_integer(xl->lhs->type) };
	struct dnode *e = copy_tree(ck, m->lhs);
	subst(&e, x->def->name, make_argument, &a);
	bool arrow = n->op == DOP_ARROW;
	/* n becomes (member type) expansion: a value, not an lvalue, like dtrace's */
	free(n->name);
	n->name = NULL;
	n->op = DOP_NONE;
	n->kind = DN_CAST;
	n->ctype = dm->type;
	n->lhs = e;
	n->xlated = true;
	t->depth++;
	check_expr(ck, n);
	t->depth--;
	/* (dtrace's -> on a pointer to translated data names memory it made, not writable:
	 * curpsinfo->pr_pid = 1 is "operator = can only be applied to a writable variable";
	 * (*curpsinfo).pr_pid stays a value: "requires modifiable lvalue") */
	n->xlate_lvalue = arrow;
}

/* `lp.name = value` over a fresh copy of the (unchecked) target. */
static struct dnode *member_store(struct ck *ck, const struct dnode *at,
				  const struct dnode *lp, const char *name, struct dnode *value)
{
	struct dnode *m = node(ck, DN_MEMBER, at->pos);
	m->op = DOP_DOT;
	m->lhs = copy_tree(ck, lp);
	m->name = xstrdup(name);
	struct dnode *a = node(ck, DN_ASSIGN, at->pos);
	a->op = DOP_ASSIGN;
	a->lhs = m;
	a->rhs = value;
	return a;
}

/* The value of one member in a whole translation: the translated member, 0 for a scalar of a
 * struct the translator leaves out, NULL for anything else it leaves out. */
static struct dnode *member_value(struct ck *ck, const struct dxl *x,
				  const struct dnode *xl, const struct dnode *input,
				  const struct dmember *dm)
{
	if (member_def(x, dm->name)) {
		struct dnode *tx = node(ck, DN_XLATE, xl->pos);
		tx->ctype = xl->ctype;
		tx->lhs = copy_tree(ck, input);
		struct dnode *m = node(ck, DN_MEMBER, xl->pos);
		m->op = DOP_DOT;
		m->lhs = tx;
		m->name = xstrdup(dm->name);
		return m;
	}
	enum dtype_kind k = res(dm->type)->kind;
	if (res(x->out)->kind == DTY_UNION)
		return NULL;  /* its members overlap: zeroing one would undo another */
	if (k == DTY_ARRAY || k == DTY_STRUCT || k == DTY_UNION || k == DTY_STRING ||
	    k == DTY_FLOAT || k == DTY_DOUBLE || k == DTY_LDOUBLE || dm->bit_width >= 0)
		return NULL;
	return node(ck, DN_INT, xl->pos);
}

/* n becomes e (its own `next` and pool link kept: it may sit in a list), and is checked. */
static void take_place_and_check(struct ck *ck, struct dnode *n, struct dnode *e)
{
	struct dnode *keep_next = n->next, *keep_pool = n->pool_next;
	struct dnode saved = *e;
	*n = saved;
	n->next = keep_next;
	n->pool_next = keep_pool;
	e->name = NULL;
	e->str = NULL;
	check_expr(ck, n);
}

/* The target of `l = xlate <T *> (e)` as dtrace's message spells it: the type of a variable
 * that has one, else its kind, "scalar" or "associative array" (dtrace -n 'BEGIN { x =
 * xlate <struct o *> (p); }': "scalar" = "pointer to translated data"; with int x declared:
 * "int" = ...). */
static const char *target_spelling(struct ck *ck, struct names *ns, struct dnode *l)
{
	struct dnode *v = l->kind == DN_INDEX ? l->lhs : l;
	char space = v->kind == DN_SELF ? 's' : v->kind == DN_THIS ? 't' : 'g';
	if (v->kind == DN_IDENT || v->kind == DN_SELF || v->kind == DN_THIS) {
		struct dck_var *var = var_find(ck, space, v->name);
		if (var && var->type)
			return sp(ns, var->type);
		if (!var)
			return l->kind == DN_INDEX ? "associative array" : "scalar";
	}
	check_expr(ck, l);
	return sp(ns, l->type);
}

void dxl_assign(struct ck *ck, struct dnode *n, bool named)
{
	struct dnode *xl = n->rhs, *input = NULL;
	const struct dxl *x = resolve(ck, xl, &input);
	if (res(xl->ctype)->kind == DTY_PTR && !named) {
		/* a pointer to translated data is of dtrace's dynamic type: no variable holds it */
		struct names ns = {0};
		const char *l = target_spelling(ck, &ns, n->lhs);
		FAILT(ck, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" = "
		      "\"pointer to translated data\"", l);
	}
	/* the target, typed (as a new variable of the output type if it is one) */
	struct dnode *lp = copy_tree(ck, n->lhs);
	struct dnode *as_out = node(ck, DN_TYPE, xl->pos);
	as_out->ctype = xl->ctype;
	check_expr(ck, as_out);
	check_assign_target(ck, n->lhs, as_out);
	if (res(xl->ctype)->kind == DTY_PTR) {
		/* a translated pointer is of dtrace's dynamic type: no variable holds it */
		struct names ns = {0};
		FAILT(ck, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" = "
		      "\"pointer to translated data\"", sp(&ns, n->lhs->type));
	}
	if (!compat_type(n->lhs->type, x->out)) {
		struct names ns = {0};
		FAILT(ck, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" = \"%s\"",
			   sp(&ns, n->lhs->type), sp(&ns, xl->ctype));
	}
	struct dnode *chain = NULL;
	struct dtype *r = res(x->out);
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *dm = &r->members[i];
		struct dnode *v = dm->name ? member_value(ck, x, xl, input, dm) : NULL;
		if (!v)
			continue;
		struct dnode *a = member_store(ck, n, lp, dm->name, v);
		if (!chain) {
			chain = a;
			continue;
		}
		struct dnode *c = node(ck, DN_COMMA, n->pos);
		c->lhs = chain;
		c->rhs = a;
		chain = c;
	}
	if (!chain)
		dxl_value(ck, xl);
	take_place_and_check(ck, n, chain);
}

/* The node chain a, b joined by a comma (a alone when b is NULL). */
static struct dnode *comma(struct ck *ck, struct dnode *a, struct dnode *b)
{
	if (!a)
		return b;
	struct dnode *c = node(ck, DN_COMMA, a->pos);
	c->lhs = a;
	c->rhs = b;
	return c;
}

static struct dnode *this_var(struct ck *ck, const struct dnode *at, const char *name)
{
	struct dnode *v = node(ck, DN_THIS, at->pos);
	v->name = xstrdup(name);
	return v;
}

/* Whether every member the translator defines is a scalar, which one store copies (strings
 * and arrays would need a copy the code generator does not make into scratch memory). */
static bool scalar_members(const struct dxl *x)
{
	struct dtype *r = res(x->out);
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *dm = &r->members[i];
		if (!dm->name || !member_def(x, dm->name))
			continue;
		enum dtype_kind k = res(dm->type)->kind;
		if (k == DTY_ARRAY || k == DTY_STRUCT || k == DTY_UNION || k == DTY_STRING ||
		    dm->bit_width >= 0)
			return false;
	}
	return true;
}

void dxl_materialize(struct ck *ck, struct dnode *n, const char *tmp)
{
	struct dnode *input = NULL;
	const struct dxl *x = resolve(ck, n, &input);
	struct dtype *ptr = n->ctype;
	if (!scalar_members(x)) {
		/* a translation that cannot be laid out whole (psinfo_t's strings) used as a
		 * pointer is its input's address, as DTrace for Linux gives it (observed:
		 * printf("%p", curpsinfo) prints curthread, /curpsinfo/ holds, (long)curpsinfo is
		 * curthread's address); typed void * so that no member is read through it */
		struct dnode *cast = node(ck, DN_CAST, n->pos);
		cast->ctype = dtype_ptr(ck->tc, ck->tc->t_void);
		cast->lhs = input;
		take_place_and_check(ck, n, cast);
		return;
	}
	/* this->tmp = (T *)alloca(sizeof (T)) */
	struct dnode *sz = node(ck, DN_SIZEOF_TYPE, n->pos);
	sz->ctype = x->out;
	struct dnode *call = node(ck, DN_CALL, n->pos);
	call->name = xstrdup("alloca");
	call->args = sz;
	struct dnode *cast = node(ck, DN_CAST, n->pos);
	cast->ctype = ptr;
	cast->lhs = call;
	struct dnode *chain = node(ck, DN_ASSIGN, n->pos);
	chain->op = DOP_ASSIGN;
	chain->lhs = this_var(ck, n, tmp);
	chain->rhs = cast;
	/* this->tmp->m = xlate <T> (input).m, for each member the translation gives a value */
	struct dnode as_struct = *n;
	as_struct.ctype = x->out;
	struct dtype *r = res(x->out);
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *dm = &r->members[i];
		struct dnode *v = dm->name ? member_value(ck, x, &as_struct, input, dm) : NULL;
		if (!v)
			continue;
		struct dnode *m = node(ck, DN_MEMBER, n->pos);
		m->op = DOP_ARROW;
		m->lhs = this_var(ck, n, tmp);
		m->name = xstrdup(dm->name);
		struct dnode *a = node(ck, DN_ASSIGN, n->pos);
		a->op = DOP_ASSIGN;
		a->lhs = m;
		a->rhs = v;
		chain = comma(ck, chain, a);
	}
	chain = comma(ck, chain, this_var(ck, n, tmp));
	take_place_and_check(ck, n, chain);
}

_Noreturn void dxl_cast(struct ck *ck, struct dnode *cast)
{
	struct dnode *xl = cast->lhs;
	resolve(ck, xl, NULL);
	bool ptr = res(xl->ctype)->kind == DTY_PTR;
	struct names ns = {0};
	/* reported at the translation's line, which is where dtrace's cast node is built too */
	FAILT(ck, xl, &ns, D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"",
		   ptr ? "pointer to translated data" : "translated data", sp(&ns, cast->ctype));
}

void dxl_resolve(struct ck *ck, struct dnode *xl)
{
	resolve(ck, xl, NULL);
}

_Noreturn void dxl_value(struct ck *ck, struct dnode *n)
{
	resolve(ck, n, NULL);
	struct names ns = {0};
	FAILT(ck, n, &ns, D_UNKNOWN, "translated data can only be used through its members in "
		   "usdtrace: xlate < %s > ( ... ) must be followed by %s and a member name",
		   sp(&ns, n->ctype), res(n->ctype)->kind == DTY_PTR ? "->" : ".");
}
