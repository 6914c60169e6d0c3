/* dcheck.c — the D type checker: see dcheck.h for the contract, docs/check.md for the rules.
 *
 * One pass over the program in source order, like libdtrace's cook pass: every expression
 * node gets its type, names are resolved to variables, built-ins, inlines and enum
 * constants, integer constants are folded, and each clause's statements get their action
 * numbers. The first error longjmps back to dcheck_program with its message.
 *
 * This file holds the entry points, errors, the expression walk (check_expr, which hands each
 * node kind to the file of its concern: dcheck_impl.h lists them). A variable takes the type
 * of its first assignment in source order, as in dtrace: a read before it (even one whose
 * assignment comes in a later clause) is "has not yet been declared or assigned". */
#include "dcheck_impl.h"
#include "dcondsel.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dfmt.h"
#include "util.h"
#include "bigstack.h"

static int error_line(const struct ck *c, const struct dnode *n);

/* Whether dtrace finds errors of this tag only while it builds the parse tree (dt_node_*:
 * calls of unknown names, constant division by zero, offsetof) or generates code (dt_cg.c,
 * dt_cc.c and the format checks they call), never while cooking a clause: such an error in a
 * -n argument names no region. */
static bool tag_outside_cooking(enum dtag tag)
{
	static const enum dtag tags[] = {
		D_FUNC_UNDEF, D_FUNC_IDKIND, D_FUNC_IDENT, D_DIV_ZERO, D_INT_OFLOW, D_OFFSETOF_TYPE,
		D_OFFSETOF_BITFIELD,
		D_ACT_SPEC, D_AGG_COMM, D_AGG_NULL, D_AGG_SCALAR, D_AGG_SPEC, D_ALLOCA_SIZE, D_CG_DYN,
		D_CG_EXPR, D_CLEAR_AGGARG, D_CLEAR_AGGBAD, D_COMM_DREC, D_DREC_COMM, D_EMPTY,
		D_EXIT_SPEC, D_FREOPEN_INVALID, D_LLQUANT_FACTORTYPE, D_LLQUANT_FACTORVAL,
		D_LLQUANT_HMAGTYPE, D_LLQUANT_HMAGVAL, D_LLQUANT_LMAGTYPE, D_LLQUANT_LMAGVAL,
		D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHHMAG, D_LLQUANT_MATCHLMAG, D_LLQUANT_MATCHSTEPS,
		D_LLQUANT_STEPTYPE, D_LLQUANT_STEPVAL, D_LQUANT_BASETYPE, D_LQUANT_BASEVAL,
		D_LQUANT_LIMTYPE, D_LQUANT_LIMVAL, D_LQUANT_MATCHBASE, D_LQUANT_MATCHLIM,
		D_LQUANT_MATCHSTEP, D_LQUANT_MISMATCH, D_LQUANT_STEPLARGE, D_LQUANT_STEPSMALL,
		D_LQUANT_STEPTYPE, D_LQUANT_STEPVAL, D_MACRO_UNUSED, D_NORMALIZE_AGGARG,
		D_NORMALIZE_AGGBAD, D_NORMALIZE_SCALAR, D_PDESC_ZERO, D_PRAGMA_UNUSED, D_PRINTA_AGGARG,
		D_PRINTA_AGGBAD, D_PRINTA_PROTO, D_PRINTA_AGGKEY, D_PRINTA_AGGPROTO, D_PRINTF_AGG_CONV,
		D_PRINTF_ARG_EXTRA, D_PRINTF_ARG_FMT, D_PRINTF_ARG_PROTO, D_PRINTF_ARG_TYPE,
		D_PRINTF_DYN_PROTO, D_PRINTF_DYN_TYPE, D_PRINTF_FMT_EMPTY, D_PRINT_SIZE, D_SPEC_COMM,
		D_SPEC_DREC, D_SPEC_SPEC, D_STACK_SIZE, D_TRACEMEM_ADDR, D_TRACEMEM_SIZE, D_TRACE_DYN,
		D_TRACE_VOID, D_TRUNC_AGGARG, D_TRUNC_AGGBAD, D_USTACK_FRAMES, D_USTACK_STRSIZE,
		D_VAR_UNSUP,
	};
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (tags[i] == tag)
			return true;
	return false;
}

_Noreturn void fail_at(struct ck *c, const struct dnode *n, enum dtag tag,
			       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(c->err, tag, fmt, ap);
	va_end(ap);
	/* a clause's errors name the file in effect at the end of its input (dast.h: eof) */
	const struct dsrcpos *at = n ? &n->pos : NULL;
	if (n && c->clause && c->clause->eof.file)
		at = &c->clause->eof;
	if (at && at->tagged && !c->lib_file)  /* dtrace's pcb_filetag: "FILE", line N */
		derr_locate(c->err, DERR_AT_FILETAG, at->file, error_line(c, n), 0);
	else
		derr_locate(c->err, DERR_AT_LINE, c->lib_file, error_line(c, n), 0);
	if (c->err) {
		/* no region: a format's check, what dtrace finds building the tree or generating
		 * code, and what lies outside every clause (declarations, inlines: built as dtrace
		 * parses them) */
		bool none = c->fmt_region || c->cg_time || tag_outside_cooking(tag) || !c->clause;
		c->err->region = none ? DERR_REGION_NONE :
				 c->in_pred ? DERR_REGION_PREDICATE : DERR_REGION_ACTIONS;
		c->err->clause = c->clause ? c->clause_index : -1;
	}
	if (c->lib_file)
		derr_set_kind(c->err, DERR_LIBRARY);
	c->status = -1;
	longjmp(c->jb, 1);
}

void gen_check_deferred(struct ck *c, struct dnode *n, const void *arg,
			void (*check)(struct ck *, struct dnode *, const void *))
{
	if (!c->clause) {
		check(c, n, arg);
		return;
	}
	jmp_buf outer;
	memcpy(outer, c->jb, sizeof(outer));
	if (setjmp(c->jb) == 0) {
		check(c, n, arg);
	} else {
		/* a later statement's error is not the clause's: the first one stays */
		if (!c->gen_pend) {
			c->gen_pend = true;
			c->gen_pend_at = n;
			if (c->err)
				c->gen_pend_err = *c->err;
		}
		c->status = 0;
		c->fmt_region = false;
		c->cg_time = false;
	}
	memcpy(c->jb, outer, sizeof(outer));
}

void gen_error_raise(struct ck *c)
{
	if (!c->gen_pend)
		return;
	c->gen_pend = false;
	if (c->err)
		*c->err = c->gen_pend_err;
	c->status = -1;
	longjmp(c->jb, 1);
}

/* The line dtrace reports an error of node n at. dtrace's lexer reads a predicate's closing
 * '/' together with the blanks up to the '{' that follows, so the nodes the parser builds when
 * it sees that token (the predicate's root and its rightmost operators) carry the '{' line. A
 * leaf (a name, a call, self->x, a[i]) is built before, on its own line: `/ y /` then `{` on
 * the next line reports an unknown y on the predicate's line. */
static int error_line(const struct ck *c, const struct dnode *n)
{
	if (!n)
		return 0;
	if (c->pred && c->pred_brace_line) {
		for (const struct dnode *p = c->pred; p; ) {
			if (p == n && (p->kind == DN_BINARY || p->kind == DN_COND || p->kind == DN_ASSIGN ||
				       p->kind == DN_COMMA || p->kind == DN_UNARY || p->kind == DN_CAST))
				return c->pred_brace_line;
			if (p == n)
				break;
			if (p->kind == DN_BINARY || p->kind == DN_COND || p->kind == DN_ASSIGN ||
			    p->kind == DN_COMMA)
				p = p->rhs;
			else if (p->kind == DN_UNARY && !dop_is_postfix(p->op))
				p = p->lhs;
			else if (p->kind == DN_CAST)
				p = p->lhs;
			else
				break;
		}
	}
	return n->pos.line;
}

/* --- expressions ---------------------------------------------------------------------------- */

void check_expr(struct ck *c, struct dnode *n)
{
	switch (n->kind) {
	case DN_INT:
		if (n->type && n->isconst)
			return;  /* a rewritten enum or register constant keeps its type */
		set_int_const(n, int_literal_type(c, n), n->ival);
		return;
	case DN_STRING:
		n->type = c->tc->t_string;
		return;
	case DN_IDENT:
		if (n->var && n->type) {  /* checked before (a definition resolved early) */
			n->var->read = true;
			return;
		}
		check_ident(c, n);
		return;
	case DN_MACRO:
		fail_at(c, n, D_UNKNOWN, "internal error: unexpanded macro %s", n->name);
	case DN_SELF:
	case DN_THIS:
		check_selfthis(c, n);
		return;
	case DN_AGG:
		/* an aggregation read as a value: dtrace's dynamic type "aggregation", which no
		 * operator, cast, conversion or variable accepts, so each refuses it in its own
		 * words (the operand's type printed "aggregation") */
		n->type = dck_agg_value_type(c, n);
		return;
	case DN_UNARY:
		check_unary(c, n);
		return;
	case DN_BINARY:
		check_binary(c, n);
		return;
	case DN_ASSIGN:
		check_assign(c, n);
		return;
	case DN_COND:
		check_cond(c, n);
		return;
	case DN_COMMA:
		check_expr(c, n->lhs);
		check_expr(c, n->rhs);
		/* dt_cook_op2's order: dynamic operands (an aggregating function's value) first */
		if (is_aggfunc_value(n->lhs->type) || is_aggfunc_value(n->rhs->type))
			fail_at(c, n, D_OP_DYN, "operator , operands cannot be of dynamic type");
		if ((n->lhs->kind == DN_CALL && dsubr_is_action(n->lhs->subr)) ||
		    (n->rhs->kind == DN_CALL && dsubr_is_action(n->rhs->subr)))
			fail_at(c, n, D_OP_ACT, "operator , operands cannot be actions");
		n->type = n->rhs->type;
		if (n->rhs->isconst && n->lhs->isconst)
			set_folded(n, n->type, (uint64_t)n->rhs->cval);
		return;
	case DN_CAST:
		check_cast(c, n);
		return;
	case DN_SIZEOF_TYPE:
		/* dtrace folds sizeof(type) as it builds the tree: no region in its message */
		c->cg_time = true;
		set_int_const(n, named_type(c, "size_t"), sizeof_value(c, n, n->ctype));
		c->cg_time = false;
		return;
	case DN_OFFSETOF:
		check_offsetof(c, n);
		return;
	case DN_CALL:
		check_call(c, n);
		return;
	case DN_INDEX:
		check_index(c, n);
		return;
	case DN_MEMBER:
		if (!expand_xlate_inline_call(c, n->lhs))
			expand_xlate_inline(c, n->lhs);
		/* (*curpsinfo).m is curpsinfo->m, as (*xlate <T *> (p)).m is */
		if (n->op == DOP_DOT && n->lhs && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF &&
		    n->lhs->lhs && !expand_xlate_inline_call(c, n->lhs->lhs))
			expand_xlate_inline(c, n->lhs->lhs);
		formula_args(c, n->lhs);
		if (n->lhs && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF)
			formula_args(c, n->lhs->lhs);
		xlate_args(c, n->lhs);
		if (n->lhs && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF)
			xlate_args(c, n->lhs->lhs);
		if (dxl_is_member(n))
			dxl_member(c, n);
		else
			check_member(c, n);
		return;
	case DN_XLATE:
		dxl_value(c, n);
	case DN_TYPE:
		/* a translator's parameter while its definition is checked (dcheck_xlate.c) */
		n->type = n->ctype;
		return;
	default:
		fail_at(c, n, D_UNKNOWN, "internal error: statement where an expression belongs");
	}
}

/* --- the entry point ------------------------------------------------------------------------ */

void dck_prog_free(struct dck_prog *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nvars; i++) {
		free(p->vars[i]->name);
		free(p->vars[i]->keys);
		free(p->vars[i]);
	}
	free(p->vars);
	for (int i = 0; i < p->naggs; i++) {
		free(p->aggs[i]->name);
		free(p->aggs[i]->keys);
		free(p->aggs[i]);
	}
	free(p->aggs);
	for (int i = 0; i < p->nfmts; i++)
		dfmt_free(p->fmts[i]);
	free(p->fmts);
	for (int i = 0; i < p->nspellings; i++)
		free(p->spellings[i]);
	free(p->spellings);
	dxl_table_free(p->xlators);
	free(p);
}

const struct dnode *dck_xlator_lookup(const struct dck_prog *p, struct dtype *in, struct dtype *out)
{
	struct dnode src = { .kind = DN_TYPE, .type = in };
	const struct dxl *x = p->xlators ? dxl_lookup(p->xlators, &src, out) : NULL;
	return x ? x->def : NULL;
}

bool dck_argcompat(struct dtype *to, struct dtype *from)
{
	struct dnode n = { .kind = DN_TYPE, .type = from };
	return argcompat(to, &n);
}

static int check_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
			 struct derr *err);

struct check_call {
	struct dprog *prog;
	const struct dck_options *opt;
	struct dck_prog **out;
	struct derr *err;
	int rc;
};

static void check_call_run(void *arg)
{
	struct check_call *c = arg;
	c->rc = check_program(c->prog, c->opt, c->out, c->err);
}

/* The checks walk expressions recursively: on a stack as deep as the parser allows
 * (bigstack.h). */
/* The D library file item `it` (number `item` of the program's items) comes from, NULL for the
 * program's own: the libraries' items come first, and a formula provider's companion clause,
 * appended after the program's, is its library's text too (its errors name that file). */
static const char *item_library(const struct dprog *prog, const struct dnode *it, int item)
{
	return item < prog->nlib_items || (it->kind == DN_CLAUSE && it->companion) ? it->pos.file
										  : NULL;
}

int dcheck_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
		   struct derr *err)
{
	struct check_call c = { prog, opt, out, err, -1 };
	bigstack_run(check_call_run, &c);
	return c.rc;
}

static int check_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
			 struct derr *err)
{
	struct dck_options defaults = { .strsize = 256 };
	struct dck_options o = opt ? *opt : defaults;
	if (o.strsize <= 0)
		o.strsize = 256;
	struct ck *c = xcalloc(1, sizeof(*c));
	c->prog = prog;
	c->tc = prog->types;
	c->opt = &o;
	c->err = err;
	c->out = xcalloc(1, sizeof(*c->out));
	c->out->prog = prog;
	c->out->strsize = o.strsize;
	c->out->xlators = xcalloc(1, sizeof(*c->out->xlators));
	*out = NULL;
	int rc = 0;
	if (setjmp(c->jb) == 0) {
		/* dtrace's parser has already chosen the branch of a constant conditional */
		dcondsel_program(prog);
		/* dtrace acts on declarations, inlines and translators as it parses them, and
		 * cooks the clauses once the whole program is parsed: a declaration holds for the
		 * clauses before it too (dtrace -n 'BEGIN { x = 1; } string x;': "string" =
		 * "int" in the first clause), so the clauses come second here */
		int item = 0;
		for (struct dnode *it = prog->items; it; it = it->next, item++) {
			c->lib_file = item_library(prog, it, item);
			switch (it->kind) {
			case DN_CLAUSE:
				break;
			case DN_INLINE:
				check_inline(c, it);
				break;
			case DN_VARDECL:
				check_vardecl(c, it);
				break;
			case DN_TRANSLATOR:
				/* one bound to a later version than the program's is not there */
				c->lib_file = NULL;
				if (!bound_hides(c, NULL, it)) {
					c->lib_file = item_library(prog, it, item);
					dxl_define(c, it);
				}
				break;
			default:
				fail_at(c, it, D_UNKNOWN, "internal error: unexpected item");
			}
		}
		if (o.decls_only)
			longjmp(c->jb, 1);
		int ci = 0;
		item = 0;
		for (struct dnode *it = prog->items; it; it = it->next, item++) {
			c->lib_file = item_library(prog, it, item);
			if (it->kind == DN_CLAUSE)
				check_clause(c, it, ci++);
		}
		check_aggs_done(c);
		check_alloca_dests(c, prog->items);
		destructive_refuse(c);
		c->out->nclauses = ci;
		*out = c->out;
	} else {
		rc = o.decls_only && !c->status ? 0 : c->status ? c->status : -1;
		dck_prog_free(c->out);
	}
	free(c->spec.acts);
	for (size_t i = 0; i < c->capnames; i++)
		free(c->names[i].name);
	free(c->names);
	free(c->inl);
	free(c->pend);
	free(c->pend_line);
	free(c);
	return rc;
}
