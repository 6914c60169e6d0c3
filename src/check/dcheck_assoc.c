/* dcheck_assoc.c — indexing: associative arrays (their key signatures), args[] (typed by the
 * probe, translated through a provider's argument mapping), uregs[], and C indexing of
 * pointers, arrays and strings. */
#include "dcheck_impl.h"

#include "dfmt.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* --- associative arrays and indexing ------------------------------------------------------ */

int list_len(const struct dnode *l)
{
	int k = 0;
	for (; l; l = l->next)
		k++;
	return k;
}

void check_list(struct ck *c, struct dnode *l)
{
	for (; l; l = l->next)
		check_expr(c, l);
}

/* Keys against an array's signature (dt_idcook_sign with prefix "" and suffix "[ ]": an
 * array's or aggregation's arguments are "keys" in its messages). */
static void check_keys(struct ck *c, struct dnode *at, struct dck_var *v, struct dnode *keys,
		       int xkey, bool xptr)
{
	int argc = list_len(keys);
	if (argc != v->nkeys)
		fail_at(c, at, D_PROTO_LEN, "%s[ ] prototype mismatch: %d key%spassed, %d expected", v->name, argc,
			argc == 1 ? " " : "s ", v->nkeys);
	int i = 0;
	for (struct dnode *k = keys; k; k = k->next, i++) {
		/* key xkey was translated data (curpsinfo): of the dynamic type no key matches */
		bool dyn = i + 1 == xkey;
		if (dyn || !argcompat(v->keys[i], k)) {
			struct names ns = {0};
			const char *a = nm(&ns, v->keys[i]), *b = !dyn ? nm(&ns, k->type) :
				xptr ? "pointer to translated data" : "translated data";
			FAILT(c, at, &ns, D_PROTO_ARG, "%s[ ] key #%d is incompatible with prototype:\n"
			      "\tprototype: %s\n\t      key: %s", v->name, i + 1, a, b);
		}
	}
}

void check_tuple_size(struct ck *c, const struct dnode *keys)
{
	if (list_len(keys) > DCK_MAX_TUPLE) {
		derr_set(c->err, DTAG_NONE, "Insufficient tuple registers to generate code");
		c->status = -1;
		longjmp(c->jb, 1);
	}
}

static void key_types_ok(struct ck *c, struct dnode *at, struct dnode *keys)
{
	check_tuple_size(c, keys);
	int i = 1;
	for (struct dnode *k = keys; k; k = k->next)
		no_stack_value(c, k);
	for (struct dnode *k = keys; k; k = k->next, i++) {
		if (is_void(k->type)) {
			struct names ns = {0};
			const char *a = nm(&ns, k->type);
			FAILT(c, at, &ns, D_KEY_TYPE, "%s expression may not be used as associative array index: "
			      "key #%d", a, i);
		}
	}
}

static void set_signature(struct dck_var *v, struct dnode *keys)
{
	v->nkeys = list_len(keys);
	v->keys = xcalloc((size_t)v->nkeys, sizeof(*v->keys));
	int i = 0;
	for (struct dnode *k = keys; k; k = k->next)
		v->keys[i++] = k->type;
}

/* a[k...] read (create false) or the target of an assignment (create true, value type
 * given later by the caller). */
void check_assoc(struct ck *c, struct dnode *n, char space, const char *name, bool create)
{
	/* a key of translated data (a[curpsinfo]) is of dtrace's dynamic type, which no new
	 * array's signature takes: told before the keys are checked (which lays it out) */
	int xkey = 0, kno = 1;
	bool xptr = false;
	for (struct dnode *k = n->args; k && !xkey; k = k->next, kno++)
		if (xlate_value(c, k, &xptr))
			xkey = kno;
	struct dck_var *v = var_find(c, space, name);
	if (xkey && !v && create)
		fail_at(c, n, D_KEY_TYPE, "%s expression may not be used as associative array index: "
			"key #%d", xptr ? "pointer to translated data" : "translated data", xkey);
	check_list(c, n->args);
	if (!v && space == 'g') {
		/* a built-in function's name with keys: dtrace calls it with no arguments */
		agg_func_keyed(c, n, name);
		enum dsubr s = subr_lookup(name);
		if (s != DS_NONE) {
			struct dnode call = *n;
			call.args = NULL;
			check_proto(c, &call, &subrs[s]);
		}
	}
	if (!v) {
		if (!create)
			fail_at(c, n, D_VAR_UNDEF, "%s%s has not yet been declared or assigned",
				space == 's' ? "self->" : "", name);
		key_types_ok(c, n, n->args);
		v = var_new(c, space == 's' ? DCK_SELF : DCK_ASSOC, name, NULL, n);
		set_signature(v, n->args);
	} else {
		if (space == 'g' && v->cls != DCK_ASSOC)
			fail_at(c, n, D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", name);
		if (space == 's' && v->nkeys == 0)
			fail_at(c, n, D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", name);
		check_keys(c, n, v, n->args, xkey, xptr);
		if (!v->type && !create)
			fail_at(c, n, D_VAR_UNDEF, "%s%s has not yet been declared or assigned",
				space_prefix(v->cls), name);
	}
	n->var = v;
	n->type = v->type;
	n->lhs->var = v;  /* the array's name (DN_IDENT or DN_SELF) names the variable too */
	if (!create)
		v->read = true;
}

/* A checked operand named as dtrace names a parse-tree node in messages (dt_node_name):
 * a folded constant is "integer constant 0x..", a literal string "string constant "..."", a
 * variable (global, self->, this->, built-in) "scalar NAME", a call "function NAME( )", an
 * operator "operator OP" (a cast is "operator (", an array element "operator *": dtrace has
 * made *(a + i) of it). Observed with dtrace -n 'BEGIN { y = x[1, 2]; }' for each form of x.
 * Malloc'd. */
static char *operand_name(const struct dnode *l)
{
	if (l->isconst)
		return xasprintf("integer constant 0x%llx", (unsigned long long)l->cval);
	switch (l->kind) {
	case DN_STRING: {
		struct strbuf b = {0};
		dfmt_escape(l->str, l->slen, &b);
		char *s = xasprintf("string constant \"%s\"", b.s ? b.s : "");
		strbuf_free(&b);
		return s;
	}
	case DN_IDENT: case DN_SELF: case DN_THIS:
		return xasprintf("scalar %s", l->name);
	case DN_CALL:
		return xasprintf("%s %s( )", l->subr != DS_NONE && subrs[l->subr].action ?
				 "tracing function" : "function", l->name);
	case DN_CAST:
		return xstrdup("operator (");
	case DN_INDEX:
		return xstrdup("operator *");
	case DN_UNARY: case DN_BINARY: case DN_ASSIGN: case DN_MEMBER:
		return xasprintf("operator %s", dop_text(l->op));
	case DN_COND:
		return xstrdup("operator ?");
	case DN_COMMA:
		return xstrdup("operator ,");
	default:
		return xstrdup("expression");
	}
}

static void probe_desc_text(const struct dnode *clause, char *buf, size_t len)
{
	const struct dnode *pd = clause ? clause->args : NULL;
	if (!pd) {
		snprintf(buf, len, "?");
		return;
	}
	if (pd->spec == DPD_ID) {
		snprintf(buf, len, "%llu", (unsigned long long)pd->ival);
		return;
	}
	snprintf(buf, len, "%s:%s:%s:%s", pd->pd[0], pd->pd[1], pd->pd[2], pd->pd[3]);
}

static void check_args_index(struct ck *c, struct dnode *n, enum dbuiltin b)
{
	const char *name = dbuiltin_name(b);
	/* checked before (a definition site checked ahead of its clause, a copy of a checked
	 * tree): its index is already the native one of a mapping */
	bool mapped = n->builtin == DB_ARGS && n->type;
	check_list(c, n->args);
	int argc = list_len(n->args);
	if (argc != 1)
		fail_at(c, n, D_PROTO_LEN, "%s[ ] prototype mismatch: %d arg%spassed, 1 expected", name, argc,
			argc == 1 ? " " : "s ");
	struct dnode *k = n->args;
	if (!k->isconst || !is_integer(k->type)) {
		struct names ns = {0};
		const char *a = nm(&ns, k->type);
		FAILT(c, n, &ns, D_PROTO_ARG, "%s[ ] argument #1 is incompatible with prototype:\n"
		      "\tprototype: %s\n\t argument: %s", name, "integer constant", a);
	}
	n->lhs->builtin = b;
	n->builtin = b;
	if (b == DB_UREGS) {
		if (!type_unsigned(k->type) && k->cval < 0)
			fail_at(c, n, D_ARR_BOUNDS, "index %lld is out of range for array %s", (long long)k->cval,
				name);
		/* x86-64 has 26 (pt_regs' 21, then the thread's ds, es, fsbase, gsbase and
		 * trap_nr): dtrace's code generator refuses a larger constant index, so its
		 * message has no "in action list" */
		if ((uint64_t)k->cval >= UREG_SLOTS)
			fail_cg(c, n, D_UNKNOWN, "uregs[]: index out of bounds (%llu)",
				(unsigned long long)k->cval);
		n->type = named_type(c, "uint64_t");
		return;
	}
	if (!c->clause)
		fail_at(c, n, D_ARGS_NONE, "%s[ ] may not be referenced outside of a probe clause", name);
	if (mapped && c->pargs && c->pargs->map)
		return;  /* keeps its native index and translated type */
	if (c->pargs && c->pargs->unmatched)
		fail_at(c, n, D_ARGS_MULTI, "%s[ ] may not be referenced because probe description %s "
			"matches an unstable set of probes", name, c->pargs->unmatched);
	int nargs = c->pargs ? c->pargs->nargs : 0;
	if (k->cval < 0 || k->cval >= nargs || (type_unsigned(k->type) && (uint64_t)k->cval >= (uint64_t)nargs)) {
		char d[512];
		probe_desc_text(c->clause, d, sizeof(d));
		fail_at(c, n, D_ARGS_IDX, "index %lld is out of range for %s %s[ ]", (long long)k->cval, d, name);
	}
	struct dtype *t = c->pargs->types ? c->pargs->types[k->cval] : NULL;
	if (c->pargs->map) {
		/* a mapped argument that needs no translation: the native value it is made from */
		int m = c->pargs->map[k->cval];
		k->cval = m;
		k->ival = (uint64_t)m;
	}
	n->type = t ? t : named_type(c, "int64_t");
}

/* Whether args[K] of the clause is translated: its type is a struct or a pointer to one that
 * the native argument it is made from does not have (dck_probe_args). */
static bool args_translated(struct ck *c, const struct dnode *n, int *k)
{
	if (!n || n->kind != DN_INDEX || !n->lhs || n->lhs->kind != DN_IDENT ||
	    builtin_lookup(n->lhs->name) != DB_ARGS || !n->args || n->args->next ||
	    n->args->kind != DN_INT || !c->clause || !c->pargs || !c->pargs->map)
		return false;
	if (n->args->ival >= (uint64_t)c->pargs->nargs)
		return false;  /* check_args_index reports it */
	int i = (int)n->args->ival;
	struct dtype *xt = res(c->pargs->types[i]);
	struct dtype *nt = c->pargs->native[c->pargs->map[i]];
	struct dtype *sou = xt->kind == DTY_PTR ? res(xt->base) : xt;
	if (sou->kind != DTY_STRUCT && sou->kind != DTY_UNION)
		return false;
	if (nt && compat_type(c->pargs->types[i], nt))
		return false;
	*k = i;
	return true;
}

bool formula_args(struct ck *c, struct dnode *n)
{
	if (!n || n->kind != DN_INDEX || !n->lhs || n->lhs->kind != DN_IDENT ||
	    builtin_lookup(n->lhs->name) != DB_ARGS || !c->clause || !c->pargs)
		return false;
	if (c->pargs->differ) {
		char d[512];
		probe_desc_text(c->clause, d, sizeof(d));
		fail_at(c, n, D_UNKNOWN, "args[ ] has no one meaning in the clause of %s: its probes "
			"make it by different formulas (docs/formula-providers.md); write a clause "
			"for each", d);
	}
	if (!n->args || n->args->next || !c->pargs->expr)
		return false;
	struct dnode *k = n->args;
	if (!k->type)
		check_expr(c, k);
	if (!k->isconst || k->cval < 0 || k->cval >= c->pargs->nargs)
		return false;  /* check_args_index reports it */
	int i = (int)k->cval;
	const struct dnode *f = c->pargs->expr[i];
	struct dtype *xt = c->pargs->types[i];
	struct dtype *r = res(xt);
	struct dtype *sou = r->kind == DTY_PTR ? res(r->base) : r;
	struct dnode *e = copy_tree(c, f);
	struct dnode *next = n->next;
	/* an error in the expression is the library's, at its line there */
	const char *lib_was = c->lib_file;
	c->lib_file = f->pos.file;
	if (sou->kind == DTY_STRUCT || sou->kind == DTY_UNION) {
		/* the expression's type, from a copy checked on its own */
		struct dnode *typed = copy_tree(c, f);
		check_expr(c, typed);
		if (!compat_type(xt, typed->type)) {
			memset(n, 0, offsetof(struct dnode, pool_next));
			n->kind = DN_XLATE;
			n->pos = e->pos;
			n->ctype = xt;
			n->lhs = e;
			n->next = next;
			c->lib_file = lib_was;
			return true;
		}
	}
	check_expr(c, e);
	c->lib_file = lib_was;
	/* n becomes e: its strings are e's from now on (each node of the pool owns its own and
	 * frees them: a call's name, copyinstr, shared by both would be freed twice) */
	struct dnode *pool_next = n->pool_next;
	free(n->name);
	free(n->str);
	for (int j = 0; j < 4; j++)
		free(n->pd[j]);
	*n = *e;
	n->pool_next = pool_next;
	n->next = next;
	e->name = NULL;
	e->str = NULL;
	for (int j = 0; j < 4; j++)
		e->pd[j] = NULL;
	return true;
}

/* args[K] translated becomes `xlate < T > ((native type)argM)` before the member access
 * around it is checked, so that the translator machinery (dcheck_xlate.c) expands it. */
void xlate_args(struct ck *c, struct dnode *n)
{
	int k;
	if (!args_translated(c, n, &k))
		return;
	int m = c->pargs->map[k];
	if (m >= 10)
		fail_at(c, n, D_UNKNOWN, "args[%d] is translated from native argument %d: usdtrace "
			"translates only from the first ten native arguments", k, m);
	struct dnode *arg = dnode_new(&c->prog->pool, DN_IDENT, n->pos);
	arg->name = xasprintf("arg%d", m);
	struct dnode *cast = dnode_new(&c->prog->pool, DN_CAST, n->pos);
	cast->ctype = c->pargs->native[m] ? c->pargs->native[m] : named_type(c, "uintptr_t");
	cast->lhs = arg;
	n->kind = DN_XLATE;
	n->ctype = c->pargs->types[k];
	n->lhs = cast;
	n->args = NULL;
}

void check_index(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs;
	if (l->kind == DN_AGG)  /* @a[k][j]: the first [] is the aggregation's keys */
		fail_at(c, n, D_AGG_MDIM, "improper attempt to reference @%s as a multi-dimensional array",
			dck_agg_label(l->name));
	if (l->kind == DN_IDENT) {
		struct inline_def *in = inline_find(c, l->name);
		if (in && in->body) {
			expand_inline_call(c, n, in);
			return;
		}
		enum dbuiltin b = builtin_lookup(l->name);
		if (b == DB_ARGS && formula_args(c, n)) {
			if (n->kind == DN_XLATE)
				check_expr(c, n);
			return;
		}
		if (b == DB_ARGS || b == DB_UREGS) {
			check_args_index(c, n, b);
			return;
		}
		if (b == DB_NONE && !inline_find(c, l->name) && !is_self_or_this(l)) {
			struct dck_var *v = var_find(c, 'g', l->name);
			/* (a kernel symbol, `sym or mod`sym, is never an associative array:
			 * `linux_banner[0] indexes the symbol's object) */
			if (!v && !is_enumconst(c, l->name) && !strchr(l->name, '`')) {
				/* an associative array not assigned yet: "has not yet been declared
				 * or assigned" (dtrace's message also when x is a scalar assigned only
				 * later) */
				check_assoc(c, n, 'g', l->name, false);
				return;
			} else if (v && v->cls == DCK_ASSOC) {
				check_assoc(c, n, 'g', l->name, false);
				return;
			}
		}
	}
	if (l->kind == DN_SELF) {
		struct dck_var *v = var_find(c, 's', l->name);
		if (!v || v->nkeys > 0) {
			check_assoc(c, n, 's', l->name, false);
			return;
		}
	}
	if (l->kind == DN_THIS && !var_find(c, 't', l->name))
		fail_at(c, n, D_ARR_LOCAL, "local variables may not be used as associative arrays: %s", l->name);
	/* E1[E2]: *(E1 + E2) on pointers and arrays */
	check_expr(c, l);
	check_list(c, n->args);
	if (n->args->next) {
		char *what = operand_name(l);
		fail_at(c, n, D_ARR_BADREF, "cannot access %s as an associative array", what);
	}
	struct dnode *k = n->args;
	/* the + of *(E1 + E2) takes no pointer to void or to a function (dtrace: "void *" +
	 * "int" is D_OP_INCOMPAT, as vp + 1 is; not "cannot dereference pointer to void") */
	bool lp = (is_pointer(l->type) && !is_vfptr(l->type)) || is_string(l->type);
	bool kp = (is_pointer(k->type) && !is_vfptr(k->type)) || is_string(k->type);
	if (is_integer(l->type) && is_integer(k->type))  /* *(E1 + E2) of an integer */
		fail_at(c, n, D_DEREF_NONPTR, "cannot dereference non-pointer type");
	if (!(lp && is_integer(k->type)) && !(is_integer(l->type) && kp))
		incompat(c, n, l, "+", k);
	struct dtype *pt = lp ? l->type : k->type;
	struct dtype *r = res(pt);
	if (r->kind == DTY_ARRAY && lp && k->isconst && r->array_len >= 0 &&
	    (uint64_t)k->cval >= (uint64_t)r->array_len)
		fail_at(c, n, D_ARR_BOUNDS, "index outside array bounds: %llu, max is %i",
			(unsigned long long)k->cval, (int)r->array_len);
	if (!lp) {
		/* i[a] is *(i + a), a[i] (Guide, "Pointers and Arrays": E1[E2] is *(E1 + E2)):
		 * the pointer becomes the indexed operand, the one the code generator scales */
		struct dnode *ptr = k;
		k = l;
		k->next = NULL;
		n->lhs = l = ptr;
		n->args = k;
		l->next = NULL;
	}
	if (r->kind == DTY_STRING) {
		n->type = c->tc->t_char;  /* dtrace's string is a char array */
		return;
	}
	n->type = r->base;
	need_body(c, n->type);  /* p[i] scales i by the element's size: a kernel struct's BTF */
}
