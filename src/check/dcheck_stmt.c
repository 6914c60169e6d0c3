/* dcheck_stmt.c — statements: actions and their numbers, if/else, clauses and predicates,
 * dtrace's speculation rules, and the program's inline and variable declarations. */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "util.h"

/* --- statements, clauses, declarations ---------------------------------------------------- */

/* An action inside an expression that typed cleanly ((void)printf() in a ?:, say) cannot be
 * compiled: dt_cg.c's D_CG_EXPR. Depth is bounded by the parser. */
void no_nested_action(struct ck *c, const struct dnode *n)
{
	if (!n)
		return;
	if (n->kind == DN_CALL && (dsubr_is_action(n->subr) ||
				   (n->subr == DS_NONE && kernel_action(n->name))))
		fail_at(c, n, D_CG_EXPR, "tracing function %s( ) may not be called from a D expression "
			"(D program context required)", n->name);
	if (n->kind == DN_CALL && n->subr == DS_NONE && agg_func_lookup(n->name) >= 0)
		fail_at(c, n, D_CG_EXPR, "aggregating function %s( ) may not be called from a D expression "
			"(D program context required)", n->name);
	no_nested_action(c, n->lhs);
	no_nested_action(c, n->rhs);
	no_nested_action(c, n->cond);
	for (const struct dnode *a = n->args; a; a = a->next)
		no_nested_action(c, a);
}

void no_stack_value(struct ck *c, const struct dnode *v)
{
	/* (observed: dtrace -n 'BEGIN { x = stack(); }' and 'BEGIN { a[ustack()] = 1; }') */
	if (v->kind == DN_CALL && dsubr_is_action(v->subr) && v->type &&
	    v->type->kind == DTY_TYPEDEF && v->type->name && strcmp(v->type->name, "stack") == 0)
		fail_at(c, v, D_CG_EXPR, "tracing function %s( ) may not be called from a D expression "
			"(D program context required)", v->name);
}

/* The actions nested in statement e's expressions (D_CG_EXPR), as dt_cg.c finds them
 * generating the statement's code. */
static void stmt_nested_actions(struct ck *c, struct dnode *e, const void *unused)
{
	(void)unused;
	if (e->kind == DN_CALL && e->subr == DS_NONE && !kernel_action(e->name)) {
		no_nested_action(c, e);   /* count(); alone: dt_cg.c's D_CG_EXPR */
	} else if (e->kind == DN_CALL) {
		/* (a kernel destructive action is refused once the clause is checked) */
		for (struct dnode *a = e->args; a; a = a->next)
			no_nested_action(c, a);
	} else if (e->kind == DN_ASSIGN && e->lhs->kind == DN_AGG) {
		/* ustack(), usym() & co. may be a whole key (their arguments may not hold
		 * actions) */
		for (struct dnode *a = e->lhs->args; a; a = a->next) {
			if (dck_is_ukey(a)) {
				for (struct dnode *x = a->args; x; x = x->next)
					no_nested_action(c, x);
				continue;
			}
			no_nested_action(c, a);
		}
		for (struct dnode *a = e->rhs->args; a; a = a->next)
			no_nested_action(c, a);
	} else {
		no_nested_action(c, e);
	}
}

void check_stmt(struct ck *c, struct dnode *n)
{
	switch (n->kind) {
	case DN_EMPTY:
		return;
	case DN_BLOCK:
		for (struct dnode *s = n->args; s; s = s->next)
			check_stmt(c, s);
		return;
	case DN_IF:
		n->action = ++c->action;
		check_expr(c, n->cond);
		no_nested_action(c, n->cond);
		/* dtrace (dt_sugar.c) compiles the condition as this->%condition = (1 && cond),
		 * so a non-scalar condition gets the && operator's message */
		if (!is_scalar(n->cond->type))
			fail_at(c, n->cond, D_OP_SCALAR, "operator && requires operands of scalar type");
		check_stmt(c, n->lhs);
		if (n->rhs)
			check_stmt(c, n->rhs);
		return;
	case DN_EXPR_STMT: {
		n->action = ++c->action;
		struct dnode *e = n->lhs;
		if (e->kind == DN_AGG)  /* @a; or @a[k]; with no aggregating function */
			fail_at(c, e, D_AGG_NULL, "expression has null effect: @%s", dck_agg_label(e->name));
		c->stmt_call = e->kind == DN_CALL ? e : NULL;
		check_expr(c, e);
		n->type = NULL;
		gen_check_deferred(c, e, NULL, stmt_nested_actions);
		if (e->kind == DN_CALL && (e->subr == DS_PRINTF || e->subr == DS_SYSTEM)) {
			/* dtrace makes one action per value argument (at least one) */
			int k = 0;
			for (struct dnode *a = e->args->next; a; a = a->next)
				a->action = n->action + k++;
			if (k > 1)
				c->action += k - 1;
		}
		return;
	}
	default:
		fail_at(c, n, D_UNKNOWN, "internal error: expression where a statement belongs");
	}
}

/* --- speculation rules --------------------------------------------------------------------- */
/* libdtrace checks a clause's actions each time a statement is added (dt_cc.c, dt_stmt_append):
 * speculate() and commit() must come before data-recording actions, speculate() excludes
 * aggregations, destructive actions and exit(), commit() excludes everything that records.
 * The statement just added is the one the message names. Kinds of actions, as it sees them: */
static bool has_destructive(const struct dnode *n)
{
	if (!n)
		return false;
	if (n->kind == DN_CALL && n->subr > DS_NONE && n->subr < DS_COUNT &&
	    subrs[n->subr].destructive)
		return true;
	if (has_destructive(n->lhs) || has_destructive(n->rhs) || has_destructive(n->cond))
		return true;
	for (const struct dnode *a = n->args; a; a = a->next)
		if (has_destructive(a))
			return true;
	return false;
}

static enum spec_act stmt_act(const struct dnode *e)
{
	if (e->kind == DN_ASSIGN && e->lhs && e->lhs->kind == DN_AGG)
		return SA_AGG;
	if (e->kind == DN_CALL) {
		switch (e->subr) {
		case DS_EXIT:
			return SA_EXIT;
		case DS_SPECULATE:
			return SA_SPECULATE;
		case DS_COMMIT:
			return SA_COMMIT;
		case DS_DISCARD:
			return SA_DISCARD;
		default:
			break;
		}
		if (e->subr == DS_NONE && kernel_action(e->name))
			return SA_DESTRUCTIVE;
	}
	if (has_destructive(e))
		return SA_DESTRUCTIVE;
	/* every other action records, for these rules: printa(), clear(), setopt() too (dtrace
	 * flags each action it generates code for, dt_cg.c's dt_cg_clsflags) */
	if (e->kind == DN_CALL && dsubr_is_action(e->subr))
		return SA_DATA;
	return SA_VOID;
}

/* dt_stmt_append's scan over every action so far; the first rule broken is reported at `at`. */
static void spec_rescan(struct ck *c, const struct spec_scan *sc, const struct dnode *at)
{
	bool commit = false, speculate = false, datarec = false;
	for (size_t i = 0; i < sc->n; i++) {
		enum spec_act a = sc->acts[i];
		if (a == SA_COMMIT) {
			/* several commit()s in one clause are fine (current dtrace dropped the
			 * older D_COMM_COMM rule): each drains its own speculation */
			if (datarec)
				fail_at(c, at, D_COMM_DREC, "commit( ) may not follow data-recording action(s)");
			for (size_t j = i; j < sc->n; j++)
				if (sc->acts[j] == SA_AGG)
					fail_at(c, at, D_AGG_COMM, "aggregating actions may not follow commit( )");
			commit = true;
			continue;
		}
		if (a == SA_SPECULATE) {
			if (speculate)
				fail_at(c, at, D_SPEC_SPEC, "speculate( ) may not follow speculate( )");
			if (commit)
				fail_at(c, at, D_SPEC_COMM, "speculate( ) may not follow commit( )");
			if (datarec)
				fail_at(c, at, D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)");
			speculate = true;
			continue;
		}
		if (a == SA_AGG) {
			if (speculate)
				fail_at(c, at, D_AGG_SPEC, "aggregating actions may not follow speculate( )");
			datarec = true;
			continue;
		}
		if (speculate && a == SA_DESTRUCTIVE)
			fail_at(c, at, D_ACT_SPEC, "destructive actions may not follow speculate( )");
		if (speculate && a == SA_EXIT)
			fail_at(c, at, D_EXIT_SPEC, "exit( ) may not follow speculate( )");
		/* destructive actions and exit() record too: `commit(s); raise(9);` is
		 * D_DREC_COMM, `system("x"); speculate(s);` D_SPEC_DREC (observed with dtrace) */
		if (a == SA_DISCARD || a == SA_VOID)
			continue;
		if (commit)
			fail_at(c, at, D_DREC_COMM, "data-recording actions may not follow commit( )");
		/* speculative data records too: dtrace refuses `speculate(s); printf(...);
		 * commit(s);` with D_COMM_DREC */
		datarec = true;
	}
}

static void spec_walk(struct ck *c, struct spec_scan *sc, const struct dnode *n)
{
	if (!n)
		return;
	switch (n->kind) {
	case DN_BLOCK:
		for (const struct dnode *s = n->args; s; s = s->next)
			spec_walk(c, sc, s);
		return;
	case DN_IF:
		spec_walk(c, sc, n->lhs);
		spec_walk(c, sc, n->rhs);
		return;
	case DN_EXPR_STMT: {
		enum spec_act a = stmt_act(n->lhs);
		/* printf() with arguments is one action per argument; each records */
		xgrow(&sc->acts, sizeof(*sc->acts), &sc->cap, sc->n + 1);
		sc->acts[sc->n++] = a;
		spec_rescan(c, sc, n);
		/* an error dtrace finds generating this statement's code comes right after
		 * these rules are applied to it: before the rules of the statements after it */
		if (c->gen_pend && n->lhs == c->gen_pend_at)
			gen_error_raise(c);
		return;
	}
	default:
		return;
	}
}

static bool uses_spec(const struct dnode *n)
{
	if (!n)
		return false;
	if (n->kind == DN_EXPR_STMT)
		return n->lhs && n->lhs->kind == DN_CALL &&
		       (n->lhs->subr == DS_SPECULATE || n->lhs->subr == DS_COMMIT);
	if (n->kind == DN_IF)
		return uses_spec(n->lhs) || uses_spec(n->rhs);
	if (n->kind == DN_BLOCK)
		for (const struct dnode *s = n->args; s; s = s->next)
			if (uses_spec(s))
				return true;
	return false;
}

/* Only clauses with speculate() or commit() can break a rule. The scan's array lives in the
 * checker (fail_at leaves by longjmp) and is freed with it. */
static void check_spec_rules(struct ck *c, const struct dnode *cl)
{
	if (!uses_spec(cl->body))
		return;
	c->spec.n = 0;
	spec_walk(c, &c->spec, cl->body);
}

/* The predicate of clause cl: scalar, no actions in it. Its errors are "in predicate". */
static void check_predicate(struct ck *c, struct dnode *cl)
{
	c->pred = cl->cond;
	c->pred_brace_line = cl->body ? cl->body->pos.line : 0;
	c->in_pred = true;
	check_expr(c, cl->cond);
	if (!is_scalar(cl->cond->type)) {
		/* dtrace checks it when the whole clause is read: at its closing '}' */
		struct dnode at = *cl->cond;
		if (cl->body && cl->body->end_line > 0)
			at.pos.line = cl->body->end_line;
		fail_at(c, &at, D_PRED_SCALAR, "predicate result must be of scalar type");
	}
	c->in_pred = false;
	/* an action in a predicate is found generating its code: no region */
	c->cg_time = true;
	no_nested_action(c, cl->cond);
	c->cg_time = false;
	c->pred = NULL;
}

/* The value guards of the clause's probes (formula providers), typed in place once: each
 * is an integer or pointer test, its errors the library's, at its line there. */
static void check_guards(struct ck *c)
{
	for (int i = 0; c->pargs && i < c->pargs->nguards; i++) {
		struct dnode *g = c->pargs->guards[i];
		if (g->type)
			continue;
		const char *lib_was = c->lib_file;
		c->lib_file = g->pos.file;
		c->in_pred = true;
		check_expr(c, g);
		if (!is_scalar(g->type))
			fail_at(c, g, D_PRED_SCALAR, "a formula's guard must be of scalar type");
		c->in_pred = false;
		c->lib_file = lib_was;
	}
}

void check_clause(struct ck *c, struct dnode *cl, int index)
{
	c->clause = cl;
	c->clause_index = index;
	c->gen_pend = false;
	c->pargs = c->opt->clause_args ? c->opt->clause_args(c->opt->arg, index) : NULL;
	c->action = 0;
	check_guards(c);
	if (cl->cond && cl->body) {
		/* dtrace (dt_cook_clause) checks the actions first, so a predicate may read what
		 * its own clause's actions assign (`/!done/ { done = 1; }`); when the actions name
		 * something unknown it checks the predicate first (`/x++ == 0/ { trace(x); }`) and
		 * the actions again. The second try's errors are the ones reported. */
		jmp_buf outer;
		memcpy(outer, c->jb, sizeof(outer));
		if (setjmp(c->jb) == 0) {
			check_stmt(c, cl->body);
			memcpy(c->jb, outer, sizeof(outer));
			check_predicate(c, cl);
		} else {
			memcpy(c->jb, outer, sizeof(outer));
			c->in_pred = false;
			c->fmt_region = false;
			c->cg_time = false;
			c->pred = NULL;
			if (!c->err || (c->err->tag != D_IDENT_UNDEF && c->err->tag != D_VAR_UNDEF))
				longjmp(c->jb, 1);
			c->status = 0;
			c->gen_pend = false;
			check_predicate(c, cl);
			c->action = 0;
			check_stmt(c, cl->body);
		}
	} else if (cl->cond) {
		check_predicate(c, cl);
	} else if (cl->body) {
		check_stmt(c, cl->body);
	}
	c->cg_time = true;  /* dtrace checks speculation rules generating code: no region */
	check_spec_rules(c, cl);
	/* then generates the actions' code: the first error found there (a format, a kernel
	 * destructive action...) */
	gen_error_raise(c);
	c->cg_time = false;
	c->clause = NULL;
	c->pargs = NULL;
}

void check_inline(struct ck *c, struct dnode *n)
{
	/* dt_node_inline's message: the previous identifier's kind, and "inline" if it was one */
	struct dck_var *pv = var_find(c, 'g', n->name);
	enum dbuiltin pb = builtin_lookup(n->name);
	/* a function's name is dtrace's global identifier too (inline int sum = 1;): its kind
	 * is spelled with nothing after it, as observed */
	enum dsubr ps = subr_lookup(n->name);
	if (agg_func_lookup(n->name) >= 0 || ps != DS_NONE)
		fail_at(c, n, D_DECL_IDRED, "identifier redefined: %s\n\t current: inline definition\n"
			"\tprevious: %s ", n->name, ps == DS_NONE ? "aggregating function" :
			subrs[ps].action ? "tracing function" : "function");
	if (inline_find(c, n->name) || pv || pb != DB_NONE)
		fail_at(c, n, D_DECL_IDRED, "identifier redefined: %s\n\t current: inline definition\n"
			"\tprevious: %s %s", n->name,
			pv ? idkind_name(pv) : pb == DB_ARGS || pb == DB_UREGS ? "associative array" :
			"scalar", inline_find(c, n->name) ? "inline" : "");
	/* a struct, union or enum of no known body: dtrace refuses the declaration before it
	 * looks at the value (inline struct nosuch s = 1;) */
	if (forward_tag(c, n->ctype) || empty_record(n->ctype)) {
		struct names ns = {0};
		const char *a = nm(&ns, n->ctype);
		FAILT(c, n, &ns, D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", a, n->name);
	}
	/* an inline of an inline of translated data (inline psinfo_t *p = curpsinfo) is that
	 * translation too, reached through members as it is */
	if (n->lhs->kind == DN_IDENT && !n->args) {
		struct inline_def *of = inline_find(c, n->lhs->name);
		if (of && !of->body && of->def->lhs->kind == DN_XLATE &&
		    dtype_same(of->def->lhs->ctype, n->ctype))
			n->lhs = copy_tree(c, of->def->lhs);
	}
	if (n->lhs->kind == DN_XLATE && dtype_same(n->lhs->ctype, n->ctype)) {
		/* translated data (curpsinfo, fds[fd]): checked where it is used, through a
		 * member (with parameters: expanded with the use's arguments) */
		xgrow(&c->inl, sizeof(*c->inl), &c->capinl, c->ninl + 1);
		c->inl[c->ninl++] = (struct inline_def){ n->name, n,
							 n->args ? copy_tree(c, n->lhs) : NULL };
		return;
	}
	struct dnode *body = NULL;
	if (n->args) {
		/* checked once with its parameters as placeholders of their types; expanded, and
		 * checked again, at each use */
		body = copy_tree(c, n->lhs);
		for (const struct dnode *prm = n->args; prm; prm = prm->next)
			inline_subst(c, &n->lhs, prm, NULL);
	}
	c->in_inline_def = true;
	check_expr(c, n->lhs);
	c->in_inline_def = false;
	if (!argcompat(n->ctype, n->lhs)) {
		struct names ns = {0};
		const char *a = nm(&ns, n->ctype), *b = nm(&ns, n->lhs->type);
		FAILT(c, n, &ns, D_OP_INCOMPAT, "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		      n->name, a, b);
	}
	xgrow(&c->inl, sizeof(*c->inl), &c->capinl, c->ninl + 1);
	c->inl[c->ninl++] = (struct inline_def){ n->name, n, body };
}

void check_vardecl(struct ck *c, struct dnode *n)
{
	struct names ns = {0};
	/* dtrace rejects auto/register/static; extern names a kernel symbol, declared as dtrace
	 * declares it (no error), and there are none to find here: a use is an unknown name */
	if (n->sclass == DSC_EXTERN)
		return;
	if (n->sclass != DSC_NONE)
		fail_at(c, n, D_DECL_BADCLASS, "specified storage class not appropriate in D");
	if ((builtin_lookup(n->name) != DB_NONE || subr_lookup(n->name) != DS_NONE ||
	     agg_func_lookup(n->name) >= 0) && n->storage == DVAR_GLOBAL)
		fail_at(c, n, D_DECL_IDRED, "built-in identifier redeclared: %s", n->name);
	bool assoc = n->args != NULL;
	char space = n->storage == DVAR_SELF ? 's' : n->storage == DVAR_THIS ? 't' : 'g';
	if (assoc && space == 't')
		fail_at(c, n, D_DECL_LOCASSC, "associative arrays may not be declared as local variables: %s", n->name);
	struct dtype *t = n->ctype;
	/* a forward tag is completed from the kernel's types when it names one; a D record of
	 * no members (unnamed zero-width bit-fields alone) has size 0, incomplete to dtrace */
	if (forward_tag(c, t) || empty_record(t)) {
		const char *a = nm(&ns, t);
		FAILT(c, n, &ns, D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", a, n->name);
	}
	if (res(t)->kind == DTY_ARRAY && res(t)->array_len < 0)
		fail_at(c, n, D_DECL_ARRNULL, "array declaration requires array dimension or tuple signature: %s",
			n->name);
	struct dck_var *v = var_find(c, space, n->name);
	enum dck_varclass cls = space == 's' ? DCK_SELF : space == 't' ? DCK_THIS :
				assoc ? DCK_ASSOC : DCK_GLOBAL;
	if (v) {
		bool v_assoc = v->nkeys > 0 || v->cls == DCK_ASSOC;
		/* an array declarator makes a new array type each time, which no earlier one is
		 * (dtrace: `int x[2]; int x[2];` is redeclared, current and previous int [2]) */
		if (v_assoc != assoc || (v->type && (!same_type(v->type, t) ||
						     (!assoc && n->ctype->kind == DTY_ARRAY)))) {
			const char *a = nm(&ns, t);
			const char *b = v->type ? nm(&ns, v->type) : "<none>";
			FAILT(c, n, &ns, D_DECL_IDRED, "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s",
			      n->name, assoc ? "associative array" : "scalar", a, idkind_name(v), b);
		}
		if (assoc) {
			int i = 0;
			for (struct dnode *k = n->args; k; k = k->next, i++) {
				if (i < v->nkeys && !same_type(k->ctype, v->keys[i])) {
					const char *a = nm(&ns, k->ctype), *b = nm(&ns, v->keys[i]);
					FAILT(c, n, &ns, D_DECL_IDRED, "identifier redeclared: %s\n\t current: associative "
					      "array, key #%d of type %s\n\tprevious: associative array, "
					      "key #%d of type %s", n->name, i + 1, a, i + 1, b);
				}
			}
			if (i != v->nkeys) {
				const char *a = nm(&ns, t), *b = nm(&ns, v->type);
				FAILT(c, n, &ns, D_DECL_IDRED, "identifier redeclared: %s\n\t current: associative array "
				      "of %s, tuple length %d\n\tprevious: associative array of %s, "
				      "tuple length %d", n->name, a, i, b, v->nkeys);
			}
		}
		v->type = t;
		v->declared = true;
		return;
	}
	v = var_new(c, cls, n->name, t, n);
	v->declared = true;
	if (assoc) {
		v->nkeys = list_len(n->args);
		v->keys = xcalloc((size_t)v->nkeys, sizeof(*v->keys));
		int i = 0;
		for (struct dnode *k = n->args; k; k = k->next)
			v->keys[i++] = k->ctype;
	}
}
