/* dcheck.h — the D type checker: names resolved, every expression typed, every clause checked,
 * as libdtrace's dt_cook/dt_check passes do, with dtrace's messages.
 *
 * Input: a struct dprog from dparse_script/dparse_clause_arg on which dmacro_expand has run (no
 * DN_MACRO nodes are left), and for each clause the probes it matched (their argument types,
 * for args[]). Output: the same trees, annotated in place (the fields below), plus the program's
 * variables in struct dck_prog. Nothing else is rewritten except as listed under "Rewrites".
 *
 * Annotations on struct dnode (see dast.h):
 *   type      every expression node: its D type (typedefs kept, so "uint32_t" still spells so;
 *             dtype_resolve for the representation). Integer constants are int, long, ... by
 *             C's rules; string literals and string-valued built-ins are ctx->t_string.
 *             Statements, clauses and declarations have type NULL.
 *   var       DN_IDENT naming a global scalar, DN_INDEX of an associative array (a[k] and
 *             self->a[k]; its lhs, the array's name, carries the same var), DN_SELF, DN_THIS:
 *             the struct dck_var. NULL otherwise.
 *   builtin   DN_IDENT of a built-in variable (arg0, execname, ...) and DN_INDEX of args[] /
 *             uregs[]: a DB_* value; DB_NONE otherwise.
 *   subr      DN_CALL: the DS_* subroutine or action.
 *   isconst + cval   integer constant expressions (after folding): the value as a 64-bit
 *             number. Literals, enumerators, sizeof and casts hold a value of their type (sign-
 *             or zero-extended); operators fold in 64 bits without cutting the result to its
 *             type, as dtrace does ((1 << 63) - 1 is INT64_MAX, typed int), so a consumer
 *             narrower than 64 bits (a 4-byte record, a store to an int) keeps the low bits. Set on every node whose value is known
 *             at compile time (literals, enum constants, sizeof, offsetof, integer inline
 *             constants, and operators over those), so the code generator never needs to
 *             evaluate them. Division by a constant zero is a compile error, as in dtrace.
 *   fmt       DN_CALL of printf (and the other formatted actions): the parsed and checked format
 *             (struct dfmt, owned by the dck_prog), with the arguments' classes checked by
 *             dfmt_check.
 *   action    statement-level actions and subroutine calls get their 1-based action number in
 *             the clause (dtrace numbers actions for fault messages: "in action #2"); 0 = the
 *             predicate. Numbering, as dt_cc.c builds a clause's actions: every DN_EXPR_STMT
 *             and every DN_IF (its condition) takes the next number, in source order
 *             (then-branch before else-branch). printf() and system() make one dtrace action
 *             per value argument: the statement gets the number of the first, each value
 *             argument node (args->next...) gets its own number in `action`, and the next
 *             statement continues after the last (a printf with no value argument is one
 *             action). (illumos dtrace compiles if/else by splitting the clause into several,
 *             which renumbers; we keep one numbering per clause.) An if condition that
 *             is not scalar gets the message dtrace's if/else expansion produces:
 *             "operator && requires operands of scalar type".
 *
 * Translators: `translator` definitions and `xlate` (dcheck_xlate.h); a member of translated
 * data is rewritten into the translator's expression for it, so the code generator never
 * sees DN_XLATE or DN_TRANSLATOR (translator items stay in prog->items; skip them).
 *
 * Rewrites: an identifier naming an `inline` becomes a DN_CAST to the inline's type over a
 * copy of the inline's expression (so the code generator never sees inlines); an identifier
 * naming an enum constant becomes a DN_INT with its value (type the enum); the predefined
 * register names for uregs[] (R_PC, R_SP, R_RAX, ... dtrace's x86-64 regs.d) become DN_INT
 * constants of type int.
 *
 * Expressions the code generator meets (beyond the obvious):
 *   DN_INDEX   var set: associative array element (global a[k] or self->a[k], see below);
 *              builtin DB_ARGS / DB_UREGS: args[N] / uregs[N], N an integer constant
 *              (isconst), as dtrace requires; uregs[N] is uint64_t, and
 *              dck_ureg_ptregs_offset(N) may be -1 (a register pt_regs lacks: the code
 *              generator faults at run time, DOUT_FLT_ILLOP); otherwise E1[E2] on a pointer,
 *              array or string (C's *(E1 + E2); the type is the element type, char for a
 *              string).
 *   DN_UNARY DOP_DEREF (*) of a string is its first char (dtrace treats strings as char arrays).
 *   Stores: an assignment target is a variable, an associative element, or (as dtrace
 *              allows) memory reached through a pointer held in a D variable (*p, p->m,
 *              p[i], s.m of such): those compile, and the code generator must fault
 *              (DOUT_FLT_BADADDR) unless the address is tracer scratch (copyin/alloca).
 *   Integer types follow C: operands narrower than int are promoted (char + char is int),
 *              then the usual arithmetic conversions (uint + long is long), ?: included;
 *              shifts have the promoted left operand's type; comparisons and && || ^^ ! are
 *              int; enum operands count as int. (tests/sh/dcheck_gcc.sh checks sizes,
 *              signedness and folded values against gcc, on expressions where no step
 *              overflows its type: there D's 64-bit folding and C agree.) Comparisons take integers,
 *              compatible pointers (or a pointer and 0), and strings; structs and floats do
 *              not compare.
 *   Floating point: values of float types (from args[] or members) may be traced and
 *              printed, but are not arithmetic or scalar in D (dtrace's rule): operators,
 *              casts and assignments of them are errors.
 *   sizeof of a string expression is the strsize option (of a literal, its length + 1).
 *   Strings where pointers meet them: char * and char[N] are "string compatible" (dtrace's
 *              dt_node_is_strcompat): they may be assigned to string variables, passed as
 *              string arguments (strlen(p)), compared with a string ("s == p") and cast to
 *              string; the value is the NUL-terminated string at that address (for a user
 *              pointer the code generator reads it as copyinstr would). A string's
 *              characters can be read (s[i], *s) but not stored to.
 *   Built-in variables dtrace has and we do not (execargs, ipl, ...) are
 *              "built-in variable ipl is not supported by usdtrace".
 *
 * Self-> associative arrays: `self->a[k]` is allowed (dtrace has thread-local arrays): the
 * dck_var has class DCK_SELF with nkeys > 0; this-> may not be an array (dtrace's error).
 *
 * Variables. A name first seen on the left of `=` (or of ++/--, which makes it int64_t, or
 * declared) becomes a variable; its type is the declared type or that of the first assignment
 * in source order (dtrace's rule); a later assignment of an incompatible type is an error
 * ("operands have incompatible types: "int" = "string""). An associative array's key types
 * come from its first use or declaration; later uses must agree ("a[ ] prototype mismatch: 1
 * key passed, 2 expected", "a[ ] key #1 is incompatible with prototype: ...", Oracle
 * libdtrace's wording). A global scalar read before it is declared or assigned in source order
 * is "failed to resolve x: Unknown variable name", as in dtrace. For arrays, self-> and this->
 * variables, where dtrace only knows what earlier clauses assigned, we look at the whole
 * program: a read before the first assignment in source order checks that assignment first
 * (so a clause may read what a later clause writes; an assignment that reads its own target,
 * s = strjoin(s, "x"), is skipped for the next one; such chains nest at most 256 deep, beyond
 * that an error says so); one assigned nowhere is dtrace's "self->x has not yet been declared
 * or assigned". Assigning to a built-in variable is
 * "operator = can only be applied to a writable variable".
 *
 * Messages: dtrace's exact wording (libdtrace's dt_parser.c / dt_cc.c / dt_xlator.c texts,
 * looked up, not guessed), at the node's line (derr.h's DERR_AT_LINE: "line N: "), e.g.
 *   line 1: failed to resolve foo: Unknown variable name
 *   line 3: operator * requires operands of arithmetic type
 *   line 2: printf( ) argument #2 is incompatible with conversion #1 prototype: ...
 * The first error stops the check (dtrace reports one). Destructive subroutines (system,
 * raise, stop, copyout, copyoutstr) without -w are rejected as dtrace rejects them, when it
 * enables the program, not while compiling: the error is "could not enable tracing:
 * Destructive actions not allowed" (DERR_ENABLE, no tag, no position) and dcheck_program
 * returns -2, so the command prints "PROG: could not enable tracing: ..." rather than a
 * compile error; any compile error of the program is reported instead, as dtrace finds those
 * first. An error in an item of a D library (the program's first nlib_items, dparse.h) is
 * DERR_LIBRARY with the library's file, which a command reports as "failed to compile library
 * FILE: line N: ...".
 * Messages and tags are Oracle libdtrace's (DTrace for Linux), e.g. "substr( ) prototype
 * mismatch: 4 args passed, at most 3 expected", "printf( ) prototype mismatch: 0 args passed,
 * at least 1 expected", "x[ ] key #2 is incompatible with prototype: ...".
 * Aggregations: see struct dck_agg; messages as libdtrace's dt_parser.c (assignment, redefinition)
 * and dt_cc.c (dt_compile_agg: scalar arguments, lquantize/llquantize parameters and their
 * agreement between uses, increments; dt_action_printa/trunc/clear/normalize). Keys must be
 * integers, pointers or strings. dtrace subroutines not listed below are errors naming them
 * ("stack( ) is not supported by usdtrace"); unknown names are dtrace's "undefined function
 * name: foo".
 *
 * Contract: dcheck_program returns 0 with *out set (free with dck_prog_free, before the dprog),
 * or -1 (-2: destructive, above) with the error in *err (derr.h; NULL: not wanted); the dprog
 * may then only be freed.
 * opt may be NULL (defaults: strsize 256, no destructive actions, no args[]). */
#ifndef USDTRACE_DCHECK_H
#define USDTRACE_DCHECK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dparse.h"

/* Built-in variables (dtrace's, with their D types:
 * arg0..arg9 int64_t; args[] typed per probe; cpu, lgrp int; epid, id uint_t;
 * errno int; execname, probefunc, probemod, probename, probeprov string;
 * pid, ppid pid_t; tid id_t; timestamp, vtimestamp uint64_t; walltimestamp int64_t;
 * uregs[] uint64_t; ucaller uint64_t; ustackdepth, stackdepth uint32_t; uid uid_t, gid gid_t, as
 * dt_open.c types them). */
enum dbuiltin {
	DB_NONE = 0,
	DB_ARG0, DB_ARG1, DB_ARG2, DB_ARG3, DB_ARG4, DB_ARG5, DB_ARG6, DB_ARG7, DB_ARG8, DB_ARG9,
	DB_ARGS,          /* args[N]: DN_INDEX; N is a constant (checked against the probe) */
	DB_CPU, DB_EPID, DB_ERRNO, DB_EXECNAME, DB_GID, DB_ID, DB_PID, DB_PPID,
	DB_PROBEFUNC, DB_PROBEMOD, DB_PROBENAME, DB_PROBEPROV, DB_TID, DB_TIMESTAMP, DB_UID,
	DB_UREGS,         /* uregs[N]: DN_INDEX; N an integer constant (R_PC, R_SP... are
			   * integer constants the checker predefines, dtrace's x86-64 names) */
	DB_VTIMESTAMP, DB_WALLTIMESTAMP, DB_UCALLER, DB_USTACKDEPTH,
	DB_CALLER, DB_STACKDEPTH, /* kernel stack: 0 in a probe taken in user mode */
	DB_CURTHREAD,     /* struct task_struct *: the current task; the struct is an incomplete
			   * tag until a member is needed, then complete_record fills it in
			   * (the tracer: from the kernel's BTF) */
	DB_CURTASK,       /* __usdtrace_curtask: the same type, the thread the probe runs in,
			   * which differs from curthread where a probe describes another thread
			   * (sched's on-cpu: provider.h cg_task); the kernel library uses it to
			   * tell when the process's memory is not the one copyin() reads */
	DB_LGRP,          /* the locality group of the CPU the probe runs on: on Linux, the
			   * CPU's NUMA node (as DTrace for Linux gives it) */
	DB_COUNT
};

/* Subroutines and actions. "Action" ones record data for user space or change the tracer's
 * state and are only valid as statements; the others are expressions with a value. */
enum dsubr {
	DS_NONE = 0,
	/* actions */
	DS_TRACE, DS_PRINTF, DS_TRACEMEM, DS_EXIT, DS_SYSTEM, DS_RAISE, DS_STOP, DS_PRINT,
	DS_PRINTA, DS_TRUNC, DS_CLEAR, DS_NORMALIZE, DS_DENORMALIZE, DS_SETOPT,
	DS_COPYOUT, DS_COPYOUTSTR,
	DS_FREOPEN, DS_FTRUNCATE,          /* the consumer's output stream (run/trace_run) */
	DS_SPECULATE, DS_COMMIT, DS_DISCARD,   /* speculations (record nothing themselves) */
	DS_USTACK, DS_JSTACK, DS_UADDR, DS_USYM, DS_UFUNC, DS_UMOD,   /* user stacks, symbols:
	                                   * actions, and aggregation keys (dck_is_ukey) */
	DS_STACK, DS_SYM, DS_FUNC, DS_MOD, /* the same for the kernel: stack(), sym(), func(),
	                                   * mod() (kernel addresses, /proc/kallsyms) */
	/* subroutines */
	DS_COPYIN, DS_COPYINSTR, DS_COPYINTO, DS_ALLOCA, DS_BCOPY,
	DS_STRLEN, DS_STRJOIN, DS_SUBSTR, DS_INDEX, DS_RINDEX, DS_STRSTR, DS_STRCHR, DS_STRRCHR,
	DS_STRTOK, DS_LLTOSTR, DS_TOUPPER, DS_TOLOWER, DS_BASENAME, DS_DIRNAME,
	DS_HTONS, DS_HTONL, DS_HTONLL, DS_NTOHS, DS_NTOHL, DS_NTOHLL,
	DS_RAND, DS_PROGENYOF, DS_INET_NTOA,
	DS_GETMAJOR, DS_GETMINOR, DS_INET_NTOA6, DS_INET_NTOP, DS_LINK_NTOP, DS_CLEANPATH,
	DS_D_PATH,
	DS_SPECULATION,
	DS_COUNT
};

enum dck_varclass {
	DCK_GLOBAL,       /* global scalar: one slot in the globals map */
	DCK_ASSOC,        /* global associative array: a hash map keyed by the key tuple */
	DCK_SELF,         /* thread-local: a hash map keyed by thread */
	DCK_THIS,         /* clause-local: a slot in per-CPU scratch, shared by one firing */
};

struct dck_var {
	char *name;
	enum dck_varclass cls;
	struct dtype *type;       /* the value type */
	struct dtype **keys;      /* DCK_ASSOC: key types, in order */
	int nkeys;
	int id;                   /* 0.. within its class, in order of creation (source order,
				   * except that a variable read before its first assignment is
				   * created when that read resolves it) */
	bool declared;            /* by a declaration rather than by first assignment */
	bool written, read;       /* somewhere in the program */
	struct dsrcpos pos;       /* first appearance */
};

/* What a clause may know about the probes it enables: the types of args[0..nargs-1]
 * (NULL entries, or types == NULL: the argument exists but has no known type, so args[i] is
 * int64_t). A clause that enables several probes is checked against the first; dtrace does
 * the same. An index out of range is "index 3 is out of range for prov:mod:func:name args[ ]"
 * with the clause's first probe description. */

struct dck_probe_args {
	int nargs;
	struct dtype **types;     /* types in the dprog's dtype_ctx (or builtins) */
	/* A provider argument mapping (`probe p(native) : (translated)`), NULL without one:
	 * args[K] is translated argument K, of type types[K], made from native argument map[K]
	 * of type native[map[K]] (argN stays native argument N). When types[K] is a struct or a
	 * pointer to one that native[map[K]] is not, args[K] is `xlate < types[K] > (native
	 * value)` through the program's translators (D libraries); otherwise the native value
	 * read as types[K]. */
	int *map;
	struct dtype **native;
	int nnative;
};

struct dck_options {
	bool destructive;         /* -w / destructive option */
	int strsize;              /* for messages about string sizes; default 256 */
	/* The probe args for clause number i (0-based, in prog->items order counting DN_CLAUSE
	 * only); the function or its result may be NULL: then the clause has no args[] and any
	 * use is "index 0 is out of range for :::BEGIN args[ ]". */
	const struct dck_probe_args *(*clause_args)(void *arg, int clause_index);
	void *arg;
	/* An incomplete struct or union (the unqualified tag node) that clause number i needs
	 * the body of: member access, sizeof, offsetof. The hook may complete it in place (the
	 * tracer reads it from the DWARF of the objects the clause's USDT probes are in) and
	 * returns whether it did; new types it makes must live as long as the program. May be
	 * NULL. Outside a clause (translators, inlines) clause_index is -1: only sources that
	 * do not depend on the probes may answer (the kernel's BTF). */
	bool (*complete_record)(void *arg, int clause_index, struct dtype *rec);
	bool has_target;          /* -c or -p: printf's %A takes a plain address (of $target) */
	/* A kernel symbol named with a backquote (`max_pfn, vmlinux`max_pfn): its address and
	 * the D type of the object there (the tracer: /proc/kallsyms and the kernel's BTF
	 * variables). Whether it is one. May be NULL. The identifier becomes *(T *)address, read
	 * as kernel memory. */
	bool (*kernel_symbol)(void *arg, const char *name, uint64_t *addr, struct dtype **type);
};

/* An aggregation (@name, "" for the anonymous @). Every `@name[keys] = func(args)` statement
 * is a DN_EXPR_STMT over a DN_ASSIGN whose lhs is the DN_AGG (agg set, args = keys) and whose
 * rhs is the DN_CALL of the aggregating function (subr DS_NONE, name "count", ...). printa(),
 * trunc(), clear(), normalize(), denormalize() take DN_AGG arguments (agg set, no keys). */
struct dck_agg {
	char *name;
	int id;                   /* 0.., in order of first appearance: dtrace prints in this order */
	int func;                 /* enum agg_func (agg.h) */
	int64_t arg[4];           /* lquantize: lower, upper, step; llquantize: factor, low, high,
				   * nsteps (nargs 3 or 4; 0 otherwise) */
	int nargs;
	struct dtype **keys;      /* key types, in order */
	int nkeys;
	int line;                 /* of the assignment that defined it (for "previous: ... line") */
	struct dsrcpos pos;       /* first appearance */
	bool defined;             /* some assignment gives it a function */
};

struct dck_prog {
	struct dprog *prog;
	struct dck_agg **aggs;    /* by id */
	int naggs;
	struct dck_var **vars;    /* every variable, all classes, in order of first appearance */
	int nvars;
	int nclass[4];            /* how many of each class (ids are 0..nclass[c]-1) */
	struct dfmt **fmts;       /* owned */
	int nfmts;
	int nclauses;
	int strsize;              /* as checked (sizes of string values) */
	char **spellings;         /* owned: the type names dck_argtype handed out */
	int nspellings;
	struct dxl_table *xlators; /* owned: the program's translators (dcheck_xlate.h) */
};

int dcheck_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
		   struct derr *err);
void dck_prog_free(struct dck_prog *p);

/* The translator (its DN_TRANSLATOR definition, checked) that `xlate < out > (e)` would use for
 * an e of type `in`, by dtrace's matching rule (dcheck_xlate.h); NULL if none. `out` may be
 * the output struct/union or a pointer to it. */
const struct dnode *dck_xlator_lookup(const struct dck_prog *p, struct dtype *in, struct dtype *out);

/* dt_node_is_argcompat: whether a value of type `from` may be passed where `to` is expected
 * (both integers, both strings, the same struct/union, or compatible pointers). */
bool dck_argcompat(struct dtype *to, struct dtype *from);

/* The printf view of a value of type t, exactly as dcheck described it to dfmt_check: class
 * (integers and enums INT; pointers PTR; string and char[N] STRING; floats FLOAT; anything
 * else OTHER), size in bytes (a string: strsize), signedness, and the D spelling (owned by p,
 * valid until dck_prog_free). The code generator copies it into dobj_val.argtype. */
struct dfmt_argtype;
void dck_argtype(struct dck_prog *p, struct dtype *t, struct dfmt_argtype *out);

/* Names, for -S listings and messages. */
const char *dbuiltin_name(enum dbuiltin b);
const char *dsubr_name(enum dsubr s);
/* Whether a subroutine is an action (statement only, records data or changes state). */
bool dsubr_is_action(enum dsubr s);
/* ustack(), jstack(), uaddr(), usym(), ufunc(), umod() and the kernel's stack(), sym(),
 * func(), mod(): actions that may also be a whole aggregation key (dtrace's DT_IDENT_ACTFUNC
 * keys). */
bool dck_is_ukey(const struct dnode *n);

/* The byte offset in x86-64 struct pt_regs of uregs[index] (dtrace's numbering: 0..20 are
 * r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si, di, orig_ax, ip, cs, flags,
 * sp, ss; 25.. the i386 names R_EBX.. mapped onto the same slots), or -1 if none. */
int dck_ureg_ptregs_offset(int64_t index);

/* An S-expression of a checked tree with types, for tests and debugging:
 *   (clause (pred (==:int pid:pid_t 42:int)) (stmt#1 (printf:void "%d\n":string x:int)))
 * Constants print as their folded value with their type ("3:int"). Malloc'd. */
char *dck_sexpr(const struct dnode *n);
#endif
