/* dcheck_alloca.c — which values point into alloca() memory, for the two rules that need it:
 * bcopy()'s and copyinto()'s destination must be such a pointer (DTrace for Linux's dt_cg.c
 * refuses anything else when it generates code: "prototype: alloca pointer").
 *
 * And a difference of two pointers must not mix them: dtrace's dt_cook refuses `p - q` where
 * one points into alloca() memory and the other does not ("adding or subtracting pointers to
 * alloca and non-alloca space is meaningless"), as such a difference means nothing.
 *
 * dtrace tracks this as a taint (DT_NF_ALLOCA) over the whole program: a value made by
 * alloca() or copyin() is alloca memory, and so is whatever is computed from one by a cast,
 * pointer arithmetic, ?:, an assignment, `->`, `[ ]` or `&`; a variable stored such a pointer
 * anywhere in the program is one everywhere (a string is copied by value and carries no
 * taint). Taint only grows, so variables are tainted to a fixed point before the calls are
 * checked. */
#include "dcheck_impl.h"

/* Whether n's value points into alloca() memory. With `place`, the narrower question the code
 * generator asks of a pointer it dereferences (dck_alloca_ptr): a value read out of alloca()
 * memory (a pointer member, an element) is what was stored there, not a place in it, so only
 * an array member or element, which stands for its own address, stays in it, and an
 * assignment's value is its right side alone (or its target's, for op=). dtrace's taint, the
 * wider one, faults `this->f->t->pid` of a task pointer kept in an alloca()'d struct; the Guide
 * gives no reason it should. */
static bool alloca_walk(const struct dnode *n, bool place)
{
	if (!n)
		return false;
	switch (n->kind) {
	case DN_CALL:
		return n->subr == DS_ALLOCA || n->subr == DS_COPYIN;
	case DN_CAST:
		return alloca_walk(n->lhs, place);
	case DN_BINARY:
		/* a sum or difference keeps the taint, an integer one too ((long)p + 1 - 1 cast
		 * back to a pointer is p in dtrace); only a pointer is a place */
		if (n->op != DOP_ADD && n->op != DOP_SUB)
			return false;
		if (place && !(n->type && is_pointer(n->type)))
			return false;
		return alloca_walk(n->lhs, place) || alloca_walk(n->rhs, place);
	case DN_COND:
		return alloca_walk(n->lhs, place) || alloca_walk(n->rhs, place);
	case DN_COMMA:
		return alloca_walk(n->rhs, place);
	case DN_ASSIGN:
		if (place)
			return alloca_walk(n->op == DOP_ASSIGN ? n->rhs : n->lhs, place);
		return alloca_walk(n->lhs, place) || (n->op == DOP_ASSIGN && alloca_walk(n->rhs, place));
	case DN_IDENT: case DN_SELF: case DN_THIS:
		return n->var && n->var->alloca;
	case DN_INDEX:
	case DN_MEMBER:
		if (n->kind == DN_INDEX && n->var)   /* an associative array's element */
			return n->var->alloca;
		if (place && !(n->type && dtype_resolve(n->type)->kind == DTY_ARRAY))
			return false;
		return alloca_walk(n->lhs, place);
	case DN_UNARY:
		/* &p->m is in the same memory (whatever m holds); *p is a value read from it */
		return n->op == DOP_ADDROF && alloca_walk(n->lhs, false);
	default:
		return false;
	}
}

static bool alloca_value(const struct dnode *n)
{
	return alloca_walk(n, false);
}

bool dck_alloca_ptr(const struct dnode *n)
{
	return alloca_walk(n, true);
}

bool dck_alloca_value(const struct dnode *n)
{
	return alloca_walk(n, false);
}

/* Taint the variables assigned an alloca pointer under n; true when one became tainted. */
static bool taint_vars(const struct dnode *n)
{
	bool changed = false;
	for (; n; n = n->next) {
		if (n->kind == DN_ASSIGN && n->op == DOP_ASSIGN && n->lhs && n->lhs->var &&
		    !n->lhs->var->alloca && n->rhs && !(n->rhs->type && is_string(n->rhs->type)) &&
		    alloca_value(n->rhs)) {
			n->lhs->var->alloca = true;
			changed = true;
		}
		changed |= taint_vars(n->lhs);
		changed |= taint_vars(n->rhs);
		changed |= taint_vars(n->cond);
		changed |= taint_vars(n->body);
		changed |= taint_vars(n->args);
	}
	return changed;
}

static void check_dests(struct ck *c, const struct dnode *n)
{
	for (; n; n = n->next) {
		if (n->kind == DN_CALL && (n->subr == DS_BCOPY || n->subr == DS_COPYINTO)) {
			int argno = n->subr == DS_BCOPY ? 2 : 3;
			const struct dnode *d = n->args;
			for (int i = 1; d && i < argno; i++)
				d = d->next;
			if (d && !alloca_value(d))
				fail_cg(c, d, D_PROTO_ARG, "%s( ) argument #%d is incompatible with "
					"prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca "
					"pointer", n->name, argno);
		}
		if (n->kind == DN_BINARY && n->op == DOP_SUB && n->lhs && n->rhs &&
		    n->lhs->type && n->rhs->type && is_pointer(n->lhs->type) &&
		    is_pointer(n->rhs->type) && alloca_value(n->lhs) != alloca_value(n->rhs)) {
			struct names ns = {0};
			const char *l = nm(&ns, n->lhs->type), *r = nm(&ns, n->rhs->type);
			FAILT(c, n, &ns, D_ALLOCA_INCOMPAT, "adding or subtracting pointers to alloca "
			      "and non-alloca space is meaningless: \"%s\" - \"%s\"", l, r);
		}
		check_dests(c, n->lhs);
		check_dests(c, n->rhs);
		check_dests(c, n->cond);
		check_dests(c, n->body);
		check_dests(c, n->args);
	}
}

void check_alloca_dests(struct ck *c, struct dnode *items)
{
	while (taint_vars(items))
		;
	/* clause by clause, so a message names its region as dtrace's does ("in predicate: ",
	 * "in action list: ") */
	int ci = 0;
	for (struct dnode *it = items; it; it = it->next) {
		if (it->kind != DN_CLAUSE)
			continue;
		c->clause = it;
		c->clause_index = ci++;
		c->in_pred = true;
		if (it->cond)
			check_dests(c, it->cond);
		c->in_pred = false;
		check_dests(c, it->body);
		c->clause = NULL;
	}
}
