/* dcheck_impl.h — what the files of the D type checker share (not for other modules).
 *
 * The checker is one pass over the program (dcheck.c); each file holds one concern:
 *   dcheck.c         entry points, errors, the expression walk, early resolution
 *   dcheck_types.c   type lookup, compatibility, promotions, lvalues, constants
 *   dcheck_names.c   built-in variables, the name table, variables, identifiers, inlines
 *   dcheck_assoc.c   associative arrays, args[] and uregs[], indexing
 *   dcheck_expr.c    operators, assignments, ?:, casts, members, offsetof
 *   dcheck_calls.c   the subroutine table, prototypes, printf
 *   dcheck_agg.c     aggregations and their end-of-program checks
 *   dcheck_stmt.c    statements, clauses, speculation rules, inline and variable declarations
 *   dcheck_xlate.c   translators
 *   dcheck_sexpr.c   dck_sexpr
 * What the checker fills in each node, and the rules it follows: docs/check.md.
 *
 * Every check reports its first error with fail_at, which longjmps back to dcheck_program:
 * nothing here returns an error. */
#ifndef USDTRACE_DCHECK_IMPL_H
#define USDTRACE_DCHECK_IMPL_H
#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dcheck.h"
#include "derr.h"
#include "dtag.h"
#include "dtype.h"
#include "dversion.h"

/* One entry per (name space, name): its variable. */
struct name_ent {
	char space;           /* 0: empty slot */
	char *name;
	struct dck_var *var;
};

struct inline_def {
	const char *name;
	struct dnode *def;    /* the DN_INLINE item, checked */
	struct dnode *body;   /* an inline with parameters: its expression unchecked, to be
			       * expanded with each use's arguments (def->lhs is then a checked
			       * copy with the parameters as typed placeholders) */
};

enum spec_act { SA_VOID, SA_DATA, SA_EXIT, SA_DESTRUCTIVE, SA_SPECULATE, SA_COMMIT, SA_DISCARD,
		SA_AGG };

struct spec_scan {
	enum spec_act *acts;
	size_t n, cap;
};

struct ck {
	struct dprog *prog;
	const char *lib_file;     /* checking an item of this D library (dparse.h's nlib_items) */
	struct dtype_ctx *tc;
	const struct dck_options *opt;
	struct dck_prog *out;
	struct derr *err;         /* the caller's (may be NULL) */
	jmp_buf jb;
	int status;           /* -1 or -2 (see dcheck.h) when jumping out */
	/* the clause being checked */
	struct dnode *clause;
	int clause_index;
	const struct dck_probe_args *pargs;
	int action;
	struct name_ent *names;  /* open addressing, a power of two in size */
	size_t nnames, capnames;
	bool in_inline_def;      /* checking an inline's definition: dtrace cooks it where it
	                          * stands, so a self-> or this-> variable assigned only later
	                          * is not yet known (D_VAR_UNDEF) */
	struct inline_def *inl;
	size_t ninl, capinl;
	struct spec_scan spec;   /* the clause's actions, for the speculation rules */
	struct dnode **pend;     /* printa() calls, checked once every aggregation is known */
	int *pend_line;          /* and the line of the clause each is in */
	size_t npend, cappend, cappend_line;
	bool destructive_used;   /* refused (without -w) once the whole program has compiled */
	struct dnode *stmt_call; /* the call that is a whole statement: an action proper */
	const struct dnode *pred;  /* the predicate being checked, and the line of its clause's */
	int pred_brace_line;       /* '{' (0: none) */
	bool in_pred;              /* checking a predicate: its errors are "in predicate" */
	bool fmt_region;           /* the error is a printf-style format's: dtrace checks those
				    * outside the regions it labels */
	bool cg_time;              /* the next error is one dtrace finds generating code
				    * (fail_cg): it names no region */
	/* the clause's first error of those dtrace finds generating code, held until the
	 * clause's statements are all cooked (gen_check_deferred): set, where, and the error
	 * (when c->err is set) */
	bool gen_pend;
	const struct dnode *gen_pend_at;
	struct derr gen_pend_err;
	struct dtype *agg_value;   /* dck_agg_value_type's, made on first use */
	unsigned xlate_args;       /* for check_proto: the arguments (bit i: argument i + 1) of
				    * the call it checks that were translated data before they
				    * were checked (curpsinfo), of dtrace's dynamic type */
	bool xlate_args_ptr;       /* ...pointers to translated data */
};

/* --- translators (dcheck_xlate.c) ----------------------------------------------------------- */

#define DXL_MAX_DEPTH 64

/* One translator: its checked definition. */
struct dxl {
	struct dnode *def;        /* the DN_TRANSLATOR item (members in def->args) */
	struct dtype *in;         /* the input type as declared */
	struct dtype *out;        /* the output type as declared (a struct or union) */
};

/* The program's translators (dck_prog.xlators). */
struct dxl_table {
	struct dxl *v;            /* in definition order */
	size_t n, cap;
	int depth;                /* expansions in progress */
};

/* Checks a DN_TRANSLATOR item and adds it to the program's table (docs/check.md: the order of
 * its checks and their messages). */
void dxl_define(struct ck *c, struct dnode *def);
/* The translator from a checked expression `src` to `dst` (T, or T * meaning T), by dtrace's
 * matching rule; NULL if there is none. Needs no checker (dck_xlator_lookup uses it). */
const struct dxl *dxl_lookup(const struct dxl_table *t, const struct dnode *src, struct dtype *dst);
/* Whether n is a member access of translated data: xlate<T>(e).m, xlate<T *>(e)->m,
 * (*xlate<T *>(e)).m. */
bool dxl_is_member(const struct dnode *n);
/* Rewrites such a member access in place into a DN_CAST to m's type over the translator's
 * expression for m with e put for the parameter, then checks it. */
void dxl_member(struct ck *c, struct dnode *n);
/* `l = xlate<T>(e)`: rewrites the assignment in place into one assignment per member of T,
 * `l.m = xlate<T>(e).m` for the members the translator defines and, in a struct, `l.m = 0`
 * for its other scalar members (a translation is a fresh struct; other members keep their
 * value), then checks it. l must be a struct of type T (a new variable becomes one). */
/* n's right side is an xlate; named when it was an inline of one (curpsinfo), whose
 * declared type a new variable takes. */
void dxl_assign(struct ck *c, struct dnode *n, bool named);
/* A pointer to translated data used as a whole value (an inline such as curcpu, which dtrace
 * gives as a real pointer): rewrites n (a DN_XLATE of a T * type) in place into
 * `(this->tmp = (T *)alloca(sizeof (T)), this->tmp->m = xlate <T> (e).m, ..., this->tmp)`,
 * a translation in the clause's scratch memory, then checks it. A translation with members
 * that are not scalars (strings, arrays: curpsinfo) fails as dxl_value does. */
void dxl_materialize(struct ck *c, struct dnode *n, const char *tmp);
/* A cast whose operand is a DN_XLATE: the lookup, then D_CAST_INVAL. */
_Noreturn void dxl_cast(struct ck *c, struct dnode *cast);
/* Checks a DN_XLATE's input and finds its translator, or fails as dtrace does ("cannot
 * translate from ..."): for uses of its type alone (sizeof). */
void dxl_resolve(struct ck *c, struct dnode *xl);
/* A DN_XLATE anywhere else: the lookup, then the "whole value" refusal. */
_Noreturn void dxl_value(struct ck *c, struct dnode *n);
void dxl_table_free(struct dxl_table *t);

/* --- errors and the walk (dcheck.c) --------------------------------------------------------- */

/* Reports the error (tag, message) at n's line as dtrace gives it, and longjmps out of the
 * check (c->jb). n may be NULL (no line). */
_Noreturn void fail_at(struct ck *c, const struct dnode *n, enum dtag tag,
		       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Types the expression n (and its operands), folding constants and rewriting inlines, enum
 * constants and translated members in place. */
void check_expr(struct ck *c, struct dnode *n);

/* dtrace builds a tuple (an associative array's keys, global or self->, an aggregation's
 * keys) in its 8 tuple registers, and its code generator's bound check lets a 9th key through
 * (dt_cg_arglist: it fails when the key's index is above 8): 9 keys work, 10 are "Insufficient
 * tuple registers to generate code" (observed: dtrace -n 'BEGIN { a[1,2,3,4,5,6,7,8,9] = 1; }'
 * runs, @a[1,...,10] = count() fails), an error without a line or tag. */
#define DCK_MAX_TUPLE 9
/* Fails (longjmp) when the tuple `keys` (a list) has more than DCK_MAX_TUPLE members. */
void check_tuple_size(struct ck *c, const struct dnode *keys);

/* Whether n is `self` or `this` alone (not self->x): dtrace's pointer identifiers, which no
 * expression may use as a value (check_ident refuses them). */
static inline bool is_self_or_this(const struct dnode *n)
{
	return n->kind == DN_IDENT && n->name &&
	       (strcmp(n->name, "self") == 0 || strcmp(n->name, "this") == 0);
}

/* --- types (dcheck_types.c) ----------------------------------------------------------------- */

/* Type predicates, as libdtrace's dt_node_is_* name them; typedefs resolved. */
static inline struct dtype *res(struct dtype *t) { return dtype_resolve(t); }
/* Whether the program's D version (the `version` option) hides built-in name. The D
 * libraries are ours and see every built-in at any level: a level restricts the program. */
static inline bool version_hides(const struct ck *c, const char *name)
{
	return !c->lib_file && dversion_hides(c->opt->dversion, name);
}
/* Whether a D library bound global identifier name (an inline, variable or enumerator; item
 * NULL) or translator item to a version above the level the program asked for (`#pragma D
 * binding`): the program does not see it, as if the library never defined it. With no
 * `version` option nothing is hidden (dtrace reduces only to a level asked for). */
static inline bool bound_hides(const struct ck *c, const char *name, const struct dnode *item)
{
	if (c->lib_file || c->opt->dversion == 0)
		return false;
	uint32_t v = dprog_bound_version(c->prog, name, item);
	return v > c->opt->dversion;
}

/* ustack() and its kin are of D's "stack" type, a typedef of void that dtrace keeps apart
 * from void (dt_node_is_stack): not void to trace() or print(), and compatible with itself in
 * assignments and comparisons, so that a stack used as a value is refused only by the code
 * generator's D_CG_EXPR (no_nested_action). */
static inline bool is_stack_type(const struct dtype *t)
{
	return t && t->kind == DTY_TYPEDEF && t->name && strcmp(t->name, "stack") == 0;
}
static inline bool is_void(struct dtype *t) { return !is_stack_type(t) && res(t)->kind == DTY_VOID; }
/* The type of an aggregating function's call used as a value (count() outside `@a = count()`):
 * a typedef of void, so that messages name it as dtrace does ("aggregating function"). */
#define DCK_AGGFUNC_TYPE "aggregating function"
static inline bool is_aggfunc_value(const struct dtype *t)
{
	return t && t->kind == DTY_TYPEDEF && t->name && strcmp(t->name, DCK_AGGFUNC_TYPE) == 0;
}
static inline bool is_string(struct dtype *t) { return res(t)->kind == DTY_STRING; }

static inline bool is_integer(struct dtype *t)
{
	switch (res(t)->kind) {
	case DTY_BOOL: case DTY_CHAR: case DTY_SHORT: case DTY_INT: case DTY_LONG: case DTY_LLONG:
	case DTY_ENUM:
		return true;
	default:
		return false;
	}
}

static inline bool is_float(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_FLOAT || k == DTY_DOUBLE || k == DTY_LDOUBLE;
}

/* dt_node_is_pointer: pointers and arrays (strings are not) */
static inline bool is_pointer(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_PTR || k == DTY_ARRAY;
}

/* dt_node_is_scalar: integers and pointers; arrays, strings and floats are not */
static inline bool is_scalar(struct dtype *t)
{
	return is_integer(t) || res(t)->kind == DTY_PTR;
}

static inline bool is_char(struct dtype *t) { return res(t)->kind == DTY_CHAR; }

/* dt_node_is_strcompat: string, char * and char[] all behave as strings */
/* char[N]: a string's bytes in place */
static inline bool is_char_array(struct dtype *t)
{
	struct dtype *r = res(t);
	return r->kind == DTY_ARRAY && is_char(r->base);
}

static inline bool is_strcompat(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_STRING)
		return true;
	if ((r->kind == DTY_PTR || r->kind == DTY_ARRAY) && is_char(r->base))
		return true;
	return false;
}

/* pointer to void or to a function: no known pointee size */
static inline bool is_vfptr(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind != DTY_PTR)
		return false;
	enum dtype_kind k = res(r->base)->kind;
	return k == DTY_VOID || k == DTY_FUNC;
}

static inline bool is_record(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_STRUCT || k == DTY_UNION;
}

static inline bool same_type(struct dtype *a, struct dtype *b)
{
	return dtype_same(a, b);
}
/* The type a D type name stands for: the built-in names, typedefs in scope, and D's own
 * "stack", "_usymaddr" and "_symaddr" (made on first use). An unknown name is an internal
 * error. */
struct dtype *named_type(struct ck *c, const char *name);
/* `struct NAME` as the program's scopes know it, else a new incomplete tag in the builtin
 * scope (completed when needed: complete_record). */
struct dtype *kernel_tag(struct ck *c, const char *name);
/* A struct or union (or an array of them) whose body is needed: when it is incomplete, the
 * caller's hook may complete it. Whether t is complete now (true for other types). */
bool need_body(struct ck *c, struct dtype *t);
/* Whether t names a struct, union or enum tag that was declared but never defined (nor found
 * in the kernel's types): CTF's forward, whose size dtrace's ctf_type_size reports as -1. */
bool forward_tag(struct ck *c, struct dtype *t);
/* A complete struct or union of size 0: a D program's record whose members are all unnamed
 * zero-width bit-fields, which dtrace declares but finds incomplete where it is used. */
bool empty_record(struct dtype *t);
/* sizeof's value for type t as dtrace computes it: the string size for strings, (size_t)-1
 * for a forward tag, else the type's size; fails D_SIZEOF_TYPE (at n) when that is 0 or
 * unknown (void, an array of no dimension). */
uint64_t sizeof_value(struct ck *c, const struct dnode *n, struct dtype *t);
/* Types ignoring qualifiers at every level: dtrace's ctf_type_compat is that lenient. */
bool compat_type(struct dtype *a, struct dtype *b);
/* dt_node_is_argcompat: may a value of rp's type be stored where lt is expected. */
bool argcompat(struct dtype *lt, const struct dnode *rp);
/* dt_node_is_ptrcompat for comparisons and ?: (either side may be a 0 constant). */
bool ptrcompat(const struct dnode *lp, const struct dnode *rp);

/* Type names in messages: a few at a time, freed when the message is built. */
struct names {
	char *s[3];
	int n;
};
/* Run check(c, n, arg), checks dtrace makes when it generates a statement's code (a
 * printf-style format's, an action nested in an expression), after cooking the whole clause:
 * an error there is held (the clause's first only) and raised by format_error_raise unless
 * the clause's other statements fail first. */
void gen_check_deferred(struct ck *c, struct dnode *n, const void *arg,
			void (*check)(struct ck *, struct dnode *, const void *));
/* Raise the clause's held generation error, if any. */
void gen_error_raise(struct ck *c);
/* A type's name for messages (malloc'd): an anonymous struct, union or enum is named as CTF
 * names it for dtrace, by its keyword and an empty tag ("struct "). */
char *spell(struct dtype *t);
/* spell(t), kept in ns until names_free. */
const char *nm(struct names *ns, struct dtype *t);
void names_free(struct names *ns);
/* A message with type names: fail_at after building the text, freeing the names. */
/* fail_at for an error dtrace finds when it generates code, not when it cooks the tree (the
 * difference shows in a -n argument's message: no "in action list: "). */
#define fail_cg(c, ...) do { (c)->cg_time = true; fail_at(c, __VA_ARGS__); } while (0)
#define FAILT(c, n, ns, tag, ...) do { char m_[1024]; snprintf(m_, sizeof(m_), __VA_ARGS__); \
	names_free(ns); fail_at(c, n, tag, "%s", m_); } while (0)
/* D_OP_INCOMPAT "operands have incompatible types: "L" op "R"" at `at`. */
void incompat(struct ck *c, const struct dnode *at, const struct dnode *l, const char *op,
	      const struct dnode *r);

/* D's operand promotion: an enum becomes int, any other integer keeps its type (D has no
 * promotion of narrow integers to int: the Guide's highest-rank rule). */
struct dtype *promote(struct ck *c, struct dtype *t);
/* The usual arithmetic conversions: the highest-ranked operand's type (dt_type_promote). */
struct dtype *arith_result(struct ck *c, struct dtype *l, struct dtype *r);
bool type_unsigned(struct dtype *t);
/* The value v as the integer type t holds it, extended back to 64 bits. */
int64_t trunc_to(struct dtype *t, uint64_t v);

/* dtrace's DT_NF_LVALUE. */
bool is_lvalue(const struct dnode *n);
/* dtrace's DT_NF_WRITABLE: D variables, and what is reached through them. */
bool is_writable(const struct dnode *n);
/* Whether member access n names a bit-field. */
bool is_bitfield(const struct dnode *n);

/* n becomes the integer constant v of type t (cut to t). */
void set_int_const(struct dnode *n, struct dtype *t, uint64_t v);
/* n becomes the result v of an operator over constants, typed t and not cut to t (D folds in
 * 64 bits). */
void set_folded(struct dnode *n, struct dtype *t, uint64_t v);
/* The type of an integer literal by its suffix, as in C ('a' is an int). */
struct dtype *int_literal_type(struct ck *c, const struct dnode *n);

/* --- names (dcheck_names.c) ----------------------------------------------------------------- */

/* The built-in variable named `name`, DB_NONE if none. */
enum dbuiltin builtin_lookup(const char *name);
/* uregs[] indexes, plus one (dtrace's x86-64 numbering: pt_regs' 21, then 5 thread members). */
#define UREG_SLOTS 26

/* "self->", "this->" or "" for a variable class, as messages name variables. */
const char *space_prefix(enum dck_varclass cls);
/* The table entry of (space, name): 'g' global, 's' self, 't' this; created empty when `add`
 * (else NULL if absent). */
struct name_ent *name_lookup(struct ck *c, char space, const char *name, bool add);
/* The variable (space, name), NULL if none yet. */
struct dck_var *var_find(struct ck *c, char space, const char *name);
/* A new variable of class cls, first seen at `at`, entered in the name table. */
struct dck_var *var_new(struct ck *c, enum dck_varclass cls, const char *name,
			struct dtype *type, const struct dnode *at);
/* "associative array" or "scalar", as dtrace's messages name a variable's kind. */
const char *idkind_name(const struct dck_var *v);

/* The inline called `name`, NULL if none. */
struct inline_def *inline_find(struct ck *c, const char *name);
/* A fresh copy of tree n (names and strings duplicated), in the program's pool. */
struct dnode *copy_tree(struct ck *c, const struct dnode *n);
/* Whether `name` is an enumerator in scope. */
bool is_enumconst(struct ck *c, const char *name);
/* Replaces each identifier naming parameter `prm` in *slot by a copy of `with` (NULL: a
 * placeholder of the parameter's type, as while the definition is checked) cast to the
 * parameter's type. */
void inline_subst(struct ck *c, struct dnode **slot, const struct dnode *prm,
		  const struct dnode *with);
/* `name[a, b]` of an inline with parameters: a cast to its type over its expression with the
 * arguments put for the parameters. */
void expand_inline_call(struct ck *c, struct dnode *n, const struct inline_def *in);
/* An identifier naming an inline of translated data becomes the translation itself; whether
 * n was one. */
bool expand_xlate_inline(struct ck *c, struct dnode *n);
/* Whether n, not yet checked, is translated data used as a value: an xlate, an inline of one
 * (curpsinfo), or * of those. *ptr tells a translated pointer's ("pointer to translated
 * data", dtrace's name for its dynamic type) from a translated struct's ("translated data"). */
bool xlate_value(struct ck *c, const struct dnode *n, bool *ptr);
/* The type n translates to (psinfo_t * for curpsinfo and *curpsinfo alike), or NULL when n is
 * no translation. */
struct dtype *xlate_out_type(struct ck *c, const struct dnode *n);
/* The type of such a value (psinfo_t * for curpsinfo, psinfo_t for *curpsinfo); NULL when n
 * is not translated data. */
struct dtype *xlate_value_type(struct ck *c, const struct dnode *n);
/* Fails when identifier n names one of dtrace's functions (an aggregating function, an action
 * or a subroutine): dtrace refuses such a name as a variable ("aggregating function 'sum' may
 * not be referenced as scalar"). */
void refuse_callable_as_scalar(struct ck *c, struct dnode *n);
/* The same for `name[a, ...]` of such an inline with parameters; whether n was one. */
bool expand_xlate_inline_call(struct ck *c, struct dnode *n);
/* DN_IDENT: a variable, built-in, inline, enum constant, register or fault name, or kernel
 * symbol (rewritten in place where it is a constant or an inline). */
void check_ident(struct ck *c, struct dnode *n);
/* DN_SELF, DN_THIS read as a scalar. */
void check_selfthis(struct ck *c, struct dnode *n);
/* true when n is self->a and a is a thread-local associative array (named without keys) */
bool dck_names_self_assoc(struct ck *c, const struct dnode *n);

/* --- associative arrays and indexing (dcheck_assoc.c) --------------------------------------- */

/* The length of a node list. */
int list_len(const struct dnode *l);
/* Checks each expression of a list. */
void check_list(struct ck *c, struct dnode *l);
/* a[k...] read (create false) or the target of an assignment (create true, value type
 * given later by the caller). */
void check_assoc(struct ck *c, struct dnode *n, char space, const char *name, bool create);
/* args[K] translated becomes `xlate < T > ((native type)argM)` before the member access
 * around it is checked, so that the translator machinery expands it. */
void xlate_args(struct ck *c, struct dnode *n);
/* args[K] of a formula probe (dck_probe_args.expr), K a constant: n becomes the formula's
 * expression (a copy, checked), or its translation to args[K]'s declared type. Whether n was
 * one. */
bool formula_args(struct ck *c, struct dnode *n);
/* DN_INDEX: an associative element, args[N], uregs[N], or E1[E2] on a pointer, array or
 * string. */
void check_index(struct ck *c, struct dnode *n);

/* --- operators (dcheck_expr.c) -------------------------------------------------------------- */

void check_unary(struct ck *c, struct dnode *n);
void check_binary(struct ck *c, struct dnode *n);
/* The variable an assignment's left side names, created (of the type of rhs_checked) if this
 * is its first assignment. rhs_checked may be NULL for an element (DN_INDEX), its keys checked
 * before the value is: a new array's value type is then left for the caller to set. */
void check_assign_target(struct ck *c, struct dnode *l, struct dnode *rhs_checked);
void check_assign(struct ck *c, struct dnode *n);
void check_cond(struct ck *c, struct dnode *n);
/* Casts as dt_cook_op2's DT_TOK_LPAR allows them. */
void check_cast(struct ck *c, struct dnode *n);
void check_member(struct ck *c, struct dnode *n);
void check_offsetof(struct ck *c, struct dnode *n);

/* --- calls (dcheck_calls.c) ----------------------------------------------------------------- */

/* Subroutine prototypes, in dt_open.c's notation: "[T]" is optional, "@" any type, "..." any
 * number of further arguments of any type. */
struct subr_def {
	const char *name;
	const char *ret;
	const char *params[4];
	bool action, destructive;
};
/* Every subroutine and action, by enum dsubr. */
extern const struct subr_def subrs[DS_COUNT];
/* The subroutine or action named `name`, DS_NONE if none. */
enum dsubr subr_lookup(const char *name);
/* Whether `name` is one of the kernel's actions usdtrace refuses (breakpoint, chill, panic):
 * an action for dtrace, so a call inside an expression is its D_CG_EXPR. */
bool kernel_action(const char *name);
/* Whether name is one of the kernel's functions dtrace knows (its destructive actions and the
 * Solaris functions dt_open.c keeps), which usdtrace refuses as dtrace does. */
bool kernel_subr(const char *name);
/* Arity and argument types of call n against the prototype d (dt_idcook_func +
 * dt_idcook_sign). */
void check_proto(struct ck *c, struct dnode *n, const struct subr_def *d);
/* D_PROTO_LEN "name( ) prototype mismatch: argc args passed, BOUND want expected". */
_Noreturn void proto_len_fail(struct ck *c, const struct dnode *n, const char *name,
			      int argc, const char *bound, int want);
/* The format string f of call n (printf, printa, ...): parsed (its errors reported), kept in
 * the dck_prog (which owns it) and returned. A NUL in it ends it, as in dtrace. */
struct dfmt *format_parse(struct ck *c, const struct dnode *n, const struct dnode *f);
/* DN_CALL: a subroutine, action or aggregating function call. */
void check_call(struct ck *c, struct dnode *n);
/* At the end: a destructive action used without -w is refused (-2, DERR_ENABLE). */
void destructive_refuse(struct ck *c);

/* --- aggregations (dcheck_agg.c) ------------------------------------------------------------ */

/* The aggregating function (enum agg_func) named `name`, -1 if none. */
int agg_func_lookup(const char *name);
/* name[keys] where name is a built-in function and no D variable: dtrace takes the brackets for
 * a call with no arguments (sum[1] = 1 is "sum( ) prototype mismatch: 0 args passed, 1
 * expected"); fails so for an aggregating function that wants arguments. */
void agg_func_keyed(struct ck *c, const struct dnode *n, const char *name);
/* A call of aggregating function f (enum agg_func): fails unless its argument count fits
 * dt_open.c's prototype (D_PROTO_LEN). */
void agg_func_arity(struct ck *c, const struct dnode *call, int f);
/* @name[keys] = func(args) (dt_node_op2's DT_TOK_ASGN for aggregations, then dt_compile_agg). */
void check_agg_assign(struct ck *c, struct dnode *n);
/* printa, trunc, clear, normalize, denormalize, setopt (dt_cc.c's dt_action_*). */
void check_agg_action(struct ck *c, struct dnode *n, enum dsubr s);
/* At the end of the program: every aggregation used has a function, and printa formats agree
 * with the keys of their first aggregation. */
void check_aggs_done(struct ck *c);
/* The type of aggregation n read as a value (dtrace's dynamic "aggregation"): a typedef of
 * void by that name, which no D program can spell, so it prints as dtrace does and every
 * rule that wants a scalar, an object or a string refuses it. D_IDENT_UNDEF if no aggregating
 * assignment above has defined n. */
struct dtype *dck_agg_value_type(struct ck *c, const struct dnode *n);
/* Whether t is that type. */
bool dck_is_agg_value(const struct ck *c, const struct dtype *t);
/* bcopy() and copyinto() write only alloca() memory, and a pointer difference does not mix
 * alloca and other pointers: checked over the whole program, once its variables are known
 * (dcheck_alloca.c) */
void check_alloca_dests(struct ck *c, struct dnode *items);

/* --- statements (dcheck_stmt.c) ------------------------------------------------------------- */

/* D_CG_EXPR for an action or aggregating call nested inside expression n. */
void no_nested_action(struct ck *c, const struct dnode *n);
/* A stack()/ustack()/jstack() call (checked) stored in a variable or used as an associative
 * array's key: types cleanly, but dtrace's code generator refuses it (D_CG_EXPR). */
void no_stack_value(struct ck *c, const struct dnode *v);
/* A statement (and its action numbers). */
void check_stmt(struct ck *c, struct dnode *n);
/* A clause, number `index` among the program's clauses. */
void check_clause(struct ck *c, struct dnode *cl, int index);
/* An `inline` declaration item. */
void check_inline(struct ck *c, struct dnode *n);
/* A variable declaration item. */
void check_vardecl(struct ck *c, struct dnode *n);
#endif
