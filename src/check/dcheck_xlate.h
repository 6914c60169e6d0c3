/* dcheck_xlate.h — D translators in the type checker: the program's table of `translator`
 * definitions, dtrace's rules for them (libdtrace's dt_node_xlator, dt_cook_xlator,
 * dt_xlator_lookup), and the expansion of translated members into plain expressions.
 *
 *   translator struct out < struct in *p > { m = p->x + 1; ... };
 *   ... xlate < struct out > (e).m ...    xlate < struct out * > (e)->m ...
 *
 * A definition (DN_TRANSLATOR, dast.h) is checked where it stands among the program's items,
 * in this order, with dtrace's messages, all at the line of its closing `;`:
 *   D_XLATE_REDECL  "translator from IN to OUT has already been declared" (same input and
 *                   output types, typedefs and qualifiers ignored)
 *   D_XLATE_SOU     "incomplete struct/union/enum OUT" (incomplete where the translator
 *                   stands: dast.h's ival), "translator output type must be a struct or union"
 *   D_XLATE_MEMB    "translator member M is not a member of OUT"
 *   (any error of the member's expression, typed with the parameter bound to IN)
 *   D_XLATE_INCOMPAT "translator member M definition uses incompatible types: "T" = "E""
 *                   (the expression must be assignable to the member, as for `=`)
 * A translator need not define every member of its output type.
 *
 * Use (DN_XLATE). Which translator `xlate<T>(e)` or `xlate<T *>(e)` uses: one whose output type
 * is T (typedefs resolved) and whose input type is e's type (compatible ignoring typedefs and
 * qualifiers), else the first one (in definition order) whose input type e could be passed as
 * (dtrace's argument rule: integers for integers, strings for strings, compatible pointers or
 * void *); a struct never matches a pointer to it. None: D_XLATE_NONE "cannot translate from
 * "E" to "T"". The node's line is that of the token after its `)` (where dtrace's parser is
 * when it builds it).
 *
 * Rewrites: `xlate<T>(e).m`, `xlate<T *>(e)->m` and `(*xlate<T *>(e)).m` become a DN_CAST to
 * m's type over a copy of the translator's expression for m in which every use of the
 * parameter is a copy of e (cast to the input type when e's type differs): the code generator
 * sees ordinary expressions. (e is evaluated once per use of the parameter.) A member the
 * translator does not define is D_XLATE_NOCONV "translator does not define conversion for
 * member: m"; `->` on xlate<T> is D_OP_PTR, `.` on xlate<T *> D_OP_SOU, as dtrace says them.
 * A cast of translated data is D_CAST_INVAL "invalid cast expression: "pointer to translated
 * data" to "uintptr_t"" ("translated data" without the pointer). A translated struct may be
 * assigned to a struct variable of its type (dxl_assign: member by member); as any other whole
 * value (trace(xlate<T>(e)), a pointer to translated data) it is refused with a message saying
 * so: dtrace's own support for those is incomplete (its test suite marks them as failing).
 * Expansions nest at most DXL_MAX_DEPTH deep (a translator that translates through itself).
 *
 * For the checker's users (provider argument mappings, D libraries) the table stays in the
 * dck_prog: dck_xlator_lookup (dcheck.h) finds a translator by input and output type. */
#ifndef USDTRACE_DCHECK_XLATE_H
#define USDTRACE_DCHECK_XLATE_H
#include <stdbool.h>
#include <stddef.h>

#include "dast.h"
#include "dtag.h"

#define DXL_MAX_DEPTH 64

/* One translator: its checked definition. */
struct dxl {
	struct dnode *def;        /* the DN_TRANSLATOR item (members in def->args) */
	struct dtype *in;         /* the input type as declared */
	struct dtype *out;        /* the output type as declared (a struct or union) */
};

struct dxl_table {
	struct dxl *v;            /* in definition order */
	size_t n, cap;
	int depth;                /* expansions in progress */
};

/* What the translator code needs of the type checker (dcheck.c fills it). */
struct dxl_ops {
	void *ck;
	void (*check_expr)(void *ck, struct dnode *n);
	struct dnode *(*copy)(void *ck, const struct dnode *n);     /* a fresh copy of a tree */
	struct dnode *(*node)(void *ck, enum dnode_kind kind, struct dsrcpos pos);
	bool (*compat)(struct dtype *a, struct dtype *b);          /* same type, loosely */
	bool (*assignable)(struct dtype *to, const struct dnode *from);  /* dt_node_is_argcompat */
	/* types the target of `l = r` (creating its variable, of r's type, if it is new) */
	void (*assign_target)(void *ck, struct dnode *l, struct dnode *typed_rhs);
	/* reports the error and does not return (it longjmps out of the check) */
	void (*fail)(void *ck, const struct dnode *at, enum dtag tag, const char *msg);
};

/* Checks a DN_TRANSLATOR item and adds it to the table (errors through ops->fail). */
void dxl_define(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *def);

/* The translator from a checked expression `src` to `dst` (T, or T * meaning T), by the rule
 * above; NULL if there is none. */
const struct dxl *dxl_lookup(const struct dxl_table *t, const struct dxl_ops *ops,
			     const struct dnode *src, struct dtype *dst);

/* Whether n is a member access of translated data (the rewrite above applies). */
bool dxl_is_member(const struct dnode *n);
/* Rewrites and checks such a member access in place. */
void dxl_member(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n);
/* `l = xlate<T>(e)`: rewrites the assignment in place into one assignment per member of T,
 * `l.m = xlate<T>(e).m` for the members the translator defines and, in a struct, `l.m = 0`
 * for its other scalar members (a translation is a fresh struct; other members keep their
 * value), then
 * checks it. l must be a struct of type T (a new variable becomes one). */
void dxl_assign(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n);
/* A pointer to translated data used as a whole value (an inline such as curcpu, which dtrace
 * gives as a real pointer): rewrites n (a DN_XLATE of a T * type) in place into
 * `(this->tmp = (T *)alloca(sizeof (T)), this->tmp->m = xlate <T> (e).m, ..., this->tmp)`,
 * a translation in the clause's scratch memory, then checks it. A translation with members
 * that are not scalars (strings, arrays: curpsinfo) fails as dxl_value does. */
void dxl_materialize(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n,
		     const char *tmp);
/* A cast whose operand is a DN_XLATE: the lookup, then D_CAST_INVAL. */
_Noreturn void dxl_cast(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *cast);
/* A DN_XLATE anywhere else: the lookup, then the "whole value" refusal. */
_Noreturn void dxl_value(struct dxl_table *t, const struct dxl_ops *ops, struct dnode *n);

void dxl_table_free(struct dxl_table *t);
#endif
