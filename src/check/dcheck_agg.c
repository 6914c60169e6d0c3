/* dcheck_agg.c — aggregations: `@name[keys] = func(args)` (functions, keys, lquantize and
 * llquantize parameters and their agreement between uses), the aggregation actions (printa,
 * trunc, clear, normalize, denormalize, setopt), and the checks made once the whole program is
 * known (every aggregation defined, printa formats against keys). */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "dfmt.h"
#include "util.h"

/* --- aggregations ---------------------------------------------------------------------------- */

static const char *const agg_funcs[] = {
	[AGG_COUNT] = "count", [AGG_SUM] = "sum", [AGG_AVG] = "avg", [AGG_MIN] = "min",
	[AGG_MAX] = "max", [AGG_STDDEV] = "stddev", [AGG_QUANTIZE] = "quantize",
	[AGG_LQUANTIZE] = "lquantize", [AGG_LLQUANTIZE] = "llquantize",
};

int agg_func_lookup(const char *name)
{
	for (int f = 0; f < (int)(sizeof(agg_funcs) / sizeof(agg_funcs[0])); f++)
		if (strcmp(agg_funcs[f], name) == 0)
			return f;
	return -1;
}

/* The aggregation @name, created (with the next id) on first sight. */
static struct dck_agg *agg_get(struct ck *c, const struct dnode *at)
{
	struct dck_prog *p = c->out;
	for (int i = 0; i < p->naggs; i++)
		if (strcmp(p->aggs[i]->name, at->name) == 0)
			return p->aggs[i];
	struct dck_agg *a = xcalloc(1, sizeof(*a));
	a->name = xstrdup(at->name);
	a->id = p->naggs;
	a->func = -1;
	a->nkeys = -1;
	a->pos = at->pos;
	p->aggs = xrealloc(p->aggs, sizeof(*p->aggs) * (size_t)(p->naggs + 1));
	p->aggs[p->naggs++] = a;
	return a;
}

/* Which symbol address type t is: 0 none, 1 a user one (_usymaddr), 2 a kernel one
 * (_symaddr); keys of different ones do not mix. */
static int symaddr_kind(const struct dtype *t)
{
	if (t->kind != DTY_TYPEDEF || !t->name)
		return 0;
	return strcmp(t->name, "_usymaddr") == 0 ? 1 : strcmp(t->name, "_symaddr") == 0 ? 2 : 0;
}

/* A key no signature can hold (a struct, an array that is not a string). Checked after the
 * aggregating function's own checks: DTrace for Linux has no such check (it fails an assertion
 * building the key's record, after dt_cg's function checks), so this refusal, the Guide's,
 * must not hide an error dtrace reports (dtrace -n 'BEGIN { @a[*curthread] = sum("x"); }':
 * D_AGG_SCALAR). */
static void agg_key_types(struct ck *c, const struct dnode *n)
{
	int i = 0;
	for (struct dnode *k = n->args; k; k = k->next, i++) {
		if (!is_scalar(k->type) && !is_string(k->type) && !is_char_array(k->type) &&
		    !dck_is_ukey(k)) {
			struct names ns = {0};
			const char *t = nm(&ns, k->type);
			FAILT(c, n, &ns, D_KEY_TYPE, "%s expression may not be used as aggregation index: key #%d",
			      t, i + 1);
		}
	}
}

/* Keys: checked, then set as the signature or held against it (dt_idcook_sign with prefix "@"
 * and suffix "[ ]"); true when this use set the signature (agg_key_types is then due). */
static bool agg_keys(struct ck *c, struct dnode *n, struct dck_agg *a)
{
	int kno = 1;
	bool xptr;
	for (struct dnode *k = n->args; k; k = k->next, kno++)
		if (a->nkeys < 0 && xlate_value(c, k, &xptr))   /* dt_idcook_sign, dynamic type */
			fail_at(c, n, D_KEY_TYPE, "%s expression may not be used as aggregation index: "
				"key #%d", xptr ? "pointer to translated data" : "translated data", kno);
	check_list(c, n->args);
	check_tuple_size(c, n->args);
	int argc = list_len(n->args), i = 0;
	/* the first use makes the signature; later uses are held against it (dt_idcook_sign:
	 * D_PROTO_LEN, D_PROTO_ARG) */
	if (a->nkeys < 0) {
		a->nkeys = argc;
		a->keys = xcalloc((size_t)(argc ? argc : 1), sizeof(*a->keys));
		i = 0;
		/* a char array (curpsinfo->pr_psargs) is its string, as Solaris DTrace keys and
		 * prints it; DTrace for Linux fails an assertion on `@[curthread->comm]` */
		for (struct dnode *k = n->args; k; k = k->next)
			a->keys[i++] = is_char_array(k->type) ? c->tc->t_string : k->type;
		return true;
	}
	if (argc != a->nkeys)
		fail_at(c, n, D_PROTO_LEN, "@%s[ ] prototype mismatch: %d key%spassed, %d expected",
			dck_agg_label(a->name), argc,
			argc == 1 ? " " : "s ", a->nkeys);
	i = 0;
	for (struct dnode *k = n->args; k; k = k->next, i++) {
		if (a->keys[i] == k->type)
			continue;   /* the same type node: "stack" keys too (a typedef of void) */
		/* a symbol key (_usymaddr, _symaddr) is an integer to argcompat, but not to the
		 * key's layout */
		if (!argcompat(a->keys[i], k) || symaddr_kind(a->keys[i]) != symaddr_kind(k->type)) {
			struct names ns = {0};
			const char *pt = nm(&ns, a->keys[i]), *b = nm(&ns, k->type);
			FAILT(c, n, &ns, D_PROTO_ARG, "@%s[ ] key #%d is incompatible with prototype:\n"
			      "\tprototype: %s\n\t      key: %s", dck_agg_label(a->name), i + 1, pt, b);
		}
	}
	return false;
}

/* The aggregating function's arguments: arity and prototypes (dt_open.c declares count
 * "void()", sum..stddev "void(@)", quantize "void(@, ...)", lquantize "void(@, int32_t,
 * int32_t, ...)", llquantize "void(@, int32_t, int32_t, int32_t, int32_t, ...)"), then
 * dt_compile_agg's rules. */
static const int min_args[] = { 0, 1, 1, 1, 1, 1, 1, 3, 5 };
static const int max_args[] = { 0, 1, 1, 1, 1, 1, 2, 5, 6 };

void agg_func_keyed(struct ck *c, const struct dnode *n, const char *name)
{
	int f = agg_func_lookup(name);
	if (f < 0 || min_args[f] == 0)
		return;
	fail_at(c, n, D_PROTO_LEN, "%s( ) prototype mismatch: 0 args passed, %s%d expected", name,
		f >= AGG_QUANTIZE ? "at least " : "", min_args[f]);
}

void agg_func_arity(struct ck *c, const struct dnode *call, int f)
{
	int argc = list_len(call->args);
	bool varargs = f >= AGG_QUANTIZE;
	if (argc < min_args[f] || (!varargs && argc > max_args[f]))
		fail_at(c, call, D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected",
			agg_funcs[f], argc, argc == 1 ? " " : "s ", varargs ? "at least " : "",
			min_args[f]);
}

/* The function call's own cooking (dt_idcook_func): its arguments, their number, the int32_t
 * prototypes of lquantize's and llquantize's parameters. dtrace does this before it looks at
 * the aggregation (dt_node_op2 cooks the right-hand side first). */
static void agg_func_cook(struct ck *c, struct dnode *call, int f)
{
	check_list(c, call->args);
	agg_func_arity(c, call, f);
	int i = 0;
	for (struct dnode *p = call->args ? call->args->next : NULL; p && i < min_args[f] - 1;
	     p = p->next, i++) {
		struct dtype *pt = named_type(c, "int32_t");
		if (!argcompat(pt, p)) {
			struct names ns = {0};
			const char *b = nm(&ns, p->type);
			FAILT(c, call, &ns, D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n"
			      "\tprototype: int32_t\n\t argument: %s", agg_funcs[f], i + 2, b);
		}
	}
}

/* The rest of the function's rules, as dtrace's code generator applies them (dt_cg.c), after
 * the keys have been cooked. */
static void agg_func_args(struct ck *c, struct dnode *n, struct dnode *call, struct dck_agg *a,
			  int f)
{
	if (call->args && !is_scalar(call->args->type))
		fail_at(c, call, D_AGG_SCALAR, "%s( ) argument #1 must be of scalar type", agg_funcs[f]);
	int64_t arg[4] = {0};
	int nargs = 0;
	struct dnode *incr = NULL;
	if (f == AGG_LQUANTIZE) {
		struct dnode *a1 = call->args->next, *a2 = a1->next, *a3 = a2->next;
		if (!a1->isconst)
			fail_at(c, a1, D_LQUANT_BASETYPE, "lquantize( ) argument #1 must be an integer constant");
		int64_t base = a1->cval;
		if (base < INT32_MIN || base > INT32_MAX)
			fail_at(c, a1, D_LQUANT_BASEVAL, "lquantize( ) argument #1 must be a 32-bit quantity");
		if (!a2->isconst)
			fail_at(c, a2, D_LQUANT_LIMTYPE, "lquantize( ) argument #2 must be an integer constant");
		int64_t limit = a2->cval;
		if (limit < INT32_MIN || limit > INT32_MAX)
			fail_at(c, a2, D_LQUANT_LIMVAL, "lquantize( ) argument #2 must be a 32-bit quantity");
		/* base == limit is refused here too, before the step is looked at (dtrace -n
		 * 'BEGIN { @ = lquantize(1, 10, 10); }': "must be less than limit", as the words say) */
		if (limit <= base)
			fail_at(c, n, D_LQUANT_MISMATCH, "lquantize( ) base (argument #1) must be less than limit "
				"(argument #2)");
		int64_t step = 1;
		if (a3) {
			if (!a3->isconst || a3->cval <= 0)
				fail_at(c, a3, D_LQUANT_STEPTYPE, "lquantize( ) argument #3 must be a non-zero positive "
					"integer constant");
			if ((step = a3->cval) > UINT16_MAX)
				fail_at(c, a3, D_LQUANT_STEPVAL, "lquantize( ) argument #3 must be a 16-bit quantity");
		}
		int64_t nlevels = (limit - base) / step;
		if (nlevels == 0)
			fail_at(c, n, D_LQUANT_STEPLARGE, "lquantize( ) step (argument #3) too large: must have at least "
				"one quantization level");
		if (nlevels > UINT16_MAX)
			fail_at(c, n, D_LQUANT_STEPSMALL, "lquantize( ) step (argument #3) too small: number of "
				"quantization levels must be a 16-bit quantity");
		if (a->nargs) {
			int64_t olevels = (a->arg[1] - a->arg[0]) / a->arg[2];
			if (a->arg[0] != base)
				fail_at(c, n, D_LQUANT_MATCHBASE, "lquantize( ) base (argument #1) doesn't match previous "
					"declaration: expected %d, found %d", (int)a->arg[0], (int)base);
			if (olevels * a->arg[2] != nlevels * step)
				fail_at(c, n, D_LQUANT_MATCHLIM, "lquantize( ) limit (argument #2) doesn't match previous "
					"declaration: expected %d, found %d",
					(int)(a->arg[0] + olevels * a->arg[2]),
					(int)(base + nlevels * step));
			if (a->arg[2] != step)
				fail_at(c, n, D_LQUANT_MATCHSTEP, "lquantize( ) step (argument #3) doesn't match previous "
					"declaration: expected %d, found %d", (int)a->arg[2], (int)step);
		}
		/* dtrace keeps base, levels and step: the upper bound it prints is
		 * base + levels * step */
		arg[0] = base;
		arg[1] = base + nlevels * step;
		arg[2] = step;
		nargs = 3;
		incr = a3 ? a3->next : NULL;
	} else if (f == AGG_LLQUANTIZE) {
		/* dt_cg.c's llquantize checks, in its order: each argument's type then value, the
		 * magnitudes against each other, the steps against the factor, then the previous
		 * declaration's parameters. */
		static const char *const val_msg[] = {
			"must be an unsigned 16-bit quantity greater than or equal to 2",
			"must be an unsigned 16-bit quantity", "must be an unsigned 16-bit quantity",
			"must be an unsigned 16-bit quantity" };
		static const enum dtag type_tag[] = { D_LLQUANT_FACTORTYPE, D_LLQUANT_LMAGTYPE,
						      D_LLQUANT_HMAGTYPE, D_LLQUANT_STEPTYPE };
		static const enum dtag val_tag[] = { D_LLQUANT_FACTORVAL, D_LLQUANT_LMAGVAL,
						     D_LLQUANT_HMAGVAL, D_LLQUANT_STEPVAL };
		struct dnode *p = call->args->next, *argn[4];
		for (int k = 0; k < 4; k++, p = p->next) {
			argn[k] = p;
			if (k == 3) {
				/* the magnitudes are checked against each other before the steps */
				if (arg[2] < arg[1])
					fail_at(c, argn[2], D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high "
						"magnitude) must be at least argument #2 (low magnitude)");
				/* factor^(hmag + 1) must fit 64 bits */
				uint64_t pw = 1;
				for (int64_t e = 0; e <= arg[2]; e++) {
					if (pw > UINT64_MAX / (uint64_t)arg[0])
						fail_at(c, argn[2], D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high "
							"magnitude) will cause overflow of 64 bits");
					pw *= (uint64_t)arg[0];
				}
			}
			if (!p->isconst || (k == 3 && p->cval <= 0))
				fail_at(c, p, type_tag[k], "llquantize( ) argument #%d must be %s", k + 1,
					k == 3 ? "a non-zero positive integer constant" : "an integer constant");
			if ((uint64_t)p->cval > UINT16_MAX || (k == 0 && p->cval < 2))
				fail_at(c, p, val_tag[k], "llquantize( ) argument #%d %s", k + 1, val_msg[k]);
			arg[k] = p->cval;
		}
		incr = p;
		if (arg[3] < arg[0] && arg[0] % arg[3])
			fail_at(c, argn[0], D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide "
				"argument #1 (factor) when steps<factor");
		if (arg[3] > arg[0]) {
			if (arg[3] % arg[0])
				fail_at(c, argn[0], D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must be a "
					"multiple of argument #1 (factor) when steps>factor");
			uint64_t pw = 1; /* factor^(lmag + 1), at least factor^2; fits: checked above */
			for (int64_t e = 0; e <= (arg[1] ? arg[1] : 1); e++)
				pw *= (uint64_t)arg[0];
			if (pw % (uint64_t)arg[3]) {
				if (arg[1] == 0)
					fail_at(c, argn[0], D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must "
						"evenly divide the square of argument #1 (factor) when "
						"steps>factor and lmag==0");
				fail_at(c, argn[0], D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly "
					"divide pow(argument #1 (factor), lmag (argument #2) + 1) when "
					"steps>factor and lmag>0");
			}
		}
		static const char *const match_name[] = { "factor", "lmag", "hmag", "steps" };
		static const enum dtag match_tag[] = { D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHLMAG,
						       D_LLQUANT_MATCHHMAG, D_LLQUANT_MATCHSTEPS };
		if (a->nargs)
			for (int k = 0; k < 4; k++)
				if (a->arg[k] != arg[k])
					fail_at(c, n, match_tag[k], "llquantize() %s (argument #%d) doesn't match "
						"previous declaration: expected %d, found %d", match_name[k],
						k + 1, (int)a->arg[k], (int)arg[k]);
		nargs = 4;
	} else if (f == AGG_QUANTIZE) {
		incr = call->args->next;
	}
	if (incr) {
		int argmax = max_args[f];
		if (!is_scalar(incr->type))
			fail_cg(c, n, D_PROTO_ARG, "%s( ) increment value (argument #%d) must be of scalar type",
				agg_funcs[f], argmax);
		/* an argument past the increment: dtrace finds it generating the aggregation's
		 * code, so its message names no region (observed: dtrace -n
		 * 'BEGIN { @ = quantize(1, 2, 3); }') */
		if (incr->next)
			fail_cg(c, incr, D_PROTO_LEN, "%s( ) prototype mismatch: %d args passed, at most %d "
				"expected", agg_funcs[f], argmax + list_len(incr->next), argmax);
	}
	memcpy(a->arg, arg, sizeof(arg));
	a->nargs = nargs;
}

/* agg_func_args through gen_check_deferred */
struct agg_func_job {
	struct dnode *call;
	struct dck_agg *a;
	int f;
	const struct dnode *keyed;   /* the aggregation whose key types are then due, or NULL */
};

static void agg_func_args_cb(struct ck *c, struct dnode *n, const void *arg)
{
	const struct agg_func_job *j = arg;
	agg_func_args(c, n, j->call, j->a, j->f);
	if (j->keyed)
		agg_key_types(c, j->keyed);
}

struct dtype *dck_agg_value_type(struct ck *c, const struct dnode *n)
{
	/* @a is resolved as any variable is (an aggregating assignment above created it);
	 * @a[k] is not resolved at all, as dtrace cooks it */
	struct dck_prog *p = c->out;
	int i = 0;
	while (i < p->naggs && strcmp(p->aggs[i]->name, n->name) != 0)
		i++;
	if (!n->args && (i == p->naggs || !p->aggs[i]->defined))
		fail_at(c, n, D_IDENT_UNDEF, "failed to resolve @%s: Unknown variable name",
			dck_agg_label(n->name));
	if (!c->agg_value)
		c->agg_value = dtype_typedef(c->tc, "aggregation", c->tc->t_void);
	return c->agg_value;
}

bool dck_is_agg_value(const struct ck *c, const struct dtype *t)
{
	return t && t == c->agg_value;
}

/* @name[keys] = func(args) (dt_node_op2's DT_TOK_ASGN for aggregations, then dt_compile_agg). */
void check_agg_assign(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	if (n->op != DOP_ASSIGN) {
		/* A compound assignment cooks its left side as an ordinary operand (dtrace -x errtags
		 * -e -n 'BEGIN { @a = count(); @a += 1; }'): @a alone is then a variable never
		 * declared, even after @a = count(); @a[keys] a value of no known type, refused
		 * by the operator's own rule. */
		const char *op = dop_text(n->op);
		if (!l->args)
			fail_at(c, n, D_VAR_UNDEF, "@%s has not yet been declared or assigned",
				dck_agg_label(l->name));
		if (n->op == DOP_ADD_ASSIGN || n->op == DOP_SUB_ASSIGN)
			fail_at(c, n, D_OP_VFPTR, "operator %s requires left-hand scalar operand of known "
				"size", op);
		if (n->op == DOP_MUL_ASSIGN || n->op == DOP_DIV_ASSIGN)
			fail_at(c, n, D_OP_ARITH, "operator %s requires operands of arithmetic type", op);
		fail_at(c, n, D_OP_INT, "operator %s requires operands of integral type", op);
	}
	struct dck_agg *a = agg_get(c, l);
	l->agg = a;
	/* dtrace's order (dt_node_op2, then dt_cg): the right-hand side is cooked, then it must
	 * be an aggregating function, the same as before; only then are the keys cooked, and the
	 * function's code-generation rules come last (dtrace -n 'BEGIN { @a[1] = count();
	 * @a[1, x] = sum(1); }' reports the redefinition, not x) */
	int f = r->kind == DN_CALL ? agg_func_lookup(r->name) : -1;
	if (f >= 0 && version_hides(c, r->name))  /* stddev below D 1.6 */
		fail_at(c, r, D_FUNC_UNDEF, "undefined function name: %s", r->name);
	if (f < 0) {
		check_expr(c, r);
		fail_at(c, n, D_AGG_FUNC, "@%s must be assigned the result of an aggregating function",
			dck_agg_label(a->name));
	}
	agg_func_cook(c, r, f);
	if (a->defined && a->func != f)
		fail_at(c, n, D_AGG_REDEF, "aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: "
			"@%s = %s( ) : line %d", dck_agg_label(a->name), dck_agg_label(a->name),
			agg_funcs[f], dck_agg_label(a->name),
			agg_funcs[a->func], a->line);
	bool first = agg_keys(c, l, a);
	/* the function's rules are dt_cg.c's: held until the clause has cooked; the Guide's
	 * refusal of a struct key (dtrace has none) after them */
	struct agg_func_job job = { r, a, f, first ? l : NULL };
	gen_check_deferred(c, n, &job, agg_func_args_cb);
	if (!a->defined) {
		a->defined = true;
		a->func = f;
		a->line = n->pos.line;
	}
	r->type = named_type(c, "void");
	l->type = r->type;
	n->type = r->type;
}

/* dt_cc.c's tag for "not an aggregation" in each aggregation action */
static enum dtag agg_arg_tag(enum dsubr s)
{
	switch (s) {
	case DS_PRINTA: return D_PRINTA_AGGARG;
	case DS_TRUNC: return D_TRUNC_AGGARG;
	case DS_CLEAR: return D_CLEAR_AGGARG;
	case DS_NORMALIZE: case DS_DENORMALIZE: return D_NORMALIZE_AGGARG;
	default: return D_PROTO_ARG;
	}
}

/* dt_cc.c's tag for an aggregation never defined, in each aggregation action */
static enum dtag agg_bad_tag(enum dsubr s)
{
	switch (s) {
	case DS_PRINTA: return D_PRINTA_AGGBAD;
	case DS_TRUNC: return D_TRUNC_AGGBAD;
	case DS_CLEAR: return D_CLEAR_AGGBAD;
	default: return D_NORMALIZE_AGGBAD;
	}
}

/* What agg_arg_refuse refuses: argument argno of call. */
struct agg_arg_job {
	struct dnode *arg;
	int argno;
};

/* dt_cc.c's refusal, as it generates the action's code, of an argument that is no
 * aggregation, or an indexed one never defined (gen_check_deferred). */
static void agg_arg_refuse(struct ck *c, struct dnode *call, const void *p)
{
	const struct agg_arg_job *j = p;
	if (j->arg->kind == DN_AGG)
		fail_at(c, j->arg, agg_bad_tag(call->subr), "undefined aggregation: @%s",
			dck_agg_label(j->arg->name));
	struct names ns = {0};
	const char *t = nm(&ns, j->arg->type);
	FAILT(c, call, &ns, agg_arg_tag(call->subr), "%s( ) argument #%d is incompatible with "
	      "prototype:\n\tprototype: aggregation\n\t argument: %s", call->name, j->argno, t);
}

/* An aggregation as an argument of printa() & co.: @name (@name[keys] reads the same); NULL
 * when it is none, which dtrace finds only generating the action's code (held). */
static struct dck_agg *agg_arg(struct ck *c, struct dnode *call, struct dnode *arg, int argno)
{
	struct agg_arg_job job = { arg, argno };
	if (arg->kind != DN_AGG) {
		check_expr(c, arg);
		gen_check_deferred(c, call, &job, agg_arg_refuse);
		return NULL;
	}
	arg->agg = agg_get(c, arg);
	/* dtrace resolves the name when it cooks the call: an aggregation is known only once
	 * an aggregating assignment above (in this clause or an earlier one) has created it.
	 * An indexed one (@a[k]) is not resolved there; dt_cc.c's action finds it undefined
	 * in its own words, or else acts on the whole aggregation: the keys are not even
	 * checked, so they are dropped here. */
	if (!arg->agg->defined && arg->args) {
		gen_check_deferred(c, call, &job, agg_arg_refuse);
		arg->args = NULL;
		arg->type = named_type(c, "void");
		return NULL;
	}
	if (!arg->agg->defined)
		fail_at(c, arg, D_IDENT_UNDEF, "failed to resolve @%s: Unknown variable name",
			dck_agg_label(arg->name));
	arg->args = NULL;
	arg->type = named_type(c, "void");
	return arg->agg;
}

static void push_pending(struct ck *c, struct dnode *n)
{
	xgrow(&c->pend, sizeof(*c->pend), &c->cappend, c->npend + 1);
	xgrow(&c->pend_line, sizeof(*c->pend_line), &c->cappend_line, c->npend + 1);
	c->pend_line[c->npend] = c->clause ? c->clause->pos.line : n->pos.line;
	c->pend[c->npend++] = n;
}

/* The second argument of trunc() (int64_t) and normalize() (uint64_t), checked against
 * dt_open.c's prototype, so a non-scalar is D_PROTO_ARG; an aggregation named as a value is
 * spelled by its kind, as dtrace names a dynamic type. */
static void agg_scalar_arg(struct ck *c, struct dnode *call, struct dnode *arg)
{
	struct names ns = {0};
	const char *proto = call->subr == DS_TRUNC ? "int64_t" : "uint64_t";
	if (arg->kind == DN_AGG)
		FAILT(c, call, &ns, D_PROTO_ARG, "%s( ) argument #2 is incompatible with prototype:\n"
		      "\tprototype: %s\n\t argument: aggregation", call->name, proto);
	check_expr(c, arg);
	if (!is_integer(arg->type)) {
		const char *t = nm(&ns, arg->type);
		FAILT(c, call, &ns, D_PROTO_ARG, "%s( ) argument #2 is incompatible with prototype:\n"
		      "\tprototype: %s\n\t argument: %s", call->name, proto, t);
	}
}

/* printa, trunc, clear, normalize, denormalize, setopt (dt_cc.c's dt_action_*). */
void check_agg_action(struct ck *c, struct dnode *n, enum dsubr s)
{
	const char *name = subrs[s].name;
	int argc = list_len(n->args);
	struct dnode *a = n->args;
	n->subr = s;
	n->type = named_type(c, "void");
	switch (s) {
	case DS_PRINTA: {
		if (argc == 0)
			proto_len_fail(c, n, "printa", 0, "at least ", 1);
		int argno = 1;
		if (a->kind == DN_STRING) {
			if (!a->next)
				fail_at(c, n, D_PRINTA_PROTO, "printa( ) prototype mismatch: 1 args passed, 2 "
					"expected");
			a->type = c->tc->t_string;
			a = a->next;
			argno = 2;
		}
		for (; a; a = a->next, argno++)
			agg_arg(c, n, a, argno);
		push_pending(c, n);   /* the format is checked against the keys at the end */
		return;
	}
	case DS_TRUNC:
		/* dt_open.c's prototype: void(@, [int64_t]) */
		if (argc < 1)
			proto_len_fail(c, n, name, argc, "at least ", 1);
		if (argc > 2)
			proto_len_fail(c, n, name, argc, "at most ", 2);
		agg_arg(c, n, a, 1);
		if (a->next)
			agg_scalar_arg(c, n, a->next);
		return;
	case DS_NORMALIZE:
		/* void(@, uint64_t) */
		if (argc != 2)
			proto_len_fail(c, n, name, argc, "", 2);
		agg_arg(c, n, a, 1);
		agg_scalar_arg(c, n, a->next);
		return;
	case DS_CLEAR:
	case DS_DENORMALIZE:
		if (argc != 1)
			proto_len_fail(c, n, name, argc, "", 1);
		agg_arg(c, n, a, 1);
		return;
	case DS_SETOPT: {
		int k = 1;
		for (struct dnode *p = n->args; p && k <= 2; p = p->next, k++)
			if (p->kind == DN_AGG && !p->args)   /* dt_open.c's prototype, as dtrace cooks it */
				fail_at(c, n, D_PROTO_ARG, "setopt( ) argument #%d is incompatible with "
					"prototype:\n\tprototype: char *\n\t argument: aggregation", k);
		check_list(c, n->args);
		check_proto(c, n, &subrs[s]);
		/* any string expression, as dtrace takes (the prototype has checked the types);
		 * an unknown name is dtrace's run-time error ("couldn't set option ..."), reported
		 * each time the action runs */
		return;
	}
	default:
		fail_at(c, n, D_UNKNOWN, "internal error: %s is not an aggregation action", name);
	}
}

/* Aggregations printed by one printa() have the same number of keys, and compatible key types
 * (dt_printa_validate). */
static void printa_keys_agree(struct ck *c, struct dnode *n, struct dck_agg *x, struct dck_agg *y)
{
	const char *xn = dck_agg_label(x->name), *yn = dck_agg_label(y->name);
	if (x->nkeys != y->nkeys)
		fail_at(c, n, D_PRINTA_AGGKEY, "printa( ): @%s and @%s do not have matching key "
			"signatures: @%s has %d key%s, @%s has %d key%s", xn, yn, xn,
			x->nkeys, x->nkeys == 1 ? "" : "s", yn, y->nkeys, y->nkeys == 1 ? "" : "s");
	for (int k = 0; k < x->nkeys; k++) {
		struct dnode rk = { .kind = DN_IDENT, .type = y->keys[k] };
		if (x->keys[k] == y->keys[k] || argcompat(x->keys[k], &rk))
			continue;
		struct names ns = {0};
		const char *lt = nm(&ns, x->keys[k]), *rt = nm(&ns, y->keys[k]);
		FAILT(c, n, &ns, D_PRINTA_AGGPROTO, "printa( ): @%s[ ] key #%d is incompatible with @%s:\n"
		      "%9s key #%d: %s\n%9s key #%d: %s", yn, k + 1, xn, xn, k + 1, lt, yn, k + 1, rt);
	}
}

/* The printa() format F suits aggregation A (dt_printf_validate): its plain conversions take
 * A's keys in order, and every %@ conversion A's value, a uint64_t for count() (so its %@d
 * prints as %u and ignores the '+' and ' ' flags), an int64_t for every other function. With
 * several aggregations each is checked so, each against its own function (dtrace -n 'BEGIN {
 * @c = sum(1); @e = count(); printa("%@x %@lld\n", @c, @e); }' fails on @e's conversion #2).
 * FMT is the parsed format to check and keep (its sizes are the printing's), or NULL to check
 * a copy of F's. */
static void printa_format_suits(struct ck *c, struct dnode *n, struct dfmt *fmt,
				const struct dnode *f, const struct dck_agg *a)
{
	struct derr err;
	struct dfmt *own = NULL;
	if (!fmt) {
		own = dfmt_parse(f->str, &err);  /* the first parse succeeded: so does this one */
		if (!own)
			return;
		fmt = own;
	}
	struct dfmt_argtype *types = xcalloc((size_t)(a->nkeys ? a->nkeys : 1), sizeof(*types));
	for (int k = 0; k < a->nkeys; k++)
		dck_argtype(c->out, a->keys[k], &types[k]);
	bool count = a->func == AGG_COUNT;
	struct dfmt_argtype aggtype = { DFMT_ARG_INT, 8, !count,
					count ? "uint64_t" : "int64_t", DFMT_IR_LONG, true, false };
	int rc = dfmt_check(fmt, "printa", types, (size_t)a->nkeys, 2, &aggtype,
			    c->opt->has_target, &err);
	free(types);
	dfmt_free(own);
	if (rc != 0) {
		c->fmt_region = true;  /* outside dtrace's labelled regions */
		fail_at(c, n, err.tag, "%s", err.msg);
	}
}

/* At the end of the program: every aggregation used has a function, and a printa's format
 * agrees with the keys and value of each aggregation it prints (dt_printf_validate). */
void check_aggs_done(struct ck *c)
{
	for (int i = 0; i < c->out->naggs; i++) {
		struct dck_agg *a = c->out->aggs[i];
		if (!a->defined) {
			derr_set_line(c->err, D_IDENT_UNDEF, a->pos.line, "@%s has not yet been declared or "
				      "assigned", dck_agg_label(a->name));
			c->status = -1;
			longjmp(c->jb, 1);
		}
	}
	for (size_t i = 0; i < c->npend; i++) {
		struct dnode *n = c->pend[i];
		struct dnode *f = n->args;
		struct dnode *first = f->kind == DN_STRING ? f->next : f;
		/* dtrace checks them as it generates code, at the line it last set: the printa()'s
		 * when it has a format (set to check the format), else its clause's first line */
		struct dnode at = *n;
		if (f->kind != DN_STRING)
			at.pos.line = c->pend_line[i];
		/* each aggregation in turn, as dt_cg_act_printa: its keys agree with the first's,
		 * then the format suits its keys and its value. The first's checked format is the
		 * one printed with. */
		struct dfmt *fmt = f->kind == DN_STRING ? format_parse(c, n, f) : NULL;
		for (struct dnode *o = first; o; o = o->next) {
			if (o != first)
				printa_keys_agree(c, &at, first->agg, o->agg);
			if (fmt)
				printa_format_suits(c, n, o == first ? fmt : NULL, f, o->agg);
		}
		n->fmt = fmt;
	}
}
