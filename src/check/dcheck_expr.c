/* dcheck_expr.c — operators: unary and binary operators (with constant folding, dfold.h),
 * assignments and the variables they create, ?:, casts, member access and offsetof, with
 * libdtrace's dt_cook_op1/op2/op3 rules and messages. */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "dfold.h"
#include "util.h"

/* --- operators ---------------------------------------------------------------------------- */

/* The operand l of ++, -- or a compound assignment n: a writable lvalue, now written. */
static void modified(struct ck *c, const struct dnode *n, struct dnode *l, const char *op)
{
	if (!is_lvalue(l) && !l->dt_builtin && !l->xlate_lvalue)
		fail_at(c, n, D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", op);
	if (l->dt_builtin || l->xlate_lvalue || !is_writable(l))
		fail_at(c, n, D_OP_WRITE, "operator %s can only be applied to a writable variable", op);
	if (l->var)
		l->var->written = true;
}


/* Whether lvalue l is a member of a struct or union that lives in kernel memory: p->m where p
 * is a kernel type's pointer or points to a kernel struct, s.m where s is a kernel struct. */
static bool in_kernel_struct(const struct dnode *l)
{
	if (l->kind != DN_MEMBER || (l->op != DOP_ARROW && l->op != DOP_DOT))
		return false;
	struct dtype *t = dtype_resolve(l->lhs->type);
	if (!t)
		return false;
	if (l->op == DOP_ARROW) {
		if (t->kind != DTY_PTR)
			return false;
		if (t->kernel)
			return true;
		t = t->base ? dtype_resolve(t->base) : NULL;
	}
	return t && t->kernel;
}

/* Whether n is an identifier D gives no meaning of its own: not a built-in variable, an inline
 * or an enumerator. A variable's name, existing or to be (callers add what else they exclude:
 * self or this alone, a backquoted kernel symbol). */
static bool is_plain_name(struct ck *c, const struct dnode *n)
{
	return n->kind == DN_IDENT && builtin_lookup(n->name) == DB_NONE &&
	       !inline_find(c, n->name) && !is_enumconst(c, n->name);
}

/* The variable l names, created as an int64_t when it does not exist yet: a this-> or self->
 * variable, an element of an associative array (global or self->), and with globals a plain
 * global name that is nothing else. */
static void declare_int64_if_new(struct ck *c, struct dnode *l, bool globals)
{
	if (globals && is_plain_name(c, l) && !strchr(l->name, '`') && !var_find(c, 'g', l->name)) {
		struct dck_var *v = var_new(c, DCK_GLOBAL, l->name, named_type(c, "int64_t"), l);
		v->written = true;
	} else if ((l->kind == DN_SELF || l->kind == DN_THIS) &&
		   !var_find(c, l->kind == DN_SELF ? 's' : 't', l->name)) {
		struct dck_var *v = var_new(c, l->kind == DN_SELF ? DCK_SELF : DCK_THIS, l->name,
					    named_type(c, "int64_t"), l);
		v->written = true;
	} else if (l->kind == DN_INDEX && (l->lhs->kind == DN_IDENT || l->lhs->kind == DN_SELF)) {
		/* counts[k]++ on a new array makes it an int64_t array */
		struct dnode *a = l->lhs;
		char space = a->kind == DN_SELF ? 's' : 'g';
		if (!var_find(c, space, a->name) && (space == 's' || is_plain_name(c, a))) {
			check_assoc(c, l, space, a->name, true);
			l->var->type = named_type(c, "int64_t");
			l->type = l->var->type;
		}
	}
}

/* Pointer arithmetic steps by the pointed-to type's size (Guide, "Pointer Arithmetic"):
 * a kernel struct known by name only so far (curthread's task_struct) gets its body, and so
 * its size, from its source now, as member access would bring it. */
static void pointee_body(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_PTR)
		need_body(c, r->base);
}

/* Whether the operand of & names one of dtrace's dynamic variables whatever its state:
 * self-> and this-> variables, associative array elements (an array not assigned yet
 * included) and global variables declared so far. dtrace refuses their address before it
 * asks whether they were assigned (dtrace -n 'BEGIN { x = &self->y; }' and 'BEGIN { x = &x; }':
 * "cannot take address of dynamic variable"). */
static bool names_dynamic_var(struct ck *c, const struct dnode *l)
{
	if (is_self_or_this(l))
		return false;
	if (l->kind == DN_SELF || l->kind == DN_THIS)
		return true;
	if (l->kind == DN_INDEX && l->lhs->kind == DN_SELF)
		return true;
	const struct dnode *id = l->kind == DN_INDEX ? l->lhs : l;
	if (!is_plain_name(c, id) || strchr(id->name, '`'))
		return false;
	const struct dck_var *v = var_find(c, 'g', id->name);
	if (l->kind == DN_INDEX)
		return v ? v->cls == DCK_ASSOC : !dck_predefined_ident(id->name);
	return v != NULL;
}

void check_unary(struct ck *c, struct dnode *n)
{
	/* the operator as the messages quote it (x++ as ++) */
	const char *op = dop_text(n->op), *opname = op;
	bool incdec = dop_is_incdec(n->op);
	struct dnode *l = n->lhs;
	if (n->op == DOP_ADDROF && l->kind == DN_AGG) {
		/* &@a: an aggregation is dynamic too, once it is known at all (dtrace: &@a of an
		 * @a nothing has assigned is "failed to resolve @a") */
		dck_agg_value_type(c, l);
		fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic variable");
	}
	/* ++/-- may create a variable (int64_t), as dt_cook_op1 does; so does sizeof of a dynamic
	 * variable no clause has assigned yet (dtrace: sizeof (self->x) is 8, and self->x is then
	 * an int64_t) */
	if (incdec)
		declare_int64_if_new(c, l, true);
	else if (n->op == DOP_SIZEOF)
		declare_int64_if_new(c, l, false);
	struct dtype *xt = n->op == DOP_SIZEOF ? xlate_value_type(c, l) : NULL;
	struct dnode *xl = l->kind == DN_UNARY && l->op == DOP_DEREF ? l->lhs : l;
	if (xt && xl->kind == DN_XLATE) {
		/* sizeof (xlate <T> (e)) is sizeof (T) once a translator is found (dtrace:
		 * "cannot translate from ..." without one) */
		dxl_resolve(c, xl);
	}
	if (xt) {
		/* sizeof(curpsinfo): a pointer's size, the translation never made (dtrace: 8);
		 * sizeof(*curpsinfo), sizeof (xlate <T> (e)): the translated type's, as
		 * sizeof(psinfo_t) */
		set_int_const(n, named_type(c, "size_t"), sizeof_value(c, n, xt));
		return;
	}
	if (n->op == DOP_SIZEOF) {
		check_expr(c, l);
		if (is_bitfield(l))
			fail_at(c, n, D_SIZEOF_BITFIELD, "cannot apply sizeof to a bit-field");
		/* as dtrace: a string literal up to its first NUL */
		uint64_t size = l->kind == DN_STRING ? (uint64_t)strnlen(l->str, l->slen) + 1 :
				sizeof_value(c, n, l->type);
		set_int_const(n, named_type(c, "size_t"), size);
		return;
	}
	struct dnode *ax = l->kind == DN_UNARY && l->op == DOP_DEREF ? l->lhs : l;
	if (n->op == DOP_ADDROF && ax->kind == DN_XLATE) {
		/* translated data is made where it is used: it has no address (dtrace -n
		 * '... trace(&xlate <struct o> (p)); ...': cannot take address of dynamic object) */
		dxl_resolve(c, ax);
		fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic object");
	}
	if (n->op == DOP_ADDROF && names_dynamic_var(c, l)) {
		/* dtrace cooks the operand (not as a read) before it refuses its address
		 * (dt_cook_op1), so an element's keys are checked first: an unknown name in a key,
		 * a key the array's key list refuses (dtrace -n 'BEGIN { x[1] = 1; trace(&x["a"]);
		 * }': x[ ] key #1 is incompatible with prototype) */
		if (l->kind == DN_INDEX)
			check_assoc(c, l, l->lhs->kind == DN_SELF ? 's' : 'g', l->lhs->name, true);
		fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic variable");
	}
	/* ++/-- of a thread-local associative array named without keys: dtrace types the
	 * operand as the array and finds it not scalar (dtrace -n 'BEGIN { self->a[1] = 1;
	 * self->a++; }': operator ++ requires operand of scalar type) */
	if (incdec && dck_names_self_assoc(c, l))
		fail_at(c, n, D_OP_SCALAR, "operator %s requires operand of scalar type", opname);
	check_expr(c, l);
	struct dtype *t = l->type;
	uint64_t v = 0;
	switch (n->op) {
	case DOP_STRINGOF:
		if (!is_scalar(t) && !is_pointer(t) && !is_strcompat(t)) {
			struct names ns = {0};
			const char *a = nm(&ns, t);
			FAILT(c, n, &ns, D_STRINGOF_TYPE, "cannot apply stringof to a value of type %s", a);
		}
		n->type = c->tc->t_string;
		return;
	case DOP_NEG: case DOP_PLUS:
		if (!is_integer(t))
			fail_at(c, n, D_OP_ARITH, "operator %s requires an operand of arithmetic type", op);
		n->type = promote(c, t);
		if (l->isconst && dfold_unary(n->op, (uint64_t)l->cval, &v) == DFOLD_OK) {
			/* dt_node_op1: - of an unsigned constant is cut to its type's size,
			 * -(unsigned char)1 is 255 (docs/arithmetic.md) */
			if (n->op == DOP_NEG && type_unsigned(n->type) && res(n->type)->size < 8)
				v = (uint64_t)trunc_to(n->type, v);
			set_folded(n, n->type, v);
		}
		return;
	case DOP_BNOT:
		if (!is_integer(t))
			fail_at(c, n, D_OP_INT, "operator %s requires an operand of integral type", op);
		n->type = promote(c, t);
		if (l->isconst && dfold_unary(n->op, (uint64_t)l->cval, &v) == DFOLD_OK)
			set_folded(n, n->type, v);
		return;
	case DOP_LNOT:
		if (!is_scalar(t))
			fail_at(c, n, D_OP_SCALAR, "operator %s requires an operand of scalar type", op);
		n->type = c->tc->t_int;
		/* dt_node_op1 folds ! of an integer constant keeping the constant's type:
		 * sizeof (!(unsigned char)0) is 1, !(unsigned int)0 - 2 is unsigned */
		if (l->isconst && dfold_unary(n->op, (uint64_t)l->cval, &v) == DFOLD_OK)
			set_int_const(n, is_integer(t) ? promote(c, t) : n->type, v);
		return;
	case DOP_DEREF: {
		struct dtype *r = res(t);
		if (r->kind == DTY_STRING) {
			n->type = c->tc->t_char;  /* dtrace's string is a char array */
			return;
		}
		if (r->kind != DTY_PTR && r->kind != DTY_ARRAY)
			fail_at(c, n, D_DEREF_NONPTR, "cannot dereference non-pointer type");
		enum dtype_kind bk = res(r->base)->kind;
		if (bk == DTY_VOID)
			fail_at(c, n, D_DEREF_VOID, "cannot dereference pointer to void");
		if (bk == DTY_FUNC)
			fail_at(c, n, D_DEREF_FUNC, "cannot dereference pointer to function");
		n->type = r->base;
		/* *p of a struct taken whole (trace(*curthread), print(*p->mm)): its members and
		 * size come from the type's source (the kernel's BTF) now, as member access brings
		 * them; a tag nothing defines stays incomplete, for its users to refuse */
		need_body(c, n->type);
		return;
	}
	case DOP_ADDROF:
		/* a built-in variable (pid, curthread, errno) is one of dtrace's dynamic
		 * variables too: observed with dtrace -n 'BEGIN { trace(&pid); }' */
		if (l->var || l->kind == DN_SELF || l->kind == DN_THIS || l->dt_builtin ||
		    (l->kind == DN_IDENT && l->builtin != DB_NONE) ||
		    (l->kind == DN_INDEX && l->builtin == DB_UREGS))   /* &uregs[0] too */
			fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic variable");
		if (!is_lvalue(l) || l->builtin != DB_NONE)
			fail_at(c, n, D_ADDROF_LVAL, "unacceptable operand for unary & operator");
		if (is_bitfield(l))
			fail_at(c, n, D_ADDROF_BITFIELD, "cannot take address of bit-field");
		n->type = dtype_ptr(c->tc, t);
		/* a member of a struct in kernel memory is in kernel memory: its address is read
		 * as the kernel's (inet_ntoa(&ip->saddr), *&sk->sk_state) */
		n->type->kernel = in_kernel_struct(l);
		return;
	default:
		break;
	}
	/* ++ and -- */
	pointee_body(c, t);
	if (!is_scalar(t))
		fail_at(c, n, D_OP_SCALAR, "operator %s requires operand of scalar type", opname);
	/* (a built-in pointer to translated data, curpsinfo, is void * here only because its
	 * members are not laid out whole: dtrace's psinfo_t * has a size, and is not writable) */
	if (is_vfptr(t) && !l->dt_builtin)
		fail_at(c, n, D_OP_VFPTR, "operator %s requires an operand of known size", opname);
	modified(c, n, l, opname);
	n->type = t;
}

static void fold_binary(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	if (!l->isconst || !r->isconst || !is_integer(n->type))
		return;
	/* the operands' 64-bit values, as folded (see set_folded); the converted operands'
	 * type decides only whether / % < ... are signed, as in dtrace, and / % are C's (the
	 * remainder takes the dividend's sign, unlike the run-time code). Shifts are in 64 bits,
	 * by the count's low 6 bits: dtrace folds with the host's shift, and x86-64's takes the
	 * count modulo 64 (1 << 64 is 1, 1L << 65 is 2, 1UL << -1 is 1UL << 63). */
	uint64_t v = 0;
	bool uns = type_unsigned(arith_result(c, l->type, r->type));
	uint64_t rv = (uint64_t)r->cval;
	if (n->op == DOP_SHL || n->op == DOP_SHR)
		rv &= 63;
	/* dt_node_op2 shifts its uintmax_t: >> of constants is logical whatever the type
	 * (-8 >> 1 is 0x7ffffffffffffffc; at run time it is -4: docs/arithmetic.md) */
	switch (dfold_binary(n->op, (uint64_t)l->cval, rv, uns, true, &v)) {
	case DFOLD_OK: case DFOLD_SHIFT_RANGE:
		set_folded(n, n->type, v);
		return;
	case DFOLD_NONE: case DFOLD_DIV_ZERO:  /* division by 0 failed in check_binary */
		return;
	}
}

static bool cmp_op_kind(enum dop op)
{
	return op == DOP_LT || op == DOP_LE || op == DOP_GT || op == DOP_GE || op == DOP_EQ ||
	       op == DOP_NE;
}

/* A pointer to translated data (curpsinfo) compared with an integer (curpsinfo != NULL):
 * dtrace's translated pointer is of its own dynamic type, which no integer matches (observed:
 * `trace(curpsinfo == NULL)` fails with operands have incompatible types: "pointer to
 * translated data" == "int"). */
static void xlate_ptr_vs_int(struct ck *c, struct dnode *n, const char *op)
{
	bool lptr = false, rptr = false;
	bool lx = xlate_value(c, n->lhs, &lptr) && lptr, rx = xlate_value(c, n->rhs, &rptr) && rptr;
	if (lx && rx && !compat_type(xlate_out_type(c, n->lhs), xlate_out_type(c, n->rhs))) {
		/* two of them compare only when translated to the same type (dtrace:
		 * curpsinfo == curpsinfo holds, curpsinfo != curlwpsinfo is refused) */
		struct names ns = {0};
		FAILT(c, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"pointer to "
		      "translated data\" %s \"pointer to translated data\"", op);
	}
	if (lx == rx)
		return;
	struct dnode *other = lx ? n->rhs : n->lhs;
	check_expr(c, other);
	if (!is_integer(other->type))
		return;
	struct names ns = {0};
	const char *o = nm(&ns, other->type);
	FAILT(c, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"",
	      lx ? "pointer to translated data" : o, op, lx ? o : "pointer to translated data");
}

void check_binary(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	const char *op = dop_text(n->op);
	if (cmp_op_kind(n->op))
		xlate_ptr_vs_int(c, n, op);
	check_expr(c, l);
	check_expr(c, r);
	struct dtype *lt = l->type, *rt = r->type;
	if ((n->op == DOP_DIV || n->op == DOP_MOD) && r->isconst && r->cval == 0 && is_integer(rt))
		fail_at(c, n, D_DIV_ZERO, "expression contains division by zero");
	switch (n->op) {
	case DOP_BAND: case DOP_BOR: case DOP_XOR: case DOP_MOD:
		if (!is_integer(lt) || !is_integer(rt))
			fail_at(c, n, D_OP_INT, "operator %s requires operands of integral type", op);
		n->type = arith_result(c, lt, rt);
		break;
	case DOP_SHL: case DOP_SHR:
		if (!is_integer(lt) || !is_integer(rt))
			fail_at(c, n, D_OP_INT, "operator %s requires operands of integral type", op);
		n->type = promote(c, lt);
		break;
	case DOP_MUL: case DOP_DIV:
		if (!is_integer(lt) || !is_integer(rt))
			fail_at(c, n, D_OP_ARITH, "operator %s requires operands of arithmetic type", op);
		n->type = arith_result(c, lt, rt);
		break;
	case DOP_LAND: case DOP_LOR: case DOP_LXOR:
		if (!is_scalar(lt) || !is_scalar(rt))
			fail_at(c, n, D_OP_SCALAR, "operator %s requires operands of scalar type", op);
		n->type = c->tc->t_int;
		break;
	case DOP_LT: case DOP_LE: case DOP_GT: case DOP_GE: case DOP_EQ: case DOP_NE: {
		bool ok = (is_scalar(lt) && is_scalar(rt) && compat_type(lt, rt)) ||
			  (is_integer(lt) && is_integer(rt)) ||
			  (is_stack_type(lt) && is_stack_type(rt)) ||
			  (is_strcompat(lt) && is_strcompat(rt) && (is_string(lt) || is_string(rt))) ||
			  ptrcompat(l, r);
		if (!ok)
			incompat(c, n, l, op, r);
		n->type = c->tc->t_int;
		break;
	}
	case DOP_ADD: case DOP_SUB: {
		pointee_body(c, lt);
		pointee_body(c, rt);
		bool lptr = is_string(lt) || (is_pointer(lt) && !is_vfptr(lt));
		bool rptr = is_string(rt) || (is_pointer(rt) && !is_vfptr(rt));
		bool lint = is_integer(lt), rint = is_integer(rt);
		if (lint && rint)
			n->type = arith_result(c, lt, rt);
		else if (lptr && rint)
			n->type = lt;
		else if (lint && rptr && n->op == DOP_ADD)
			n->type = rt;
		else if (lptr && rptr && n->op == DOP_SUB && !is_string(lt) && !is_string(rt) &&
			 ptrcompat(l, r))  /* (string addresses are ours, not the program's) */
			n->type = named_type(c, "ptrdiff_t");
		else
			incompat(c, n, l, op, r);
		if (res(n->type)->kind == DTY_ARRAY)
			n->type = dtype_ptr(c->tc, res(n->type)->base);  /* the array decays */
		if (res(lt)->kind == DTY_ARRAY && r->isconst && res(lt)->array_len >= 0 &&
		    (uint64_t)r->cval >= (uint64_t)res(lt)->array_len)
			fail_at(c, n, D_ARR_BOUNDS, "index outside array bounds: %llu, max is %i",
				(unsigned long long)r->cval, (int)res(lt)->array_len);
		break;
	}
	default:
		fail_at(c, n, D_UNKNOWN, "invalid binary op %s", op);
	}
	fold_binary(c, n);
}

/* The variable an assignment's left side names, created if this is its first assignment. */
void check_assign_target(struct ck *c, struct dnode *l, struct dnode *rhs_checked)
{
	switch (l->kind) {
	case DN_IDENT: {
		enum dbuiltin b = builtin_lookup(l->name);
		/* `sym names a kernel variable, never a D one: resolved (or refused) as a read
		 * is; the Guide ("External Variables") allows no operator that modifies one */
		if (b != DB_NONE || inline_find(c, l->name) || is_self_or_this(l) ||
		    strchr(l->name, '`') || is_enumconst(c, l->name)) {
			check_expr(c, l);
			return;
		}
		refuse_callable_as_scalar(c, l);
		struct dck_var *v = var_find(c, 'g', l->name);
		if (v && v->cls == DCK_ASSOC)
			fail_at(c, l, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", l->name);
		if (!v)
			v = var_new(c, DCK_GLOBAL, l->name, NULL, l);
		if (!v->type)
			v->type = rhs_checked->type;
		l->var = v;
		l->type = v->type;
		return;
	}
	case DN_SELF: case DN_THIS: {
		char space = l->kind == DN_SELF ? 's' : 't';
		struct dck_var *v = var_find(c, space, l->name);
		if (v && v->nkeys > 0) {
			/* self->a = v, a a thread-local associative array: dtrace holds v against
			 * the array's dynamic type (dtrace -n 'BEGIN { self->a[1] = 1; self->a =
			 * 2; }': operands have incompatible types: "associative array" = "int") */
			struct names ns = {0};
			FAILT(c, l, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"associative "
			      "array\" = \"%s\"", nm(&ns, rhs_checked->type));
		}
		if (!v)
			v = var_new(c, space == 's' ? DCK_SELF : DCK_THIS, l->name, NULL, l);
		if (!v->type)
			v->type = rhs_checked->type;
		l->var = v;
		l->type = v->type;
		return;
	}
	case DN_INDEX: {
		struct dnode *a = l->lhs;
		bool assoc = false;
		char space = 'g';
		if (is_plain_name(c, a)) {
			struct dck_var *v = var_find(c, 'g', a->name);
			assoc = !v || v->cls == DCK_ASSOC;
		} else if (a->kind == DN_SELF) {
			struct dck_var *v = var_find(c, 's', a->name);
			assoc = !v || v->nkeys > 0;
			space = 's';
		} else if (a->kind == DN_THIS && !var_find(c, 't', a->name)) {
			fail_at(c, l, D_ARR_LOCAL, "local variables may not be used as associative arrays: %s",
				a->name);
		}
		if (!assoc) {
			check_expr(c, l);
			return;
		}
		check_assoc(c, l, space, a->name, true);
		if (!l->var->type && rhs_checked)
			l->var->type = rhs_checked->type;
		l->type = l->var->type;
		return;
	}
	default:
		check_expr(c, l);
	}
}

/* Whether the variable an assignment to l writes exists already (and so has a type). */
static bool assigned_before(struct ck *c, const struct dnode *l)
{
	const struct dnode *v = l->kind == DN_INDEX ? l->lhs : l;
	char cls = v->kind == DN_SELF ? 's' : v->kind == DN_THIS ? 't' : 'g';
	if (v->kind != DN_IDENT && v->kind != DN_SELF && v->kind != DN_THIS)
		return true;
	const struct dck_var *var = var_find(c, cls, v->name);
	return var && var->type;  /* (x = ... declares x untyped before checking the value) */
}

/* x = ... where x is a new global name: dtrace creates x, untyped, before it checks the
 * value, so a value that reads x finds it declared but not yet assigned (dtrace -n
 * 'BEGIN { y = y + 1; }': "y has not yet been declared or assigned", not "failed to
 * resolve"). The names check_assign_target would not make a variable of are left alone. */
static void declare_untyped_global(struct ck *c, struct dnode *l)
{
	if (!is_plain_name(c, l) || is_self_or_this(l) || strchr(l->name, '`') ||
	    var_find(c, 'g', l->name) || dck_predefined_ident(l->name))
		return;
	var_new(c, DCK_GLOBAL, l->name, NULL, l);
}

void check_assign(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	const char *op = dop_text(n->op);
	bool div = n->op == DOP_DIV_ASSIGN || n->op == DOP_MOD_ASSIGN;
	if (l->kind == DN_AGG) {
		check_agg_assign(c, n);
		return;
	}
	/* curpsinfo = v: dtrace holds v against the dynamic type of a pointer to translated
	 * data, which nothing matches, before it finds curpsinfo not writable (dtrace -n
	 * 'BEGIN { curpsinfo = 0; }': operands have incompatible types: "pointer to translated
	 * data" = "int") */
	bool lptr, rptr = false;
	if (n->op == DOP_ASSIGN && xlate_value(c, l, &lptr) && lptr) {
		if (!(xlate_value(c, r, &rptr) && rptr))
			check_expr(c, r);
		struct names ns = {0};
		FAILT(c, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"pointer to "
		      "translated data\" %s \"%s\"", op, rptr ? "pointer to translated data" :
		      nm(&ns, r->type));
	}
	/* x = curpsinfo is x = xlate <...> (...), typed by the inline's declaration (DTrace for
	 * Linux's curcpu is a built-in pointer, not translated data: left to dxl_value) */
	bool named = r->kind == DN_IDENT && n->op == DOP_ASSIGN && strcmp(r->name, "curcpu") != 0 &&
		     expand_xlate_inline(c, r);
	if (r->kind == DN_XLATE && n->op == DOP_ASSIGN) {
		dxl_assign(c, n, named);
		return;
	}
	if (div && r->kind == DN_INT && r->ival == 0)
		fail_at(c, n, D_DIV_ZERO, "expression contains division by zero");
	/* `=` cooks its value first when the target is a variable's name, but any other
	 * target before it: dt_cook_op2 cooks the target first, and only a name needs the
	 * value's type to be checked (dtrace -n 'int x[int]; BEGIN { x["a"] = y; }': x[ ] key
	 * #1 is incompatible with prototype, not "failed to resolve y"; 'BEGIN { &1 = s.zz; }':
	 * unacceptable operand for unary & operator); an element of an array not yet typed
	 * takes the value's type below. A compound assignment cooks its target first too. */
	bool keys_first = n->op == DOP_ASSIGN && l->kind != DN_IDENT && l->kind != DN_SELF &&
			  l->kind != DN_THIS;
	if (n->op == DOP_ASSIGN) {
		declare_untyped_global(c, l);
		if (keys_first)
			check_assign_target(c, l, NULL);
		check_expr(c, r);
		no_stack_value(c, r);
	}
	if (n->op == DOP_ASSIGN && dck_is_agg_value(c, r->type) && !assigned_before(c, l))
		/* no variable takes an aggregation's type: one not yet typed reads "scalar" (an
		 * associative array "associative array") */
		fail_at(c, n, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"aggregation\"",
			l->kind == DN_INDEX ? "associative array" : "scalar", op);
	if (keys_first) {
		if (l->var && !l->var->type)
			l->var->type = r->type;
		if (l->var)
			l->type = l->var->type;
	} else if (n->op == DOP_ASSIGN) {
		check_assign_target(c, l, r);
	} else {
		/* compound assignments read the target first: it must exist. dtrace creates a
		 * plain name here and then finds it unassigned (dt_cook_op2, then dt_cook_var) */
		if (is_plain_name(c, l) && !is_self_or_this(l) && !strchr(l->name, '`') &&
		    !var_find(c, 'g', l->name))
			fail_at(c, l, D_VAR_UNDEF, "%s has not yet been declared or assigned", l->name);
		check_expr(c, l);
		check_expr(c, r);
	}
	struct dtype *lt = l->type, *rt = r->type;
	if (div && r->isconst && r->cval == 0 && is_integer(rt))
		fail_at(c, n, D_DIV_ZERO, "expression contains division by zero");
	switch (n->op) {
	case DOP_ASSIGN: {
		if (!is_string(lt)) {
			enum dtype_kind k = res(lt)->kind;
			if (k == DTY_ARRAY || k == DTY_FUNC) {
				struct names ns = {0};
				const char *a = nm(&ns, lt);
				FAILT(c, n, &ns, D_OP_ARRFUN, "operator %s may not be applied to operand of type \"%s\"",
				      op, a);
			}
		}
		/* 0 stored to a dynamic variable (self->, an associative array element) frees
		 * it, whatever its type: dtrace accepts it for a struct or union one too */
		bool del = l->var && (l->var->cls == DCK_SELF || l->var->cls == DCK_ASSOC) &&
			   r->isconst && r->cval == 0 && is_integer(rt);
		if (!del && is_aggfunc_value(rt) && lt == rt) {
			/* a variable first assigned here took the value's dynamic type: dtrace
			 * names it by its kind (dt_node_type_name of a dynamic identifier) */
			struct names ns = {0};
			FAILT(c, n, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"",
			      l->kind == DN_INDEX ? "associative array" : "scalar", op, nm(&ns, rt));
		}
		if (!del && !argcompat(lt, r))
			incompat(c, n, l, op, r);
		break;
	}
	case DOP_ADD_ASSIGN: case DOP_SUB_ASSIGN:
		pointee_body(c, lt);
		if (is_string(lt) || is_string(rt))
			incompat(c, n, l, op, r);
		if (!is_integer(lt) || !is_integer(rt)) {
			if (!is_pointer(lt) || (is_vfptr(lt) && !l->dt_builtin))
				fail_at(c, n, D_OP_VFPTR, "operator %s requires left-hand scalar operand of known size",
					op);
			else if (!is_integer(rt))
				/* p += q would add two pointers, and p -= q store a ptrdiff_t in a
				 * pointer, which p = p - q refuses ("int *" = "ptrdiff_t"); dtrace
				 * lets both past its checker and then fails an assertion in its
				 * code generator (dt_cg_arithmetic_op) */
				incompat(c, n, l, op, r);
		}
		break;
	case DOP_MUL_ASSIGN: case DOP_DIV_ASSIGN:
		if (!is_integer(lt) || !is_integer(rt))
			fail_at(c, n, D_OP_ARITH, "operator %s requires operands of arithmetic type", op);
		break;
	default:
		if (!is_integer(lt) || !is_integer(rt))
			fail_at(c, n, D_OP_INT, "operator %s requires operands of integral type", op);
	}
	modified(c, n, l, op);
	n->type = lt;
}

/* An aggregation or an aggregating assignment: dtrace's values of dynamic type. */
static bool is_aggregating(const struct dnode *n)
{
	return n->kind == DN_AGG || (n->kind == DN_ASSIGN && n->lhs->kind == DN_AGG);
}

void check_cond(struct ck *c, struct dnode *n)
{
	check_expr(c, n->cond);
	check_expr(c, n->lhs);
	check_expr(c, n->rhs);
	struct dnode *l = n->lhs, *r = n->rhs;
	if (!is_scalar(n->cond->type))
		fail_at(c, n, D_OP_SCALAR, "operator ?: expression must be of scalar type");
	if (is_aggregating(l) || is_aggregating(r))
		fail_at(c, n, D_OP_DYN, "operator ?: operands cannot be of dynamic type");
	if (is_integer(l->type) && is_integer(r->type))
		n->type = arith_result(c, l->type, r->type);  /* C: c ? (char)1 : (char)2 is int */
	else if (compat_type(l->type, r->type))
		n->type = l->type;
	else if (is_strcompat(l->type) && is_strcompat(r->type) &&
		 (is_string(l->type) || is_string(r->type)))
		n->type = c->tc->t_string;
	else if (ptrcompat(l, r))
		n->type = is_string(l->type) || is_string(r->type) ? c->tc->t_string :
			  is_integer(l->type) ? r->type :
			  is_integer(r->type) ? l->type :
			  res(res(r->type)->base)->kind == DTY_VOID ? l->type : r->type;
	else  /* dt_cook_op3 checks the types before the actions */
		fail_at(c, n, D_OP_INCOMPAT, "operator ?: operands must have compatible types");
	if ((l->kind == DN_CALL && dsubr_is_action(l->subr)) ||
	    (r->kind == DN_CALL && dsubr_is_action(r->subr)))
		fail_at(c, n, D_OP_ACT, "action cannot be used in a conditional context");
	if (n->cond->isconst && l->isconst && r->isconst && is_integer(n->type))
		set_folded(n, n->type, (uint64_t)(n->cond->cval ? l->cval : r->cval));
}

/* Casts as dt_cook_op2's DT_TOK_LPAR allows them. */
void check_cast(struct ck *c, struct dnode *n)
{
	if (n->lhs->kind == DN_XLATE)
		dxl_cast(c, n);
	check_expr(c, n->lhs);
	struct dtype *to = n->ctype, *from = n->lhs->type;
	bool ok = compat_type(to, from) ||
		  (is_scalar(to) && (is_scalar(from) || res(from)->kind == DTY_FUNC)) ||
		  is_void(to) ||
		  (res(to)->kind == DTY_PTR && is_pointer(from)) ||
		  (is_string(to) && (is_scalar(from) || is_pointer(from) || is_strcompat(from))) ||
		  (n->xlated && is_strcompat(to) && is_string(from));
	if (dck_is_agg_value(c, from))
		ok = false;  /* (void)@a too: an aggregation is no value (dtrace fails internally) */
	if (!ok) {
		struct names ns = {0};
		const char *a = nm(&ns, from), *b = nm(&ns, to);
		FAILT(c, n, &ns, D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"", a, b);
	}
	n->type = to;
	if (n->lhs->isconst && is_integer(to) && n->uncut) {
		set_folded(n, to, (uint64_t)n->lhs->cval);
	} else if (n->lhs->isconst && is_integer(to)) {
		/* as the run-time cast (dfold_cast_cuts): (int)((unsigned char)255 + 1) keeps 256 */
		struct dtype *f = res(from), *t = res(to);
		if (is_integer(from) && f->kind != DTY_BOOL && t->kind != DTY_BOOL &&
		    !dfold_cast_cuts(f->size, type_unsigned(from), t->size, type_unsigned(to)))
			set_folded(n, to, (uint64_t)n->lhs->cval);
		else
			set_int_const(n, to, (uint64_t)n->lhs->cval);
	}
}

void check_member(struct ck *c, struct dnode *n)
{
	check_expr(c, n->lhs);
	struct dtype *t = res(n->lhs->type);
	bool arrow = n->op == DOP_ARROW;
	struct names ns = {0};
	if (arrow) {
		if (t->kind != DTY_PTR)
			fail_at(c, n, D_OP_PTR, "operator %s must be applied to a pointer",
				dop_text(n->op));
		t = res(t->base);
	}
	if ((t->kind == DTY_STRUCT || t->kind == DTY_UNION) && !need_body(c, t)) {
		const char *a = nm(&ns, t);
		FAILT(c, n, &ns, D_OP_INCOMPLETE, "operator %s cannot be applied to a forward declaration: "
		      "no %s definition is available", dop_text(n->op), a);
	}
	if (t->kind != DTY_STRUCT && t->kind != DTY_UNION) {
		const char *a = nm(&ns, t);
		if (arrow)
			FAILT(c, n, &ns, D_OP_SOU, "operator -> cannot be applied to pointer to type \"%s\"; "
			      "must be applied to a struct or union pointer", a);
		FAILT(c, n, &ns, D_OP_SOU, "operator %s cannot be applied to type \"%s\"; must be applied "
		      "to a struct or union", dop_text(n->op), a);
	}
	int64_t off = 0;
	const struct dmember *m = dtype_member_at(t, n->name, &off);
	if (!m) {
		const char *a = nm(&ns, t);
		FAILT(c, n, &ns, D_TYPE_MEMBER, "%s is not a member of %s", n->name, a);
	}
	n->type = m->type;
}

void check_offsetof(struct ck *c, struct dnode *n)
{
	struct dtype *t = res(n->ctype);
	/* a declared, undefined tag is CTF's forward, not a struct or union, to dtrace */
	if ((t->kind != DTY_STRUCT && t->kind != DTY_UNION) || forward_tag(c, t))
		fail_at(c, n, D_OFFSETOF_TYPE, "offsetof operand must be a struct or union type");
	int64_t off = 0;
	const struct dmember *m = dtype_member_at(t, n->name, &off);
	if (!m)  /* found building the tree, as offsetof is folded: no region */
		fail_cg(c, n, D_UNKNOWN, "failed to determine offset of %s: Member name not found.", n->name);
	if (m->bit_width >= 0)
		fail_at(c, n, D_OFFSETOF_BITFIELD, "cannot take offset of a bit-field: %s", n->name);
	set_int_const(n, off > INT32_MAX ? c->tc->t_long : c->tc->t_int, (uint64_t)off);
}
