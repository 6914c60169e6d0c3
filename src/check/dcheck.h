/* dcheck.h — the D type checker: names resolved, every expression typed, every clause checked,
 * as libdtrace's dt_cook/dt_check passes do, with dtrace's messages. What it fills in each
 * node (type, var, builtin, subr, isconst/cval, fmt, action), what it rewrites (inlines, enum
 * constants, register names, translated members), the rules and the messages: docs/check.md.
 *
 * Input: a dprog on which dmacro_expand has run (no DN_MACRO left) and, per clause, the probes'
 * argument types (dck_options.clause_args). Output: the same trees annotated in place, and the
 * program's variables, aggregations and formats in a struct dck_prog. */
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
	DB_CHIP,          /* the physical package (socket) of that CPU, as sysfs numbers them
			   * (DTrace for Linux: curcpu->cpu_chip, physical_package_id) */
	DB_PSET,          /* its processor set: Linux has none, and DTrace for Linux gives 0 */
	DB_IPL,           /* the interrupt priority level: DTrace for Linux has none to give and
			   * faults (illegal operation) wherever it is read; so does ours */
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
	DS_PCAP,                           /* a socket buffer's packet (cg_pcap.c, pcap_file.h) */
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
	/* kernel locks (DTrace for Linux's): a struct mutex's owner word, a rwlock_t's qrwlock
	 * counts, read through the kernel's BTF layout (cg_klock.c) */
	DS_MUTEX_OWNED, DS_MUTEX_OWNER, DS_MUTEX_TYPE_ADAPTIVE, DS_MUTEX_TYPE_SPIN,
	DS_RW_ISWRITER, DS_RW_READ_HELD, DS_RW_WRITE_HELD,
	DS_PSARGS,                         /* __usdtrace_psargs: psinfo_t's pr_psargs (klib.c) */
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
	bool alloca;              /* holds a pointer into alloca() memory somewhere (dcheck_alloca.c) */
	struct dsrcpos pos;       /* first appearance */
};

/* What a clause may know about the probes it enables: the types of args[0..nargs-1]
 * (NULL entries, or types == NULL: the argument exists but has no known type, so args[i] is
 * int64_t). A clause is checked against the first probe it enables, as dtrace checks a
 * description against its first match; a clause whose descriptions give args[] differently
 * was split into one clause per description before (trace_cmd.c). An index out of range is "index 3 is out of range for prov:mod:func:name args[ ]"
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
	/* A formula probe's arguments (provider.h prov_args.expr), NULL otherwise: args[K] is
	 * a copy of expr[K] (never changed), or `xlate < types[K] > (copy)` when types[K] is a
	 * struct or a pointer to one that the expression's type is not. */
	struct dnode *const *expr;
	bool differ;
	/* value guards of the clause's probes (prov_args.guards): each checked, in place, the
	 * first time a clause is (an error in one is the library's, at its line) */
	struct dnode *const *guards;
	int nguards;              /* args[] means different things for the clause's probes
				   * (prov_args.differ): any use of it is an error */
	/* a description of the clause that matched no probe (-Z; "prov:mod:func:name"), NULL
	 * if none: args[] is then dtrace's D_ARGS_MULTI ("... matches an unstable set of
	 * probes": dtrace -Z -e -n 'nosuch:::a { trace(args[0]); }') */
	const char *unmatched;
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
	/* The D version the program is compiled at (dversion.h; 0: the latest): built-in
	 * functions and variables of later versions are undefined, as dtrace's -xversion. */
	uint32_t dversion;
	/* Whether the kernel has a module of this name (the part of mod`sym before the
	 * backquote): an unresolved symbol of an unknown module is dtrace's "Module is no longer
	 * loaded", of a known one "Unknown symbol name". May be NULL: every module is known. */
	bool (*kernel_module)(void *arg, const char *module);
	/* Only the declarations (inlines, variables, translators), which dtrace acts on as it
	 * parses them, not the clauses, which it cooks once the program is parsed: the error a
	 * declaration before a parse error gets (the program parsed up to that error). The dprog
	 * may then only be freed. */
	bool decls_only;
};

/* An aggregation (@name, "" for the anonymous @). Every `@name[keys] = func(args)` statement
 * is a DN_EXPR_STMT over a DN_ASSIGN whose lhs is the DN_AGG (agg set, args = keys) and whose
 * rhs is the DN_CALL of the aggregating function (subr DS_NONE, name "count", ...). printa(),
 * trunc(), clear(), normalize(), denormalize() take DN_AGG arguments (agg set, no keys). */
/* An aggregation's name as dtrace's messages spell it: "_" for the anonymous @. */
static inline const char *dck_agg_label(const char *name) { return name && *name ? name : "_"; }

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
	struct dxl_table *xlators; /* owned: the program's translators (docs/check.md) */
};

/* Checks prog: 0 with *out set (free with dck_prog_free, before the dprog), or -1 with the
 * first error in *err (derr.h; err may be NULL), or -2 when the program compiles but uses a
 * destructive action without opt->destructive (DERR_ENABLE "could not enable tracing:
 * Destructive actions not allowed"). After an error the dprog may only be freed. opt may be
 * NULL (defaults: strsize 256, no destructive actions, no args[]). */
int dcheck_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
		   struct derr *err);
void dck_prog_free(struct dck_prog *p);

/* The translator (its DN_TRANSLATOR definition, checked) that `xlate < out > (e)` would use for
 * an e of type `in`, by dtrace's matching rule (docs/check.md); NULL if none. `out` may be
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
/* Whether pointer-valued n points into alloca() (or copyin()) memory, as far as the program
 * says: the code generator faults a dereference of one that has left that memory. */
bool dck_alloca_ptr(const struct dnode *n);
/* Whether n's value is alloca() memory by dtrace's wider taint (whatever is computed from such
 * a pointer, integers cast from one included): dtrace keeps such a value as an offset into
 * the clause's alloca() memory, so that is what D sees of it as a number. */
bool dck_alloca_value(const struct dnode *n);
/* ustack(), jstack(), uaddr(), usym(), ufunc(), umod() and the kernel's stack(), sym(),
 * func(), mod(): actions that may also be a whole aggregation key (dtrace's DT_IDENT_ACTFUNC
 * keys). */
bool dck_is_ukey(const struct dnode *n);
/* Whether name is one of dtrace's built-in global identifiers: a variable (those usdtrace
 * lacks included), a subroutine or action, an aggregating function, or a constant the
 * checker predefines (AF_INET...). For the parser (struct dprog.predefined_ident). */
bool dck_predefined_ident(const char *name);

/* The byte offset in x86-64 struct pt_regs of uregs[index] (dtrace's numbering: 0..20 are
 * r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si, di, orig_ax, ip, cs, flags,
 * sp, ss; the i386 names R_EBX.. are aliases of those), or -1 if none. */
int dck_ureg_ptregs_offset(int64_t index);
/* For uregs[21..25] (R_DS, R_ES, R_FS, R_GS, R_TRAPNO), which pt_regs does not hold: the
 * member of the thread's task_struct.thread DTrace for Linux reads (0..4: ds, es, fsbase,
 * gsbase, trap_nr; kbtf_offsets.thread_ureg), or -1. */
int dck_ureg_thread_member(int64_t index);

/* An S-expression of a checked tree with types, for tests and debugging:
 *   (clause (pred (==:int pid:pid_t 42:int)) (stmt#1 (printf:void "%d\n":string x:int)))
 * Constants print as their folded value with their type ("3:int"). Malloc'd. */
char *dck_sexpr(const struct dnode *n);
#endif
