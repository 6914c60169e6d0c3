/* dparse.h — the D parser. Two entry families share one grammar for declarations:
 * C declaration files (dparse_program, dparse_source: C's layouts and a compiler's
 * "file:line:col" messages, for tools and unit tests) and whole D programs (dparse_script,
 * dparse_clause_arg; see "D programs" below), which -h and -G compile their files as.
 *
 * Declarations: C declarations with full declarator syntax,
 * typedef, struct/union/enum definitions (named, anonymous, nested, bitfields), integer constant
 * expressions (array sizes, enum values, bit widths: arithmetic, sizeof, offsetof, casts),
 * `provider NAME { probe NAME(args); ... };` and `#pragma D` lines.
 *
 * Contract: dparse_program consumes a token list from dlex and either returns 0 with a complete
 * struct dprog, or -1 with the error in *err (derr.h; NULL: not wanted), at "file:line:col"
 * ("syntax error near 'foo'", "undefined type 'conn_t'", "redefinition of struct conn"), and
 * nothing to free. Types live in
 * prog->types. In these files probe clauses, translators and inline definitions are errors:
 * `translator`/`inline` give "... are not supported in provider definitions".
 * The recorded declarations (prog->decls) keep source order, each tag definition recorded when
 * its body closes, so dprog_decls_text can write them back as D source that re-parses to the
 * same types (this is what -G stores for the tracer). */
#ifndef USDTRACE_DPARSE_H
#define USDTRACE_DPARSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dast.h"
#include "dlex.h"
#include "dtype.h"

#define DPROBE_MAX_ARGS 12

struct dprobe_arg {
	struct dtype *type;   /* as declared (typedef names kept; arrays decayed to pointers;
			       * top-level qualifiers dropped, as for C parameters) */
	char *name;           /* NULL if the declaration gave none */
};

/* One alternative of a formula probe: `DESC(PARAMS) [/ GUARDS /] : (EXPRS)`; a guard is
 * `&&`-joined tests, each `member(TYPE, NAME)` (chosen once) or a value test (per firing). */
struct dformula_guard {
	struct dtype *type;   /* `member(TYPE, NAME)`: TYPE has a member NAME */
	char *member;
};
struct dformula_alt {
	char *desc;           /* the underlying probe's description, as written */
	struct dprobe_arg *params;   /* parameter K is the underlying probe's argK */
	int nparams;
	struct dformula_guard *guards;
	int nguards;
	/* The guard's value tests, `&&`-joined in the order written (NULL: none): a D expression
	 * over the parameters (each already `(TYPE)argK`), tested at every firing of the
	 * underlying probe; the formula probe fires when it is true (not 0) */
	struct dnode *cond;
	/* args[K] of the formula probe, one per declared type: the expression written, each
	 * parameter already replaced by `(TYPE)argK` (nodes in the program's pool) */
	struct dnode **exprs;
	int nexprs;
	struct dsrcpos pos;   /* of its description */
};

/* Whether alternative a is a user-space formula's (its description's provider is pid:
 * `pid$target`, `pid1234`). */
bool dformula_alt_user(const struct dformula_alt *a);

struct dprobe {
	char *name;           /* as written: "query__start" */
	struct dprobe_arg *args;
	int nargs;
	/* `probe name(native) : (translated)`: the translated list (args[] in a clause) and, for
	 * each, the index of the native argument it is made from; xargs NULL without a mapping */
	struct dprobe_arg *xargs;
	int nxargs;
	int *map;
	/* A formula probe (docs/formula-providers.md), nalts > 0: `probe p(types) = ALT else
	 * ALT ...`, its alternatives in the order written; the declared types are args[] */
	struct dformula_alt *alts;
	int nalts;
	/* `probe p(types) = none("WHY");`: a probe the provider has (listed, typed) that no
	 * probe of this system can make; a clause naming it alone is refused with WHY. NULL
	 * otherwise; a formula probe too (nalts 0) */
	char *none;
	struct dsrcpos pos;
};

/* A probe of a formula provider: a formula or a none (above). */
static inline bool dprobe_is_formula(const struct dprobe *pr)
{
	return pr->nalts > 0 || pr->none;
}

/* A companion of a formula provider (docs/formula-providers.md, "State across probes"): a
 * clause `DESC(PARAMS) [/ PRED /] { ACTIONS }` in the provider block, on a probe of another
 * provider, that keeps the thread-local (self->) variables some formulas read. It is part of
 * a program only while a clause of it is on a formula probe whose alternative reads a
 * variable the companion assigns; it then runs after the programs of the formula probes
 * that share its firing (dobj_prog.late), in the program of one of them when it is on their
 * underlying probe (src/cmd/companion.c). */
struct dcompanion {
	char *desc;                  /* its probe's description, as written */
	struct dnode *cond;          /* NULL, or the predicate; parameters replaced as a formula's */
	struct dnode *body;          /* DN_BLOCK */
	struct dsrcpos pos;          /* of its description */
};

/* A stability attribute triple from `#pragma D attributes N/D/C provider P WHAT`. */
enum { DATTR_PROVIDER, DATTR_MODULE, DATTR_FUNCTION, DATTR_NAME, DATTR_ARGS, DATTR_NKINDS };
struct dattr {
	bool set;
	const char *name_stability, *data_stability, *dep_class; /* static strings */
};

struct dprovider {
	char *name;
	struct dprobe *probes;
	int nprobes;
	struct dcompanion *companions;
	int ncompanions;
	struct dattr attrs[DATTR_NKINDS];
	struct dsrcpos pos;
};

enum ddecl_kind {
	DDECL_TAG,            /* a struct/union/enum body (type) */
	DDECL_FORWARD,        /* `struct x;` (type) */
	DDECL_TYPEDEF,        /* name = type */
	DDECL_VAR,            /* a D variable declaration: name, type; storage class in `storage` */
};

struct ddecl {
	enum ddecl_kind kind;
	char *name;
	struct dtype *type;
	enum dsclass storage; /* DDECL_VAR: the storage class written (DSC_EXTERN...) or DSC_NONE */
	struct dsrcpos pos;
};

/* `#pragma D option name=value` or `#pragma D option name` (value NULL), D programs only. */
struct doption {
	char *name, *value;
	struct dsrcpos pos;
};

struct dprog {
	struct dtype_ctx *types;
	struct ddecl *decls;
	int ndecls;
	struct dprovider *provs;
	int nprovs;
	int nprov_blocks;     /* provider blocks parsed: one for a provider declared before too,
			       * which adds to it (a program of that block alone is not empty) */
	char **pragmas;       /* every `#pragma D ...` other than attributes, text after "#pragma " */
	int npragmas;
	char **files;         /* file names positions point to */
	size_t nfiles;
	/* D programs (dparse_script, dparse_clause_arg): */
	struct dast_pool pool;   /* owns every node */
	struct dnode *items;     /* DN_CLAUSE, DN_INLINE, DN_VARDECL in source order (a list) */
	struct dnode *items_last;
	struct doption *options; /* in source order */
	int noptions;
	bool library;            /* parsing a D library (-L): it may depend on other libraries */
	int nlib_items;          /* the first items are the D libraries' (dlib.h), checked as theirs */
	int decls_from;          /* dprog_decls_text writes decls[decls_from..] (the libraries'
				  * declarations before it are not the provider file's) */
	/* Bit-fields declared from here on keep their declared type, and `int : 0` stays, as a C
	 * compiler reads them, rather than libdtrace's narrowed fields: -h and -G record a
	 * provider file's declarations of a C program's types as written. */
	bool c_layout;
	int provs_from;          /* provs[provs_from..] are the program's (those before it, the
				  * D libraries') */
	bool pspec;              /* the pspec option (-x pspec): dlex_tokenize_pspec */
	/* whether a name is a built-in identifier (variable, subroutine, action, aggregating
	 * function): `#pragma D binding` may not rebind one. NULL: none is. */
	bool (*predefined_ident)(const char *name);
	/* `#pragma D binding "VERSION" NAME` of the D libraries, as applied to what they define
	 * (inlines, global variables, enumerators; NAME "translator": the next translator): a
	 * program compiled at a lower level (the `version` option) does not see NAME, as dtrace's
	 * dt_reduce removes it (dprog_bound_version). */
	struct dbinding {
		char *name;
		const struct dnode *item;  /* a translator's DN_TRANSLATOR; NULL for a name */
		uint32_t version;
	} *bound;
	int nbound;
	/* Whether a `#pragma D depends_on CLASS NAME` (class "provider" or "module") is met: the
	 * provider is known (built in, or declared by a library or the program before) or the
	 * kernel module is loaded with its types. NULL: every one is. */
	bool (*depends_met)(const struct dprog *g, const char *cls, const char *name);
	/* `#pragma D attributes N/D/C NAME` of a global identifier the program (or a D library)
	 * defines, in the order they took effect: what NAME's uses weigh in the statements'
	 * stability attributes (dstab.h). before: the pragma waited for NAME's definition, which
	 * for an inline then gives NAME its value's attributes instead (dtrace's dt_node_inline
	 * sets them after the pending pragma is applied). */
	struct dident_attr {
		char *name;
		struct dattr attr;
		bool before;
	} *ident_attrs;
	int nident_attrs;
	/* The macro arguments ($0 = argv[0]) as dparse_script and dparse_clause_arg see them:
	 * dtrace's lexer reads `$N` whose text names a type ("int", "uint64_t") as that type
	 * name unless the next token shows an assignment or a statement's end (++ -- = [ ;), so
	 * the parser turns such a token into the name and sets macro_referenced[N] (if not
	 * NULL). Every other `$N` stays a DN_MACRO for dmacro. argc 0: none. */
	char *const *macro_argv;
	int macro_argc;
	bool *macro_referenced;
	/* The last dparse_script or dparse_clause_arg failed inside an item, every item of the
	 * program before the error complete (not in the checks made once all are parsed). */
	bool parse_failed_in_item;
	bool macro_defaultargs;  /* -x defaultargs: a missing $N is 0 or "" (no error) */
};

/* The version a D library bound global identifier `name` (item NULL) or translator item to
 * (0: none). */
uint32_t dprog_bound_version(const struct dprog *g, const char *name, const struct dnode *item);

int dparse_program(const struct dtoklist *toks, struct dprog **out, struct derr *err);
/* Lex and parse `src` (named `file` in messages). */
int dparse_source(const char *file, const char *src, size_t len, struct dprog **out,
		  struct derr *err);
void dprog_free(struct dprog *p);

/* --- D programs --------------------------------------------------------------------------
 * Whole programs: probe clauses (descriptions, optional /predicate/, optional action block of
 * statements: expressions, if/else, blocks, empty), and between them everything above plus
 * `inline TYPE NAME = EXPR;`, `self`/`this`/global variable declarations (associative arrays
 * `string names[int];`) and `#pragma D option`. Only syntax: names and types of expressions
 * are checked later. The predicate's closing `/` is the first `/` at its top level whose next
 * token is `{`, `;`, `/` or the end (dtrace's rule), so `/a / b > 0/` divides.
 *
 * Contract: both functions add to `g` (from dprog_new; several -n arguments and a script can
 * go into one program) and return 0, or -1 with the error in *err, at a line (DERR_AT_LINE;
 * no position for dparse_clause_arg) (dtrace's wording:
 * `syntax error near "}"`, `invalid probe description "a:b:c:d:e": ...`); after an error, `g`
 * may only be freed. A command prints "PROG: failed to compile script FILE: " + the error.
 * `src` may hold cpp line markers (-C). Nesting deeper than dtrace's parser stack holds is its
 * error ("memory exhausted near TOKEN"), and no tree deeper than DPARSE_MAX_TREE_DEPTH is
 * made (DPARSE_MAX_DEPTH on a small stack), not a stack overflow.
 *
 * D programs follow libdtrace where it differs from C (the declarations of provider files
 * keep C's rules and gcc's wording): the first error in the text is the one reported (lexical
 * ones included), with dtrace's tag, words and line (for a declaration, the line of the token
 * after it, where yacc stood); `#pragma D` lines apply where they stand; a description in a
 * script needs a predicate or actions; short/long/signed/unsigned are attributes ("short
 * long" names no type); enumerators are ints; a bit-field is an integer of its bits' width
 * (1, 2, 4 or 8 bytes); structs and unions are laid out as CTF does, without tail padding
 * (dtype d_rules); struct, union and enum tags of one name are distinct; function prototypes
 * are accepted and declare nothing we use (`int f(...)` included; a parameter may be
 * `register`, and `void` must be the sole, unnamed parameter); an array dimension is an
 * integer constant from 1 to UINT32_MAX; a declared name has no module scope (`); a storage
 * class without a type means int; there are no initializers. */
#define DPARSE_MAX_DEPTH 256
/* On a big stack (the compiler's entry points run on one, bigstack.h), the depth of the tree a
 * program makes (operator chains such as 1+1+...+1 nest to the left without limit in dtrace;
 * parenthesized nesting stops before this, at dtrace's 10,000-entry parser stack: "memory
 * exhausted near TOKEN"). */
#define DPARSE_MAX_TREE_DEPTH 200000
struct dprog *dprog_new(void);
int dparse_script(struct dprog *g, const char *file, const char *src, size_t len,
		  struct derr *err);
/* Clauses from a command-line argument: -n (DPD_NAME), -P, -m, -f (the description's last
 * field is the provider, module, function) or -i (read as -n is), optionally followed by a
 * predicate and an action block ("BEGIN { trace(1); }"). As dtrace's lexer reads them, leading
 * digits are a probe id of their own (the description's spec is then DPD_ID): "4-2" is id 4
 * then the body-less clause ":::-2"; an id is refused for -P, -m, -f ("probe identifier 4 not
 * permitted when specifying functions") and 0 is "invalid probe identifier 0: Unknown probe
 * identifier". */
int dparse_clause_arg(struct dprog *g, enum dpdesc_spec spec, const char *arg,
		      struct derr *err);
/* The file name of a clause argument's positions. Its errors show no line (dtrace numbers
 * only the lines of files). */
#define DPARSE_ARG_FILE "(command line)"

/* The declarations as D source: tag bodies, forward declarations and typedefs, one per
 * statement, in source order. Malloc'd; "" when there are none. */
char *dprog_decls_text(const struct dprog *p);

/* The type a C/D type name ("conninfo_t *", "struct in *") spells in ctx, or NULL if it does
 * not parse as one whole type name there. A struct/union tag it names but ctx lacks is
 * declared in ctx as incomplete, as a cast would declare it. */
struct dtype *dparse_type_string(struct dtype_ctx *ctx, const char *text);

/* Look up a provider / a probe by name; NULL if absent. */
struct dprovider *dprog_find_provider(const struct dprog *p, const char *name);
/* Removes (and frees) the providers all of whose probes are formulas (docs/formula-providers.md:
 * a D library's, for the tracer), as -h/-G read only the provider file's providers. */
void dprog_drop_formula_providers(struct dprog *g);
/* Removes (and frees) provs[0..provs_from), the D libraries' providers: -h and -G write the
 * program's own. */
void dprog_drop_library_providers(struct dprog *g);
struct dprobe *dprovider_find_probe(const struct dprovider *pv, const char *name);
#endif
