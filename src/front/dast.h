/* dast.h — the syntax tree of a D program, and a printer for it.
 *
 * One node type for everything, chibicc style: `kind` says which fields mean something.
 *
 *   expressions   DN_INT ival (+is_unsigned, longness, is_char for 'c')  DN_STRING str/slen
 *                 DN_IDENT name                             DN_MACRO name ("$1", "$$1", "$target")
 *                 DN_SELF / DN_THIS name (self->name)       DN_AGG name ("" for @), args = keys
 *                 DN_UNARY op, lhs   op: DOP_NEG .. DOP_STRINGOF (dop.h: - + ! ~ * &,
 *                                    ++ -- prefix and postfix, sizeof, stringof)
 *                 DN_BINARY op, lhs, rhs (op DOP_LOR .. DOP_MOD: ||, ^^, ..., +, %)
 *                 DN_ASSIGN op (DOP_ASSIGN .. DOP_SHR_ASSIGN: =, +=, ...), lhs, rhs
 *                 DN_COND cond ? lhs : rhs               DN_COMMA lhs, rhs
 *                 DN_CAST ctype, lhs                     DN_SIZEOF_TYPE ctype
 *                 DN_OFFSETOF ctype, name                DN_CALL name, args
 *                 DN_INDEX lhs, args = keys (a[k1, k2]) DN_MEMBER lhs, name, op DOP_DOT or
 *                                                                   DOP_ARROW
 *   statements    DN_EXPR_STMT lhs   DN_IF cond, lhs (then), rhs (else or NULL)
 *                 DN_BLOCK args = statements            DN_EMPTY
 *   top level     DN_CLAUSE args = DN_PDESC list, cond = predicate or NULL,
 *                           body = statements (DN_BLOCK) or NULL when there is no action block
 *                 DN_PDESC name = the text as written, spec, pd[4] = provider, module,
 *                          function, name fields ("" when empty)
 *                 DN_INLINE ctype, name, lhs = value; args = the parameters (DN_TYPE nodes,
 *                           ctype and name) of `inline T name[T1 p1, ...] = value`, else NULL
 *                 DN_VARDECL storage (DVAR_GLOBAL, DVAR_SELF, DVAR_THIS), ctype = value
 *                            type, name, args = key types (DN_TYPE nodes) of an associative
 *                            array, sclass = the C storage class written (DSC_EXTERN,
 *                            DSC_STATIC, ...) or DSC_NONE
 *                 DN_TYPE ctype
 *                 DN_TRANSLATOR ctype = output type, name = the input parameter's name,
 *                           lhs = DN_TYPE of the input type, args = DN_XLMEMBER list,
 *                           ival = 1 if the output type was incomplete at the definition;
 *                           pos is the closing `;` (dtrace reports a translator's errors
 *                           at the line where its definition ends)
 *                 DN_XLMEMBER name = output member, lhs = its expression (in terms of the
 *                           input parameter)
 *   translation   DN_XLATE ctype = the type written (T or T *), lhs = the input expression:
 *                           `xlate < T > ( e )`; pos is the token after the `)` (the line
 *                           dtrace's parser is on when it builds the node)
 *
 * Lists (args, statements, clauses) are chained through `next`. The fields after `type` are
 * empty here; the type checker (dcheck.h) fills them. Every node belongs to a struct dast_pool
 * and is freed with it (with its strings); types belong to the program's dtype_ctx. */
#ifndef USDTRACE_DAST_H
#define USDTRACE_DAST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dop.h"

struct dtype;
struct dck_var;
struct dck_agg;
struct dfmt;

struct dsrcpos {
	const char *file;     /* owned by the dprog */
	int line, col;
	bool tagged;          /* D programs: file is not the program's own (a header cpp included,
			       * a #line naming a file): dtrace's messages name it */
};

enum dnode_kind {
	DN_INT, DN_STRING, DN_IDENT, DN_MACRO, DN_SELF, DN_THIS, DN_AGG,
	DN_UNARY, DN_BINARY, DN_ASSIGN, DN_COND, DN_COMMA, DN_CAST, DN_SIZEOF_TYPE, DN_OFFSETOF,
	DN_CALL, DN_INDEX, DN_MEMBER,
	DN_EXPR_STMT, DN_IF, DN_BLOCK, DN_EMPTY,
	DN_CLAUSE, DN_PDESC, DN_INLINE, DN_VARDECL, DN_TYPE,
	DN_TRANSLATOR, DN_XLMEMBER, DN_XLATE,
};

/* The variables a D declaration makes (DN_VARDECL): `int x;` globals, `self int x;`,
 * `this int x;`. DVAR_NONE: no D variable (the declarations of -h/-G files). */
enum dvar_storage { DVAR_NONE, DVAR_GLOBAL, DVAR_SELF, DVAR_THIS };
/* The C storage class a declaration's specifiers wrote, DSC_NONE when none. */
enum dsclass { DSC_NONE, DSC_TYPEDEF, DSC_EXTERN, DSC_STATIC, DSC_REGISTER, DSC_AUTO };
/* Their words: "global", "self", "this" ("" for DVAR_NONE); "typedef", "extern", "static",
 * "register", "auto" ("" for DSC_NONE). */
const char *dvar_storage_name(enum dvar_storage s);
const char *dsclass_name(enum dsclass sc);

/* Which command-line form a probe description came from (-n, -P, -m, -f, -i); a script's
 * descriptions are DPD_NAME. It says which field a short description fills. */
enum dpdesc_spec { DPD_NAME, DPD_PROVIDER, DPD_MODULE, DPD_FUNCTION, DPD_ID };

struct dnode {
	enum dnode_kind kind;
	struct dsrcpos pos;
	struct dnode *next;       /* next in a list */
	struct dnode *lhs, *rhs, *cond, *body;
	struct dnode *args;       /* list */
	enum dop op;              /* DN_UNARY, DN_BINARY, DN_ASSIGN, DN_MEMBER (dop.h) */
	char *name;
	uint64_t ival;
	bool is_unsigned;
	int longness;             /* DN_INT: 0 int, 1 long, 2 long long */
	bool is_char;             /* DN_INT: a character constant */
	char *str;
	size_t slen;
	struct dtype *ctype;      /* a type written in the source (cast, sizeof, declarations) */
	int end_line;             /* DN_BLOCK: the line of its closing '}' */
	enum dvar_storage storage; /* DN_VARDECL */
	enum dsclass sclass;      /* DN_VARDECL */
	enum dpdesc_spec spec;    /* DN_PDESC */
	/* DN_CLAUSE: where its source's input ends, past the last line marker. dtrace cooks the
	 * clauses once the whole input is read, so their errors name the file in effect there
	 * (its pcb_filetag: after an #include, the includer), with the node's own line. */
	struct dsrcpos eof;
	bool library;             /* a top-level item of a D library (dlib.h, klib.h) */
	char *pd[4];              /* DN_PDESC */
	/* Set by the type checker (dcheck.h says what each means): */
	struct dtype *type;       /* the expression's type */
	struct dck_var *var;      /* the variable a name / index / self-> / this-> refers to */
	struct dck_agg *agg;      /* DN_AGG: the aggregation */
	int builtin;              /* enum dbuiltin */
	int subr;                 /* enum dsubr (DN_CALL) */
	bool isconst;             /* integer constant expression, value in cval */
	int64_t cval;
	struct dfmt *fmt;         /* printf-style format of a DN_CALL */
	int action;               /* 1-based action number in its clause (statements) */
	bool dt_builtin;          /* an expanded library inline that is one of dtrace's built-in
				   * variables (cwd, root, curcpu): not writable, no address */
	bool xlate_lvalue;        /* a member of translated data reached through its pointer
				   * (curpsinfo->pr_pid), expanded to its value: dtrace's lvalue
				   * that is not writable */
	/* DN_CLAUSE: a formula provider's companion (src/cmd/companion.c), compiled without its
	 * probe's own test (provider cg_guard): on a formula probe, it runs at every firing of
	 * the underlying probe, whether the formula's guard holds or not */
	bool companion;
	/* DN_CAST: a translated member's value (src/check/dcheck_xlate.c), whose definition may
	 * give a char array member a string (psinfo_t's pr_psargs): the string, as the array */
	bool xlated;
	/* DN_CAST: a translator's integer parameter standing for its integer input (src/check/
	 * dcheck_xlate.c): typed as declared, valued as the input, never cut (dtrace uses the
	 * input's register as it is) */
	bool uncut;
	struct dnode *pool_next;  /* every node of a pool, for freeing */
};

struct dast_pool {
	struct dnode *all;
};

/* A zeroed node of `kind` at `pos`, owned by pool. */
struct dnode *dnode_new(struct dast_pool *pool, enum dnode_kind kind, struct dsrcpos pos);
void dast_pool_free(struct dast_pool *pool);
/* A copy of tree n (its lists, strings and descriptions; not n->next), made in pool; what the
 * type checker sets is copied as it is, but for the printf format (fmt, owned by the checker's
 * list: the copy's is parsed again when the copy is checked). NULL for NULL. */
struct dnode *dnode_copy_tree(struct dast_pool *pool, const struct dnode *n);

/* Compact S-expression text of one node (and what hangs below it; not its `next`). Malloc'd.
 *   (clause (probes "syscall::read:entry") (pred (> (var arg0) (int 0)))
 *           (stmt (assign @a[(var execname)] (call count))))
 * A clause with no action block prints `noaction`; an empty block prints nothing more. */
char *dnode_sexpr(const struct dnode *n);
#endif
