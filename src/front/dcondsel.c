/* dcondsel.c — see dcondsel.h. */
#include <stdlib.h>
#include <string.h>

#include "dcondsel.h"
#include "dfold.h"
#include "util.h"

/* An integer constant as the parser would hold it: its value (as dfold_convert leaves it) and
 * the width and signedness of its type. */
struct pconst {
	uint64_t v;
	int size;
	bool uns;
};

/* The inlines above the current item, by name, with their value when it is an integer
 * constant (size 0 when it is not: a later definition of a name hides an earlier one). */
struct inl_tab {
	struct inl { const char *name; struct pconst c; } *e;
	size_t n, cap;
	struct dtype_ctx *types;  /* the program's: its enumerators */
};

static const struct pconst *inl_find(const struct inl_tab *t, const char *name)
{
	for (size_t i = t->n; i-- > 0;)
		if (strcmp(t->e[i].name, name) == 0)
			return t->e[i].c.size > 0 ? &t->e[i].c : NULL;
	return NULL;
}

static struct pconst promoted(struct pconst a)
{
	if (a.size < 4) {
		a.size = 4;
		a.uns = false;
	}
	return a;
}

/* C's usual arithmetic conversions of two promoted operands: the wider, or the unsigned of
 * two of one width. */
static struct pconst common(struct pconst a, struct pconst b)
{
	a = promoted(a);
	b = promoted(b);
	if (a.size != b.size)
		return a.size > b.size ? a : b;
	a.uns = a.uns || b.uns;
	return a;
}

static void as_type(struct pconst *c, int size, bool uns)
{
	c->size = size;
	c->uns = uns;
	c->v = (uint64_t)dfold_convert(c->v, size, uns, false);
}

/* Whether n is an integer constant of the parser's kind (dcondsel.h), with its value in *out. */
static bool eval(const struct inl_tab *t, const struct dnode *n, struct pconst *out)
{
	struct pconst a, b;
	switch (n->kind) {
	case DN_INT:
		if (n->is_char) {
			*out = (struct pconst){ n->ival, n->longness ? 8 : 4, false };
		} else {
			*out = (struct pconst){ n->ival, n->longness ? 8 : 4, n->is_unsigned };
		}
		return true;
	case DN_IDENT: {
		const struct pconst *c = inl_find(t, n->name);
		if (c) {
			*out = *c;
			return true;
		}
		/* an enumerator a D program or library declares is an inline of dtrace's whose
		 * value is an integer node (dt_decl.c) */
		struct dscope_ent *e = dscope_find(t->types, n->name, DSYM_ENUMCONST, false);
		if (!e || e->kind != DSYM_ENUMCONST)  /* one name space for variables too */
			return false;
		struct dtype *et = e->type ? dtype_resolve(e->type) : NULL;
		if (!et || et->size <= 0)
			return false;
		*out = (struct pconst){ (uint64_t)e->value, (int)et->size, et->is_unsigned };
		return true;
	}
	case DN_SIZEOF_TYPE: {
		int64_t size = n->ctype ? dtype_sizeof(n->ctype) : -1;
		if (size <= 0)
			return false;
		*out = (struct pconst){ (uint64_t)size, 8, true };  /* size_t */
		return true;
	}
	case DN_OFFSETOF: {
		struct dtype *r = n->ctype ? dtype_resolve(n->ctype) : NULL;
		int64_t off = 0;
		if (!r || (r->kind != DTY_STRUCT && r->kind != DTY_UNION) || !r->complete)
			return false;
		const struct dmember *m = dtype_member_at(r, n->name, &off);
		if (!m || m->bit_width >= 0)
			return false;
		*out = (struct pconst){ (uint64_t)off, 4, false };
		return true;
	}
	case DN_UNARY:
		if (n->op != DOP_NEG && n->op != DOP_PLUS && n->op != DOP_BNOT && n->op != DOP_LNOT)
			return false;
		if (!eval(t, n->lhs, &a) || dfold_unary(n->op, a.v, &out->v) != DFOLD_OK)
			return false;
		if (n->op == DOP_LNOT) {
			out->size = 4;
			out->uns = false;
		} else {
			a = promoted(a);
			out->size = a.size;
			out->uns = a.uns;
			out->v = (uint64_t)dfold_convert(out->v, a.size, a.uns, false);
		}
		return true;
	case DN_BINARY: {
		if (!eval(t, n->lhs, &a) || !eval(t, n->rhs, &b))
			return false;
		bool shift = n->op == DOP_SHL || n->op == DOP_SHR;
		struct pconst ty = shift ? promoted(a) : common(a, b);
		if (dfold_binary(n->op, a.v, b.v, ty.uns, promoted(a).uns, &out->v) != DFOLD_OK)
			return false;
		bool truth = n->op <= DOP_GE && n->op != DOP_BOR && n->op != DOP_XOR &&
			     n->op != DOP_BAND;
		out->size = truth ? 4 : ty.size;
		out->uns = truth ? false : ty.uns;
		return true;
	}
	case DN_CAST: {
		struct dtype *r = n->ctype ? dtype_resolve(n->ctype) : NULL;
		if (!r || !dtype_is_integer(r) || r->kind == DTY_BOOL || !eval(t, n->lhs, &a))
			return false;
		*out = a;
		as_type(out, (int)r->size, r->is_unsigned);
		return true;
	}
	case DN_COND:
		/* a constant condition's conditional was replaced on the way up */
		return false;
	default:
		return false;
	}
}

static void walk(const struct inl_tab *t, struct dnode **slot);

static void walk_list(const struct inl_tab *t, struct dnode **head)
{
	for (struct dnode **s = head; *s; s = &(*s)->next)
		walk(t, s);
}

/* Children first (dtrace builds the tree bottom-up), then the node: a conditional with a
 * constant condition becomes its chosen branch, in the same place of its list. */
static void walk(const struct inl_tab *t, struct dnode **slot)
{
	struct dnode *n = *slot;
	if (!n)
		return;
	if (n->lhs)
		walk(t, &n->lhs);
	if (n->rhs)
		walk(t, &n->rhs);
	if (n->cond)
		walk(t, &n->cond);
	if (n->body)
		walk(t, &n->body);
	walk_list(t, &n->args);
	struct pconst c;
	if (n->kind == DN_COND && eval(t, n->cond, &c)) {
		struct dnode *pick = c.v ? n->lhs : n->rhs;
		pick->next = n->next;
		*slot = pick;
	}
}

void dcondsel_program(struct dprog *g)
{
	struct inl_tab t = { .types = g->types };
	for (struct dnode **it = &g->items; *it; it = &(*it)->next) {
		struct dnode *n = *it;
		switch (n->kind) {
		case DN_CLAUSE:
			walk(&t, &n->cond);
			walk(&t, &n->body);
			break;
		case DN_TRANSLATOR:
			for (struct dnode *m = n->args; m; m = m->next)
				walk(&t, &m->lhs);
			break;
		case DN_INLINE: {
			walk(&t, &n->lhs);
			struct pconst c;
			if (!n->args && n->lhs && eval(&t, n->lhs, &c)) {
				xgrow(&t.e, sizeof(*t.e), &t.cap, t.n + 1);
				t.e[t.n++] = (struct inl){ n->name, c };
			} else if (!n->args) {
				/* a later definition of the name that is not a constant hides one above */
				xgrow(&t.e, sizeof(*t.e), &t.cap, t.n + 1);
				t.e[t.n++] = (struct inl){ n->name, { 0, 0, false } };
			}
			break;
		}
		default:
			break;
		}
	}
	free(t.e);
}
