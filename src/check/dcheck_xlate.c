/* dcheck_xlate.c — see dcheck_xlate.h. */
#include "dcheck_xlate.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "util.h"

static struct dtype *res(struct dtype *t) { return dtype_resolve(t); }

static bool is_record(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_STRUCT || k == DTY_UNION;
}

static _Noreturn void die(const struct dxl_ops *ops, const struct dnode *at, enum dtag tag,
			  const char *msg)
{
	ops->fail(ops->ck, at, tag, msg);
	abort();  /* not reached: fail jumps out */
}

static _Noreturn void failf(const struct dxl_ops *ops, const struct dnode *at, enum dtag tag,
			    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static _Noreturn void failf(const struct dxl_ops *ops, const struct dnode *at, enum dtag tag,
			    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	die(ops, at, tag, msg);
}

struct spelled {
	char *s[3];
	int n;
};
static const char *sp(struct spelled *s, struct dtype *t)
{
	return s->s[s->n++] = dtype_spell(t, NULL, false);
}

/* A message with type names in it (spelled as D spells them, freed once it is built). */
#define FAIL_NAMES(ops, at, tag, names, ...) do { char m_[1024]; \
	snprintf(m_, sizeof(m_), __VA_ARGS__); \
	for (int i_ = 0; i_ < (names)->n; i_++) free((names)->s[i_]); \
	die(ops, at, tag, m_); } while (0)

/* --- the table -------------------------------------------------------------------------- */

/* dt_xlator_lookup's first two passes: input and output types the same, typedefs and
 * qualifiers aside. */
static const struct dxl *find_exact(const struct dxl_table *t, const struct dxl_ops *ops,
				    struct dtype *in, struct dtype *out)
{
	for (size_t i = 0; i < t->n; i++)
		if (ops->compat(t->v[i].in, in) && ops->compat(t->v[i].out, out))
			return &t->v[i];
	return NULL;
}

const struct dxl *dxl_lookup(const struct dxl_table *t, const struct dxl_ops *ops,
			     const struct dnode *src, struct dtype *dst)
{
	struct dtype *out = res(dst);
	if (out->kind == DTY_PTR)
		out = res(out->base);
	if (out->kind != DTY_STRUCT && out->kind != DTY_UNION)
		return NULL;
	const struct dxl *x = find_exact(t, ops, src->type, out);
	if (x)
		return x;
	/* the third pass: the input could be passed where the translator's input type is
	 * expected (dt_node_is_argcompat with the source on the left, as dtrace asks it) */
	for (size_t i = 0; i < t->n; i++) {
		struct dnode as_in = { .kind = DN_TYPE, .type = t->v[i].in };
		if (ops->compat(t->v[i].out, out) && ops->assignable(src->type, &as_in))
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
	const struct dxl_ops *ops;
	struct dtype *in;
};

/* While a definition is checked, the parameter is a DN_TYPE node of the input type: an
 * expression with a type and no value, which the checker types as its ctype. */
static struct dnode *make_placeholder(void *arg, const struct dnode *at)
{
	struct placeholder *p = arg;
	struct dnode *n = p->ops->node(p->ops->ck, DN_TYPE, at->pos);
	n->ctype = p->in;
	return n;
}

/* --- definitions ------------------------------------------------------------------------ */

static void check_member_def(const struct dxl_ops *ops, struct dnode *def, struct dnode *m,
			     struct dtype *in, struct dtype *out)
{
	struct spelled ns = {0};
	int64_t off = 0;
	const struct dmember *dm = dtype_member_at(res(out), m->name, &off);
	if (!dm)
		FAIL_NAMES(ops, def, D_XLATE_MEMB, &ns, "translator member %s is not a member of %s",
			   m->name, sp(&ns, out));
	struct placeholder ph = { ops, in };
	struct dnode *e = ops->copy(ops->ck, m->lhs);
	subst(&e, def->name, make_placeholder, &ph);
	ops->check_expr(ops->ck, e);
	if (!ops->assignable(dm->type, e))
		FAIL_NAMES(ops, def, D_XLATE_INCOMPAT, &ns,
			   "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
			   m->name, sp(&ns, dm->type), sp(&ns, e->type));
}

void dxl_define(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *def)
{
	struct dtype *in = def->lhs->ctype, *out = def->ctype;
	struct spelled ns = {0};
	if (find_exact(t, ops, in, out))
		FAIL_NAMES(ops, def, D_XLATE_REDECL, &ns, "translator from %s to %s has already been declared",
			   sp(&ns, in), sp(&ns, out));
	struct dtype *r = res(out);
	if ((r->kind == DTY_STRUCT || r->kind == DTY_UNION || r->kind == DTY_ENUM) &&
	    (!r->complete || def->ival))
		FAIL_NAMES(ops, def, D_XLATE_SOU, &ns, "incomplete struct/union/enum %s", sp(&ns, out));
	if (!is_record(out))
		failf(ops, def, D_XLATE_SOU, "translator output type must be a struct or union");
	/* in the table before its members are checked, as dtrace creates it first */
	xgrow(&t->v, sizeof(*t->v), &t->cap, t->n + 1);
	t->v[t->n++] = (struct dxl){ def, in, out };
	for (struct dnode *m = def->args; m; m = m->next)
		check_member_def(ops, def, m, in, out);
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
static const struct dxl *resolve(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *xl,
				 struct dnode **pristine)
{
	if (pristine)
		*pristine = ops->copy(ops->ck, xl->lhs);
	ops->check_expr(ops->ck, xl->lhs);
	const struct dxl *x = dxl_lookup(t, ops, xl->lhs, xl->ctype);
	if (!x) {
		struct spelled ns = {0};
		FAIL_NAMES(ops, xl, D_XLATE_NONE, &ns, "cannot translate from \"%s\" to \"%s\"",
			   sp(&ns, xl->lhs->type), sp(&ns, xl->ctype));
	}
	return x;
}

struct argument {
	const struct dxl_ops *ops;
	const struct dnode *pristine;   /* the xlate's input, unchecked */
	struct dtype *in;               /* the translator's input type */
	bool cast;                      /* the input's type differs from it */
};

static struct dnode *make_argument(void *arg, const struct dnode *at)
{
	struct argument *a = arg;
	struct dnode *e = a->ops->copy(a->ops->ck, a->pristine);
	if (!a->cast)
		return e;
	struct dnode *c = a->ops->node(a->ops->ck, DN_CAST, at->pos);
	c->ctype = a->in;
	c->lhs = e;
	return c;
}

static const struct dnode *member_def(const struct dxl *x, const char *name)
{
	for (const struct dnode *m = x->def->args; m; m = m->next)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

void dxl_member(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n)
{
	bool through_ptr = false;
	struct dnode *xl = xlate_of(n, &through_ptr);
	struct dnode *pristine = NULL;
	const struct dxl *x = resolve(t, ops, xl, &pristine);
	bool ptr = res(xl->ctype)->kind == DTY_PTR;
	struct spelled ns = {0};
	if (ptr && !through_ptr)
		FAIL_NAMES(ops, n, D_OP_SOU, &ns, "operator %s cannot be applied to type \"%s\"; must be "
			   "applied to a struct or union", dop_text(n->op), sp(&ns, xl->ctype));
	if (!ptr && through_ptr) {
		if (n->lhs != xl)
			failf(ops, n->lhs, D_DEREF_NONPTR, "cannot dereference non-pointer type");
		failf(ops, n, D_OP_PTR, "operator %s must be applied to a pointer", dop_text(n->op));
	}
	const struct dnode *m = member_def(x, n->name);
	if (!m)
		failf(ops, n, D_XLATE_NOCONV, "translator does not define conversion for member: %s",
		      n->name);
	if (t->depth >= DXL_MAX_DEPTH)
		failf(ops, n, D_UNKNOWN, "translation of member %s is nested too deeply (more than %d "
		      "translations within each other)", n->name, DXL_MAX_DEPTH);
	int64_t off = 0;
	const struct dmember *dm = dtype_member_at(res(x->out), n->name, &off);
	struct argument a = { ops, pristine, x->in, !ops->compat(xl->lhs->type, x->in) };
	struct dnode *e = ops->copy(ops->ck, m->lhs);
	subst(&e, x->def->name, make_argument, &a);
	/* n becomes (member type) expansion: a value, not an lvalue, like dtrace's */
	free(n->name);
	n->name = NULL;
	n->op = DOP_NONE;
	n->kind = DN_CAST;
	n->ctype = dm->type;
	n->lhs = e;
	t->depth++;
	ops->check_expr(ops->ck, n);
	t->depth--;
}

/* `lp.name = value` over a fresh copy of the (unchecked) target. */
static struct dnode *member_store(const struct dxl_ops *ops, const struct dnode *at,
				  const struct dnode *lp, const char *name, struct dnode *value)
{
	struct dnode *m = ops->node(ops->ck, DN_MEMBER, at->pos);
	m->op = DOP_DOT;
	m->lhs = ops->copy(ops->ck, lp);
	m->name = xstrdup(name);
	struct dnode *a = ops->node(ops->ck, DN_ASSIGN, at->pos);
	a->op = DOP_ASSIGN;
	a->lhs = m;
	a->rhs = value;
	return a;
}

/* The value of one member in a whole translation: the translated member, 0 for a scalar of a
 * struct the translator leaves out, NULL for anything else it leaves out. */
static struct dnode *member_value(const struct dxl_ops *ops, const struct dxl *x,
				  const struct dnode *xl, const struct dnode *input,
				  const struct dmember *dm)
{
	if (member_def(x, dm->name)) {
		struct dnode *tx = ops->node(ops->ck, DN_XLATE, xl->pos);
		tx->ctype = xl->ctype;
		tx->lhs = ops->copy(ops->ck, input);
		struct dnode *m = ops->node(ops->ck, DN_MEMBER, xl->pos);
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
	return ops->node(ops->ck, DN_INT, xl->pos);
}

void dxl_assign(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n)
{
	struct dnode *xl = n->rhs, *input = NULL;
	const struct dxl *x = resolve(t, ops, xl, &input);
	if (res(xl->ctype)->kind == DTY_PTR)
		dxl_value(t, ops, xl);
	/* the target, typed (as a new variable of the output type if it is one) */
	struct dnode *lp = ops->copy(ops->ck, n->lhs);
	struct dnode *as_out = ops->node(ops->ck, DN_TYPE, xl->pos);
	as_out->ctype = xl->ctype;
	ops->check_expr(ops->ck, as_out);
	ops->assign_target(ops->ck, n->lhs, as_out);
	if (!ops->compat(n->lhs->type, x->out)) {
		struct spelled ns = {0};
		FAIL_NAMES(ops, n, D_OP_INCOMPAT, &ns, "operands have incompatible types: \"%s\" = \"%s\"",
			   sp(&ns, n->lhs->type), sp(&ns, xl->ctype));
	}
	struct dnode *chain = NULL;
	struct dtype *r = res(x->out);
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *dm = &r->members[i];
		struct dnode *v = dm->name ? member_value(ops, x, xl, input, dm) : NULL;
		if (!v)
			continue;
		struct dnode *a = member_store(ops, n, lp, dm->name, v);
		if (!chain) {
			chain = a;
			continue;
		}
		struct dnode *c = ops->node(ops->ck, DN_COMMA, n->pos);
		c->lhs = chain;
		c->rhs = a;
		chain = c;
	}
	if (!chain)
		dxl_value(t, ops, xl);
	/* n takes the chain's place (its own `next` kept: it may sit in a list) */
	struct dnode *keep_next = n->next, *keep_pool = n->pool_next;
	struct dnode saved = *chain;
	*n = saved;
	n->next = keep_next;
	n->pool_next = keep_pool;
	chain->name = NULL;   /* owned by n now */
	chain->str = NULL;
	ops->check_expr(ops->ck, n);
}

/* The node chain a, b joined by a comma (a alone when b is NULL). */
static struct dnode *comma(const struct dxl_ops *ops, struct dnode *a, struct dnode *b)
{
	if (!a)
		return b;
	struct dnode *c = ops->node(ops->ck, DN_COMMA, a->pos);
	c->lhs = a;
	c->rhs = b;
	return c;
}

static struct dnode *this_var(const struct dxl_ops *ops, const struct dnode *at, const char *name)
{
	struct dnode *v = ops->node(ops->ck, DN_THIS, at->pos);
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

void dxl_materialize(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n,
		     const char *tmp)
{
	struct dnode *input = NULL;
	const struct dxl *x = resolve(t, ops, n, &input);
	struct dtype *ptr = n->ctype;
	if (!scalar_members(x))
		dxl_value(t, ops, n);
	/* this->tmp = (T *)alloca(sizeof (T)) */
	struct dnode *sz = ops->node(ops->ck, DN_SIZEOF_TYPE, n->pos);
	sz->ctype = x->out;
	struct dnode *call = ops->node(ops->ck, DN_CALL, n->pos);
	call->name = xstrdup("alloca");
	call->args = sz;
	struct dnode *cast = ops->node(ops->ck, DN_CAST, n->pos);
	cast->ctype = ptr;
	cast->lhs = call;
	struct dnode *chain = ops->node(ops->ck, DN_ASSIGN, n->pos);
	chain->op = DOP_ASSIGN;
	chain->lhs = this_var(ops, n, tmp);
	chain->rhs = cast;
	/* this->tmp->m = xlate <T> (input).m, for each member the translation gives a value */
	struct dnode as_struct = *n;
	as_struct.ctype = x->out;
	struct dtype *r = res(x->out);
	for (int i = 0; i < r->nmembers; i++) {
		const struct dmember *dm = &r->members[i];
		struct dnode *v = dm->name ? member_value(ops, x, &as_struct, input, dm) : NULL;
		if (!v)
			continue;
		struct dnode *m = ops->node(ops->ck, DN_MEMBER, n->pos);
		m->op = DOP_ARROW;
		m->lhs = this_var(ops, n, tmp);
		m->name = xstrdup(dm->name);
		struct dnode *a = ops->node(ops->ck, DN_ASSIGN, n->pos);
		a->op = DOP_ASSIGN;
		a->lhs = m;
		a->rhs = v;
		chain = comma(ops, chain, a);
	}
	chain = comma(ops, chain, this_var(ops, n, tmp));
	/* n takes the chain's place (its own `next` kept: it may sit in a list) */
	struct dnode *keep_next = n->next, *keep_pool = n->pool_next;
	struct dnode saved = *chain;
	*n = saved;
	n->next = keep_next;
	n->pool_next = keep_pool;
	chain->name = NULL;
	chain->str = NULL;
	ops->check_expr(ops->ck, n);
}

_Noreturn void dxl_cast(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *cast)
{
	struct dnode *xl = cast->lhs;
	resolve(t, ops, xl, NULL);
	bool ptr = res(xl->ctype)->kind == DTY_PTR;
	struct spelled ns = {0};
	/* reported at the translation's line, which is where dtrace's cast node is built too */
	FAIL_NAMES(ops, xl, D_CAST_INVAL, &ns, "invalid cast expression: \"%s\" to \"%s\"",
		   ptr ? "pointer to translated data" : "translated data", sp(&ns, cast->ctype));
}

_Noreturn void dxl_value(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n)
{
	resolve(t, ops, n, NULL);
	struct spelled ns = {0};
	FAIL_NAMES(ops, n, D_UNKNOWN, &ns, "translated data can only be used through its members in "
		   "usdtrace: xlate < %s > ( ... ) must be followed by %s and a member name",
		   sp(&ns, n->ctype), res(n->ctype)->kind == DTY_PTR ? "->" : ".");
}
