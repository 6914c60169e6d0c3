/* dcheck_types.c — types in the checker: D type names, compatibility as libdtrace judges it
 * (argcompat, ptrcompat), C's promotions and arithmetic conversions, lvalues, and integer
 * constants (set_int_const cuts a value to its type, set_folded keeps D's 64 bits). */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "dfold.h"
#include "util.h"

/* --- types -------------------------------------------------------------------------------- */

struct dtype *named_type(struct ck *c, const char *name)
{
	if (strcmp(name, "string") == 0)
		return c->tc->t_string;
	if (strcmp(name, "int") == 0)
		return c->tc->t_int;
	if (strcmp(name, "char") == 0)
		return c->tc->t_char;
	if (strcmp(name, "void") == 0)
		return c->tc->t_void;
	if (strcmp(name, "void *") == 0)
		return dtype_ptr(c->tc, c->tc->t_void);
	if (strcmp(name, "unsigned int *") == 0)
		return dtype_ptr(c->tc, c->tc->t_uint);
	if (strcmp(name, "char *") == 0)
		return dtype_ptr(c->tc, c->tc->t_char);
	if (strcmp(name, "const char *") == 0)
		return dtype_ptr(c->tc, dtype_qualify_d(c->tc, c->tc->t_char, DQ_CONST));
	size_t len = strlen(name);
	if (strncmp(name, "struct ", 7) == 0 && len > 9 && strcmp(name + len - 2, " *") == 0) {
		/* a kernel struct's pointer (mutex_owner()'s struct task_struct *) */
		char tag[64];
		snprintf(tag, sizeof(tag), "%.*s", (int)(len - 9), name + 7);
		return dtype_ptr(c->tc, kernel_tag(c, tag));
	}
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_TYPEDEF, false);
	if ((!e || e->kind != DSYM_TYPEDEF) &&
	    (strcmp(name, "stack") == 0 || strcmp(name, "_usymaddr") == 0 ||
	     strcmp(name, "_symaddr") == 0 || strcmp(name, DCK_AGGFUNC_TYPE) == 0)) {
		/* D's own typedefs for ustack() (of void), usym() & co. and sym() & co. (of
		 * uintptr_t), made on first use; an aggregating function's value (of void) is
		 * named as dtrace names its dynamic type in messages (dt_node_type_name) */
		bool addr = strcmp(name, "_usymaddr") == 0 || strcmp(name, "_symaddr") == 0;
		struct dtype *to = addr ? named_type(c, "uintptr_t") : c->tc->t_void;
		struct dscope *cur = c->tc->scope;   /* with the built-in typedefs, so found again */
		c->tc->scope = c->tc->builtins ? c->tc->builtins : cur;
		e = dscope_add(c->tc, name, DSYM_TYPEDEF, dtype_typedef(c->tc, name, to), 0);
		c->tc->scope = cur;
	}
	if (!e || e->kind != DSYM_TYPEDEF)
		fail_at(c, NULL, D_UNKNOWN, "internal error: no type %s", name);
	return e->type;
}

/* `struct NAME` as the program's scopes know it, else a new incomplete tag in the builtin
 * scope (completed when needed: complete_record). */
struct dtype *kernel_tag(struct ck *c, const char *name)
{
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_TAG, false);
	if (e && e->type && e->type->kind == DTY_STRUCT)
		return e->type;
	struct dscope *cur = c->tc->scope;
	c->tc->scope = c->tc->builtins ? c->tc->builtins : cur;
	struct dtype *t = dtype_tagged(c->tc, DTY_STRUCT, name);
	t->kernel = true;  /* before it is completed too: pointers to it hold kernel addresses */
	e = dscope_add(c->tc, name, DSYM_TAG, t, 0);
	c->tc->scope = cur;
	return e->type;
}

/* A struct or union (or an array of them) whose body is needed: when it is incomplete, the
 * caller's hook may complete it. Whether t is complete now (true for other types). */
bool need_body(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	while (r->kind == DTY_ARRAY)
		r = res(r->base);
	if ((r->kind != DTY_STRUCT && r->kind != DTY_UNION) || r->complete)
		return true;
	if (c->opt->complete_record)
		c->opt->complete_record(c->opt->arg, c->clause ? c->clause_index : -1,
					dtype_unqual(r));
	return r->complete;
}

bool forward_tag(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_STRUCT || r->kind == DTY_UNION)
		return !need_body(c, t);
	if (r->kind != DTY_ENUM || r->complete || r->nenums > 0)
		return false;
	if (c->opt->complete_record)
		c->opt->complete_record(c->opt->arg, c->clause ? c->clause_index : -1, dtype_unqual(r));
	return !r->complete && r->nenums == 0;
}

bool empty_record(struct dtype *t)
{
	struct dtype *r = res(t);
	return (r->kind == DTY_STRUCT || r->kind == DTY_UNION) && r->complete && r->size == 0;
}

uint64_t sizeof_value(struct ck *c, const struct dnode *n, struct dtype *t)
{
	if (is_string(t))
		return c->opt->strsize;
	if (forward_tag(c, t))
		return UINT64_MAX;
	int64_t size = dtype_sizeof(t);
	if (size <= 0)
		fail_at(c, n, D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size");
	return (uint64_t)size;
}


/* Types ignoring qualifiers at every level: dtrace's ctf_type_compat is that lenient. */
bool compat_type(struct dtype *a, struct dtype *b)
{
	a = res(a);
	b = res(b);
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DTY_PTR:
		return compat_type(a->base, b->base);
	case DTY_ARRAY:
		return a->array_len == b->array_len && compat_type(a->base, b->base);
	case DTY_STRUCT: case DTY_UNION: case DTY_ENUM:
		return dtype_unqual(a) == dtype_unqual(b);
	case DTY_FUNC:
		return same_type(a, b);
	default:
		return a->size == b->size && a->is_unsigned == b->is_unsigned;
	}
}

/* Type names in messages. An anonymous struct, union or enum is named as CTF names it for
 * dtrace, by its keyword and an empty tag ("struct "), not by its body. */
char *spell(struct dtype *t)
{
	struct dtype *u = dtype_unqual(t);
	/* a function pointer type written in D (not a typedef of one, not the kernel's): dtrace
	 * keeps one type for them all, which it calls "function pointer" (observed: x =
	 * (int (*)(int))0; x = 1 is "function pointer" = "int") */
	if (u && u->kind == DTY_PTR && !u->kernel && u->base && res(u->base)->kind == DTY_FUNC)
		return xstrdup("function pointer");
	if (u && !u->name && (u->kind == DTY_STRUCT || u->kind == DTY_UNION || u->kind == DTY_ENUM))
		return xstrdup(u->kind == DTY_STRUCT ? "struct " : u->kind == DTY_UNION ? "union " :
			       "enum ");
	return dtype_spell_msg(t);
}

const char *nm(struct names *ns, struct dtype *t)
{
	return ns->s[ns->n++] = spell(t);
}
void names_free(struct names *ns)
{
	for (int i = 0; i < ns->n; i++)
		free(ns->s[i]);
	ns->n = 0;
}

/* D's promotion of one operand: an enum counts as int; every other integer keeps its type
 * (as written, typedef and all). D has no C integer promotion to int: the Guide's rule
 * ("Type Conversions") gives an expression the type of its highest-ranked operand, so
 * (unsigned short)65535 + (unsigned short)65535 is an unsigned short, 65534, as in dtrace. */
struct dtype *promote(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_ENUM)  /* dt_type_promote: an enum operand counts as int */
		return r->size > 4 ? (r->is_unsigned ? c->tc->t_ulong : c->tc->t_long) : c->tc->t_int;
	return t;
}

/* The usual arithmetic conversions as the Guide states them: the operand of higher rank (bits,
 * then unsignedness: dtype_int_rank) gives the result type, as in dt_type_promote; equal
 * ranks keep the left operand's spelling. */
struct dtype *arith_result(struct ck *c, struct dtype *l, struct dtype *r)
{
	l = promote(c, l);
	r = promote(c, r);
	return dtype_int_rank(r) > dtype_int_rank(l) ? r : l;
}

bool type_unsigned(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_PTR || r->kind == DTY_STRING)
		return true;
	return r->is_unsigned;
}

/* The value v as the integer type t holds it, extended back to 64 bits. */
int64_t trunc_to(struct dtype *t, uint64_t v)
{
	struct dtype *r = res(t);
	return dfold_convert(v, r->size, type_unsigned(t), r->kind == DTY_BOOL);
}

/* --- lvalues ----------------------------------------------------------------------------- */

/* dtrace's DT_NF_LVALUE */
bool is_lvalue(const struct dnode *n)
{
	switch (n->kind) {
	case DN_IDENT:
		return n->var != NULL || n->builtin != DB_NONE;
	case DN_SELF: case DN_THIS:
		return true;
	case DN_INDEX:
		if (n->var || n->builtin != DB_NONE)
			return true;
		return res(n->type)->kind != DTY_ARRAY || is_string(n->type);
	case DN_UNARY:
		return n->op == DOP_DEREF &&
		       (res(n->type)->kind != DTY_ARRAY || is_string(n->type));
	case DN_MEMBER:
		if (res(n->type)->kind == DTY_ARRAY && !is_string(n->type))
			return false;
		return n->op == DOP_ARROW || is_lvalue(n->lhs);
	default:
		return false;
	}
}

/* dtrace's DT_NF_WRITABLE: D variables, and what is reached through them (a store through a
 * pointer held in a variable compiles; it faults at run time unless it targets scratch). */
bool is_writable(const struct dnode *n)
{
	switch (n->kind) {
	case DN_IDENT:
		return n->var != NULL;
	case DN_SELF: case DN_THIS:
		return true;
	case DN_INDEX:
		if (n->var)
			return true;
		if (n->builtin != DB_NONE)
			return false;
		if (is_string(n->lhs->type))
			return false;  /* a string's characters: values, not storage we hand out */
		return is_writable(n->lhs);
	case DN_UNARY:
		if (n->op != DOP_DEREF)
			return false;
		if (is_string(n->lhs->type))
			return false;
		if (n->lhs->kind == DN_BINARY && n->lhs->op == DOP_ADD)
			return is_writable(n->lhs->lhs);
		return is_writable(n->lhs);
	case DN_MEMBER:
		return is_writable(n->lhs);
	case DN_CAST:
		/* *(uint64_t *)this->p = v: the cast keeps what the variable reaches writable */
		return res(n->type)->kind == DTY_PTR && is_writable(n->lhs);
	default:
		return false;
	}
}

/* dtrace's DT_NF_BITFIELD: a bit-field member, or any expression whose type is a
 * bit-field's (-st.a, st.a + st.b when a's width ranks higher) */
bool is_bitfield(const struct dnode *n)
{
	if (n->type && is_integer(n->type) && res(n->type)->enc_bits)
		return true;
	if (n->kind != DN_MEMBER)
		return false;
	struct dtype *rec = n->lhs->type;
	if (n->op == DOP_ARROW)
		rec = res(rec)->base;
	int64_t off = 0;
	const struct dmember *m = dtype_member_at(rec, n->name, &off);
	return m && m->bit_width >= 0;
}

/* --- constants and compatibility --------------------------------------------------------- */

void set_int_const(struct dnode *n, struct dtype *t, uint64_t v)
{
	n->type = t;
	n->isconst = true;
	n->cval = trunc_to(t, v);
}

/* The result of an operator over constants: D folds in 64 bits and, unlike C, does not cut
 * the value to the result's type (dtrace's dt_node_op1/op2 keep the uintmax_t they compute):
 * (1 << 63) - 1 is INT64_MAX although its type is int. Only a cast, or storing the value into
 * something narrower, cuts it. */
void set_folded(struct dnode *n, struct dtype *t, uint64_t v)
{
	n->type = t;
	n->isconst = true;
	n->cval = res(t)->kind == DTY_BOOL ? v != 0 : (int64_t)v;
}

struct dtype *int_literal_type(struct ck *c, const struct dnode *n)
{
	if (n->is_char)  /* 'a' is an int; 'abcde' a long, as dtrace types it (dlex.h) */
		return n->longness ? c->tc->t_long : c->tc->t_int;
	/* under ILP32 (dtrace -32) a long constant too large for a 4-byte long is a long long,
	 * the next type C's list of candidates offers (sizeof(0xffffffffff) is 8 there too) */
	if (n->longness == 1 && c->tc->ilp32 &&
	    n->ival > (n->is_unsigned ? (uint64_t)UINT32_MAX : (uint64_t)INT32_MAX))
		return n->is_unsigned ? c->tc->t_ullong : c->tc->t_llong;
	switch (n->longness) {
	case 0: return n->is_unsigned ? c->tc->t_uint : c->tc->t_int;
	case 1: return n->is_unsigned ? c->tc->t_ulong : c->tc->t_long;
	default: return n->is_unsigned ? c->tc->t_ullong : c->tc->t_llong;
	}
}

/* fptr_compat_note: dtrace has one type for the function pointers a D program writes (the
 * "function pointer" of its messages), so any of them goes to, and compares with, any other
 * (observed: void (*fp)(void); fp = (int (*)(int))0x1000 is accepted and prints 1000). */

/* dt_node_is_argcompat: may a value of rp's type be stored where lt is expected */
bool argcompat(struct dtype *lt, const struct dnode *rp)
{
	struct dtype *rt = rp->type;
	if (is_integer(lt) && is_integer(rt))
		return true;
	if (is_strcompat(lt) && is_strcompat(rt))
		return true;
	if (is_stack_type(lt) && is_stack_type(rt))
		return true;
	struct dtype *l = res(lt);
	if (l->kind == DTY_STRUCT || l->kind == DTY_UNION || l->kind == DTY_FUNC)
		return compat_type(lt, rt);
	/* dt_node_is_ptrcompat */
	bool lint = is_integer(lt), rint = is_integer(rt);
	if (lint && rint)
		return false;
	if (lint)
		return false; /* a prototype or variable of integer type */
	if (rint) /* 0 goes to a pointer, or to a string: dtrace's string is a char array */
		return rp->isconst && rp->cval == 0 && (is_pointer(lt) || is_string(lt));
	if (is_string(rt) && is_pointer(lt)) { /* ... so a string goes to void * and char * */
		enum dtype_kind k = res(res(lt)->base)->kind;
		return k == DTY_VOID || k == DTY_CHAR;
	}
	if (is_string(lt) && is_pointer(rt)) { /* and void * and char * go to a string */
		enum dtype_kind k = res(res(rt)->base)->kind;
		return k == DTY_VOID || k == DTY_CHAR;
	}
	if (!is_pointer(lt) || !is_pointer(rt))
		return false;
	struct dtype *lref = res(res(lt)->base), *rref = res(res(rt)->base);
	if (lref->kind == DTY_FUNC && rref->kind == DTY_FUNC)
		return true;  /* function pointers: see fptr_compat_note */
	return lref->kind == DTY_VOID || rref->kind == DTY_VOID || compat_type(lref, rref);
}

/* dt_node_is_ptrcompat for comparisons and ?: (either side may be a 0 constant) */
bool ptrcompat(const struct dnode *lp, const struct dnode *rp)
{
	bool lint = is_integer(lp->type), rint = is_integer(rp->type);
	if (lint && rint)
		return false;
	if (lint && !(lp->isconst && lp->cval == 0))
		return false;
	if (rint && !(rp->isconst && rp->cval == 0))
		return false;
	struct dtype *lt = lint ? rp->type : lp->type;
	struct dtype *rt = rint ? lp->type : rp->type;
	/* dtrace's string is a char array, so it is pointer-compatible with 0, char * and
	 * void * (s == NULL, s != (void *)p) */
	bool ls = is_string(lt), rs = is_string(rt);
	if ((!is_pointer(lt) && !ls) || (!is_pointer(rt) && !rs))
		return false;
	if (ls || rs) {
		struct dtype *other = ls ? rt : lt;
		if (is_string(other))
			return true;
		enum dtype_kind k = res(res(other)->base)->kind;
		return k == DTY_VOID || k == DTY_CHAR;
	}
	struct dtype *lref = res(res(lt)->base), *rref = res(res(rt)->base);
	if (lref->kind == DTY_FUNC && rref->kind == DTY_FUNC)
		return true;  /* function pointers: see fptr_compat_note */
	return lref->kind == DTY_VOID || rref->kind == DTY_VOID || compat_type(lref, rref);
}

void incompat(struct ck *c, const struct dnode *at, const struct dnode *l, const char *op,
		     const struct dnode *r)
{
	struct names ns = {0};
	const char *a = nm(&ns, l->type), *b = nm(&ns, r->type);
	FAILT(c, at, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", a, op, b);
}
