/* dcheck.c — the D type checker: see dcheck.h for the contract.
 *
 * One pass over the program in source order, like libdtrace's cook pass: every expression
 * node gets its type, names are resolved to variables, built-ins, inlines and enum
 * constants, integer constants are folded, and each clause's statements get their action
 * numbers. The first error longjmps back to dcheck_program with its message.
 *
 * Variables follow dtrace's rule (type of the first assignment), with one widening
 * described in dcheck.h: a read that comes before the first assignment in source order is
 * resolved by checking that assignment first (def_sites below), so a clause may read what a
 * later clause writes. */
#include "dcheck.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "dfmt.h"
#include "dcheck_xlate.h"
#include "derr.h"
#include "dfold.h"
#include "dtag.h"
#include "dtype.h"
#include "util.h"

/* A place that gives a variable its first value: an `=` or a `++`/`--`. */
struct def_site {
	struct dnode *node;
	int clause_index;
	struct dnode *clause;
	char space;           /* 'g' global (scalar or associative), 's' self, 't' this */
	const char *name;
	bool busy;            /* being checked right now (x = x + 1 as the first assignment) */
	long next_same;       /* the next site of the same name, -1 at the end */
};

/* One entry per (name space, name): its variable and its definition sites. */
struct name_ent {
	char space;           /* 0: empty slot */
	char *name;
	struct dck_var *var;
	long first_site, last_site;
};

#define DCK_MAX_RESOLVE 256

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
	struct def_site *sites;
	size_t nsites, capsites;
	struct name_ent *names;  /* open addressing, a power of two in size */
	size_t nnames, capnames;
	int resolving;           /* nested early resolutions in progress */
	struct inline_def *inl;
	size_t ninl, capinl;
	struct spec_scan spec;   /* the clause's actions, for the speculation rules */
	struct dnode **pend;     /* printa() calls, checked once every aggregation is known */
	size_t npend, cappend;
	bool destructive_used;   /* refused (without -w) once the whole program has compiled */
	struct dnode *stmt_call; /* the call that is a whole statement: an action proper */
	const struct dnode *pred;  /* the predicate being checked, and the line of its clause's */
	int pred_brace_line;       /* '{' (0: none) */
	struct dxl_ops xl;       /* what dcheck_xlate.c uses of this checker */
};

static int error_line(const struct ck *c, const struct dnode *n);

static _Noreturn void fail_at(struct ck *c, const struct dnode *n, enum dtag tag,
			       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static _Noreturn void fail_at(struct ck *c, const struct dnode *n, enum dtag tag,
			       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(c->err, tag, fmt, ap);
	va_end(ap);
	derr_locate(c->err, DERR_AT_LINE, c->lib_file, error_line(c, n), 0);
	if (c->lib_file)
		derr_set_kind(c->err, DERR_LIBRARY);
	c->status = -1;
	longjmp(c->jb, 1);
}

/* The line dtrace reports an error of node n at. dtrace's lexer reads a predicate's closing
 * '/' together with the blanks up to the '{' that follows, so the nodes the parser builds when
 * it sees that token (the predicate's root and its rightmost operands) carry the '{' line. */
static int error_line(const struct ck *c, const struct dnode *n)
{
	if (!n)
		return 0;
	if (c->pred && c->pred_brace_line) {
		for (const struct dnode *p = c->pred; p; ) {
			if (p == n)
				return c->pred_brace_line;
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

/* --- names -------------------------------------------------------------------------------- */

static const char *const builtin_names[DB_COUNT] = {
	[DB_ARG0] = "arg0", [DB_ARG1] = "arg1", [DB_ARG2] = "arg2", [DB_ARG3] = "arg3",
	[DB_ARG4] = "arg4", [DB_ARG5] = "arg5", [DB_ARG6] = "arg6", [DB_ARG7] = "arg7",
	[DB_ARG8] = "arg8", [DB_ARG9] = "arg9", [DB_ARGS] = "args", [DB_CPU] = "cpu",
	[DB_EPID] = "epid", [DB_ERRNO] = "errno", [DB_EXECNAME] = "execname", [DB_GID] = "gid",
	[DB_ID] = "id", [DB_PID] = "pid", [DB_PPID] = "ppid", [DB_PROBEFUNC] = "probefunc",
	[DB_PROBEMOD] = "probemod", [DB_PROBENAME] = "probename", [DB_PROBEPROV] = "probeprov",
	[DB_TID] = "tid", [DB_TIMESTAMP] = "timestamp", [DB_UID] = "uid", [DB_UREGS] = "uregs",
	[DB_VTIMESTAMP] = "vtimestamp", [DB_WALLTIMESTAMP] = "walltimestamp",
	[DB_UCALLER] = "ucaller", [DB_USTACKDEPTH] = "ustackdepth", [DB_CALLER] = "caller",
	[DB_STACKDEPTH] = "stackdepth", [DB_CURTHREAD] = "curthread",
	[DB_CURTASK] = "__usdtrace_curtask", [DB_LGRP] = "lgrp",
};

/* The D type of each scalar built-in, as dt_open.c's table spells it. */
static const char *const builtin_types[DB_COUNT] = {
	[DB_ARG0] = "int64_t", [DB_ARG1] = "int64_t", [DB_ARG2] = "int64_t", [DB_ARG3] = "int64_t",
	[DB_ARG4] = "int64_t", [DB_ARG5] = "int64_t", [DB_ARG6] = "int64_t", [DB_ARG7] = "int64_t",
	[DB_ARG8] = "int64_t", [DB_ARG9] = "int64_t", [DB_CPU] = "int", [DB_EPID] = "uint_t",
	[DB_ERRNO] = "int", [DB_EXECNAME] = "string", [DB_GID] = "gid_t", [DB_ID] = "uint_t",
	[DB_PID] = "pid_t", [DB_PPID] = "pid_t", [DB_PROBEFUNC] = "string",
	[DB_PROBEMOD] = "string", [DB_PROBENAME] = "string", [DB_PROBEPROV] = "string",
	[DB_TID] = "id_t", [DB_TIMESTAMP] = "uint64_t", [DB_UID] = "uid_t",
	[DB_UREGS] = "uint64_t", [DB_VTIMESTAMP] = "uint64_t", [DB_WALLTIMESTAMP] = "int64_t",
	[DB_UCALLER] = "uint64_t", [DB_USTACKDEPTH] = "uint32_t", [DB_CALLER] = "uintptr_t",
	[DB_STACKDEPTH] = "uint32_t", [DB_LGRP] = "int",
};

const char *dbuiltin_name(enum dbuiltin b)
{
	if (b <= DB_NONE || b >= DB_COUNT)
		return "?";
	return builtin_names[b];
}

static enum dbuiltin builtin_lookup(const char *name)
{
	for (int b = DB_NONE + 1; b < DB_COUNT; b++)
		if (strcmp(builtin_names[b], name) == 0)
			return (enum dbuiltin)b;
	return DB_NONE;
}

/* Subroutine prototypes, in dt_open.c's notation: "[T]" is optional, "@" any type, "..." any
 * number of further arguments of any type. */
struct subr_def {
	const char *name;
	const char *ret;
	const char *params[4];
	bool action, destructive;
};

static const struct subr_def subrs[DS_COUNT] = {
	[DS_TRACE] = {"trace", "void", {"@"}, true, false},
	[DS_PRINTF] = {"printf", "void", {"string", "..."}, true, false},
	[DS_TRACEMEM] = {"tracemem", "void", {"@", "size_t", "[ssize_t]"}, true, false},
	[DS_PRINT] = {"print", "void", {"@"}, true, false},
	[DS_EXIT] = {"exit", "void", {"int"}, true, false},
	[DS_SYSTEM] = {"system", "void", {"@", "..."}, true, true},
	[DS_RAISE] = {"raise", "void", {"int"}, true, true},
	[DS_STOP] = {"stop", "void", {NULL}, true, true},
	[DS_SPECULATE] = {"speculate", "void", {"int"}, true, false},
	[DS_COMMIT] = {"commit", "void", {"int"}, true, false},
	[DS_DISCARD] = {"discard", "void", {"int"}, true, false},
	/* dt_open.c: "stack(...)" and "_usymaddr(uintptr_t)"; the stack arguments are checked
	 * as constants by check_ustack */
	[DS_USTACK] = {"ustack", "stack", {"[uint32_t]", "[uint32_t]"}, true, false},
	[DS_JSTACK] = {"jstack", "stack", {"[uint32_t]", "[uint32_t]"}, true, false},
	[DS_UADDR] = {"uaddr", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_USYM] = {"usym", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_UFUNC] = {"ufunc", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_UMOD] = {"umod", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_STACK] = {"stack", "stack", {"[uint32_t]"}, true, false},
	[DS_SYM] = {"sym", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_FUNC] = {"func", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_MOD] = {"mod", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_SPECULATION] = {"speculation", "int", {NULL}, false, false},
	[DS_PRINTA] = {"printa", "void", {"@", "..."}, true, false},
	[DS_TRUNC] = {"trunc", "void", {"@", "[@]"}, true, false},
	[DS_CLEAR] = {"clear", "void", {"@"}, true, false},
	[DS_NORMALIZE] = {"normalize", "void", {"@", "@"}, true, false},
	[DS_DENORMALIZE] = {"denormalize", "void", {"@"}, true, false},
	[DS_SETOPT] = {"setopt", "void", {"const char *", "[const char *]"}, true, false},
	[DS_COPYOUT] = {"copyout", "void", {"void *", "uintptr_t", "size_t"}, false, true},
	[DS_COPYOUTSTR] = {"copyoutstr", "void", {"char *", "uintptr_t", "size_t"}, false, true},
	[DS_COPYIN] = {"copyin", "void *", {"uintptr_t", "size_t"}, false, false},
	[DS_COPYINSTR] = {"copyinstr", "string", {"uintptr_t", "[size_t]"}, false, false},
	[DS_COPYINTO] = {"copyinto", "void", {"uintptr_t", "size_t", "void *"}, false, false},
	[DS_ALLOCA] = {"alloca", "void *", {"size_t"}, false, false},
	[DS_BCOPY] = {"bcopy", "void", {"void *", "void *", "size_t"}, false, false},
	[DS_STRLEN] = {"strlen", "size_t", {"const char *"}, false, false},
	[DS_STRJOIN] = {"strjoin", "string", {"const char *", "const char *"}, false, false},
	[DS_SUBSTR] = {"substr", "string", {"const char *", "int", "[int]"}, false, false},
	[DS_INDEX] = {"index", "int", {"const char *", "const char *", "[int]"}, false, false},
	[DS_RINDEX] = {"rindex", "int", {"const char *", "const char *", "[int]"}, false, false},
	[DS_STRSTR] = {"strstr", "string", {"const char *", "const char *"}, false, false},
	[DS_STRCHR] = {"strchr", "string", {"const char *", "char"}, false, false},
	[DS_STRRCHR] = {"strrchr", "string", {"const char *", "char"}, false, false},
	[DS_STRTOK] = {"strtok", "string", {"char *", "const char *"}, false, false},
	[DS_LLTOSTR] = {"lltostr", "string", {"int64_t"}, false, false},
	[DS_TOUPPER] = {"toupper", "string", {"const char *"}, false, false},
	[DS_TOLOWER] = {"tolower", "string", {"const char *"}, false, false},
	[DS_BASENAME] = {"basename", "string", {"const char *"}, false, false},
	[DS_DIRNAME] = {"dirname", "string", {"const char *"}, false, false},
	[DS_HTONS] = {"htons", "uint16_t", {"uint16_t"}, false, false},
	[DS_HTONL] = {"htonl", "uint32_t", {"uint32_t"}, false, false},
	[DS_HTONLL] = {"htonll", "uint64_t", {"uint64_t"}, false, false},
	[DS_NTOHS] = {"ntohs", "uint16_t", {"uint16_t"}, false, false},
	[DS_NTOHL] = {"ntohl", "uint32_t", {"uint32_t"}, false, false},
	[DS_NTOHLL] = {"ntohll", "uint64_t", {"uint64_t"}, false, false},
	[DS_RAND] = {"rand", "int", {NULL}, false, false},
	[DS_PROGENYOF] = {"progenyof", "int", {"pid_t"}, false, false},
	/* dtrace's prototype takes ipaddr_t *: an IPv4 address in network byte order */
	[DS_INET_NTOA] = {"inet_ntoa", "string", {"void *"}, false, false},
	/* dt_open.c's prototypes: a Linux dev_t's major and minor numbers; IPv6 text (the
	 * optional constant asks for the strict form: no dotted IPv4 tail); text by address
	 * family (AF_INET, AF_INET6) or link type (ARPHRD_ETHER, ARPHRD_INFINIBAND) */
	[DS_GETMAJOR] = {"getmajor", "uint32_t", {"dev_t"}, false, false},
	[DS_GETMINOR] = {"getminor", "uint32_t", {"dev_t"}, false, false},
	[DS_INET_NTOA6] = {"inet_ntoa6", "string", {"void *", "[int]"}, false, false},
	[DS_INET_NTOP] = {"inet_ntop", "string", {"int", "void *"}, false, false},
	[DS_LINK_NTOP] = {"link_ntop", "string", {"int", "void *"}, false, false},
	[DS_CLEANPATH] = {"cleanpath", "string", {"const char *"}, false, false},
	/* DTrace for Linux's: a kernel struct path's path name */
	[DS_D_PATH] = {"d_path", "string", {"struct path *"}, false, false},
	[DS_FREOPEN] = {"freopen", "void", {"@", "..."}, true, true},
	[DS_FTRUNCATE] = {"ftruncate", "void", {NULL}, true, false},
};

/* dtrace functions we know of but do not implement: a clearer message than "undefined". */
static const char *const unsupported_subrs[] = {
	"breakpoint", "chill", "panic", "printm", "strtoll", "memref",
};

/* dtrace functions over kernel objects, which we do not implement: calls are checked against
 * dt_open.c's prototypes (so a wrong call gets dtrace's D_PROTO_* error), then refused. */
static const struct subr_def kernel_subrs[] = {
	{"mutex_owned", "int", {"struct mutex *"}, false, false},
	{"mutex_owner", "void *", {"struct mutex *"}, false, false},
	{"mutex_type_adaptive", "int", {"struct mutex *"}, false, false},
	{"mutex_type_spin", "int", {"struct mutex *"}, false, false},
	{"rw_iswriter", "int", {"struct rwlock *"}, false, false},
	{"rw_read_held", "int", {"struct rwlock *"}, false, false},
	{"rw_write_held", "int", {"struct rwlock *"}, false, false},
	{"pcap", "void", {"void *", "int"}, true, false},
};

/* Integer constants of dtrace's D library (net.d: "inline int AF_INET = 2;" ...) that the
 * network subroutines take: the address families and link types of inet_ntop/link_ntop. */
static const struct { const char *name; int64_t value; } builtin_inlines[] = {
	{"AF_INET", 2}, {"AF_INET6", 10}, {"ARPHRD_ETHER", 1}, {"ARPHRD_INFINIBAND", 32},
};

static bool builtin_inline(const char *name, int64_t *value)
{
	for (size_t i = 0; i < sizeof(builtin_inlines) / sizeof(builtin_inlines[0]); i++)
		if (strcmp(builtin_inlines[i].name, name) == 0) {
			*value = builtin_inlines[i].value;
			return true;
		}
	return false;
}

/* dtrace built-in variables we do not provide (kernel state, or not meaningful here). */
static const char *const unsupported_vars[] = {
	"curcpu", "curlwpsinfo", "curpsinfo", "execargs", "ipl",
	"zonename", "uregs32", "arg10",
};

const char *dsubr_name(enum dsubr s)
{
	if (s <= DS_NONE || s >= DS_COUNT)
		return "?";
	return subrs[s].name;
}

bool dsubr_is_action(enum dsubr s)
{
	return s > DS_NONE && s < DS_COUNT && subrs[s].action;
}

bool dck_is_ukey(const struct dnode *n)
{
	return n && n->kind == DN_CALL && n->subr >= DS_USTACK && n->subr <= DS_MOD;
}

static enum dsubr subr_lookup(const char *name)
{
	for (int s = DS_NONE + 1; s < DS_COUNT; s++)
		if (strcmp(subrs[s].name, name) == 0)
			return (enum dsubr)s;
	return DS_NONE;
}

/* dtrace's x86-64 register names for uregs[] (DTrace for Linux's regs.d): indexes 0..20
 * follow struct pt_regs (R_TRAPNO is 25); the i386 and generic names are aliases. */
static const struct { const char *name; int index; } ureg_names[] = {
	{"R_R15", 0}, {"R_R14", 1}, {"R_R13", 2}, {"R_R12", 3}, {"R_RBP", 4}, {"R_RBX", 5},
	{"R_R11", 6}, {"R_R10", 7}, {"R_R9", 8}, {"R_R8", 9}, {"R_RAX", 10}, {"R_RCX", 11},
	{"R_RDX", 12}, {"R_RSI", 13}, {"R_RDI", 14}, {"R_ERR", 15}, {"R_RIP", 16}, {"R_CS", 17},
	{"R_RFL", 18}, {"R_RSP", 19}, {"R_SS", 20}, {"R_DS", 21}, {"R_ES", 22}, {"R_FS", 23},
	{"R_GS", 24}, {"R_TRAPNO", 25},
	/* DTrace for Linux's x86-64 regs.d: the 32-bit names are the 64-bit registers */
	{"R_EBX", 5}, {"R_ECX", 11}, {"R_EDX", 12}, {"R_ESI", 13}, {"R_EDI", 14}, {"R_EBP", 4},
	{"R_EAX", 10}, {"R_EIP", 16}, {"R_EFL", 18}, {"R_ESP", 19},
	{"R_PC", 16}, {"R_FP", 4}, {"R_SP", 19}, {"R_PS", 18}, {"R_R0", 10}, {"R_R1", 5},
};

/* The fault codes an ERROR clause sees in arg4 (dtrace's DTRACEFLT_* constants, the values
 * of dobj.h's DOUT_FLT_*). */
static const struct { const char *name; int value; } fault_names[] = {
	{"DTRACEFLT_UNKNOWN", 0}, {"DTRACEFLT_BADADDR", 1}, {"DTRACEFLT_BADALIGN", 2},
	{"DTRACEFLT_ILLOP", 3}, {"DTRACEFLT_DIVZERO", 4}, {"DTRACEFLT_NOSCRATCH", 5},
	{"DTRACEFLT_KPRIV", 6}, {"DTRACEFLT_UPRIV", 7}, {"DTRACEFLT_TUPOFLOW", 8},
	{"DTRACEFLT_BADSTACK", 9}, {"DTRACEFLT_BADSIZE", 10}, {"DTRACEFLT_BADINDEX", 11},
	{"DTRACEFLT_LIBRARY", 1000},
};

#define UREG_SLOTS 42

int dck_ureg_ptregs_offset(int64_t index)
{
	/* i386 register order (ebx ecx edx esi edi ebp eax ds es fs gs orig_eax eip cs eflags
	 * esp ss) onto the x86-64 pt_regs slots; segment registers have none. */
	static const int i386_slot[17] = { 5, 11, 12, 13, 14, 4, 10, -1, -1, -1, -1, 15, 16, 17,
					   18, 19, 20 };
	if (index >= 0 && index <= 20)
		return (int)index * 8;
	if (index >= 25 && index < 25 + 17) {
		int slot = i386_slot[index - 25];
		return slot < 0 ? -1 : slot * 8;
	}
	return -1;
}

/* --- types -------------------------------------------------------------------------------- */

static struct dtype *named_type(struct ck *c, const char *name)
{
	if (strcmp(name, "string") == 0)
		return c->tc->t_string;
	if (strcmp(name, "int") == 0)
		return c->tc->t_int;
	if (strcmp(name, "char") == 0)
		return c->tc->t_char;
	if (strcmp(name, "void") == 0)
		return c->tc->t_void;
	if (strcmp(name, "void *") == 0)
		return dtype_ptr(c->tc, c->tc->t_void);
	if (strcmp(name, "char *") == 0)
		return dtype_ptr(c->tc, c->tc->t_char);
	if (strcmp(name, "const char *") == 0)
		return dtype_ptr(c->tc, dtype_qualify(c->tc, c->tc->t_char, DQ_CONST));
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_TYPEDEF, false);
	if ((!e || e->kind != DSYM_TYPEDEF) &&
	    (strcmp(name, "stack") == 0 || strcmp(name, "_usymaddr") == 0)) {
		/* D's own typedefs for ustack() (of void) and usym() & co. (of uintptr_t),
		 * made on first use */
		struct dtype *to = strcmp(name, "stack") == 0 ? c->tc->t_void
							      : named_type(c, "uintptr_t");
		struct dscope *cur = c->tc->scope;   /* with the built-in typedefs, so found again */
		c->tc->scope = c->tc->builtins ? c->tc->builtins : cur;
		e = dscope_add(c->tc, name, DSYM_TYPEDEF, dtype_typedef(c->tc, name, to), 0);
		c->tc->scope = cur;
	}
	if (!e || e->kind != DSYM_TYPEDEF)
		fail_at(c, NULL, D_UNKNOWN, "internal error: no type %s", name);
	return e->type;
}

/* `struct NAME` as the program's scopes know it, else a new incomplete tag in the builtin
 * scope (completed when needed: complete_record). */
static struct dtype *kernel_tag(struct ck *c, const char *name)
{
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_TAG, false);
	if (e && e->type && e->type->kind == DTY_STRUCT)
		return e->type;
	struct dscope *cur = c->tc->scope;
	c->tc->scope = c->tc->builtins ? c->tc->builtins : cur;
	struct dtype *t = dtype_tagged(c->tc, DTY_STRUCT, name);
	t->kernel = true;  /* before it is completed too: pointers to it hold kernel addresses */
	e = dscope_add(c->tc, name, DSYM_TAG, t, 0);
	c->tc->scope = cur;
	return e->type;
}

static struct dtype *res(struct dtype *t) { return dtype_resolve(t); }

static bool is_void(struct dtype *t) { return res(t)->kind == DTY_VOID; }
static bool is_string(struct dtype *t) { return res(t)->kind == DTY_STRING; }

static bool is_integer(struct dtype *t)
{
	switch (res(t)->kind) {
	case DTY_BOOL: case DTY_CHAR: case DTY_SHORT: case DTY_INT: case DTY_LONG: case DTY_LLONG:
	case DTY_ENUM:
		return true;
	default:
		return false;
	}
}

static bool is_float(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_FLOAT || k == DTY_DOUBLE || k == DTY_LDOUBLE;
}

/* dt_node_is_pointer: pointers and arrays (strings are not) */
static bool is_pointer(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_PTR || k == DTY_ARRAY;
}

/* dt_node_is_scalar: integers and pointers; arrays, strings and floats are not */
static bool is_scalar(struct dtype *t)
{
	return is_integer(t) || res(t)->kind == DTY_PTR;
}

/* A struct or union (or an array of them) whose body is needed: when it is incomplete, the
 * caller's hook may complete it. Whether t is complete now (true for other types). */
static bool need_body(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	while (r->kind == DTY_ARRAY)
		r = res(r->base);
	if ((r->kind != DTY_STRUCT && r->kind != DTY_UNION) || r->complete)
		return true;
	if (c->opt->complete_record)
		c->opt->complete_record(c->opt->arg, c->clause ? c->clause_index : -1,
					dtype_unqual(r));
	return r->complete;
}

static bool is_char(struct dtype *t) { return res(t)->kind == DTY_CHAR; }

/* dt_node_is_strcompat: string, char * and char[] all behave as strings */
static bool is_strcompat(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_STRING)
		return true;
	if ((r->kind == DTY_PTR || r->kind == DTY_ARRAY) && is_char(r->base))
		return true;
	return false;
}

/* pointer to void or to a function: no known pointee size */
static bool is_vfptr(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind != DTY_PTR)
		return false;
	enum dtype_kind k = res(r->base)->kind;
	return k == DTY_VOID || k == DTY_FUNC;
}

static bool is_record(struct dtype *t)
{
	enum dtype_kind k = res(t)->kind;
	return k == DTY_STRUCT || k == DTY_UNION;
}

static bool same_type(struct dtype *a, struct dtype *b)
{
	return dtype_same(a, b);
}

/* Types ignoring qualifiers at every level: dtrace's ctf_type_compat is that lenient. */
static bool compat_type(struct dtype *a, struct dtype *b)
{
	a = res(a);
	b = res(b);
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DTY_PTR:
		return compat_type(a->base, b->base);
	case DTY_ARRAY:
		return a->array_len == b->array_len && compat_type(a->base, b->base);
	case DTY_STRUCT: case DTY_UNION: case DTY_ENUM:
		return dtype_unqual(a) == dtype_unqual(b);
	case DTY_FUNC:
		return same_type(a, b);
	default:
		return a->size == b->size && a->is_unsigned == b->is_unsigned;
	}
}

/* Type names in messages. An anonymous struct, union or enum is named as CTF names it for
 * dtrace, by its keyword and an empty tag ("struct "), not by its body. */
static char *spell(struct dtype *t)
{
	struct dtype *u = dtype_unqual(t);
	if (u && !u->name && (u->kind == DTY_STRUCT || u->kind == DTY_UNION || u->kind == DTY_ENUM))
		return xstrdup(u->kind == DTY_STRUCT ? "struct " : u->kind == DTY_UNION ? "union " :
			       "enum ");
	return dtype_spell(t, NULL, false);
}

/* Type names in messages: a few at a time, freed when the message is built. */
struct names {
	char *s[3];
	int n;
};
static const char *nm(struct names *ns, struct dtype *t)
{
	return ns->s[ns->n++] = spell(t);
}
static void names_free(struct names *ns)
{
	for (int i = 0; i < ns->n; i++)
		free(ns->s[i]);
	ns->n = 0;
}

/* A message with type names: fail_at after building the text, freeing the names. */
#define FAILT(c, n, ns, tag, ...) do { char m_[1024]; snprintf(m_, sizeof(m_), __VA_ARGS__); \
	names_free(ns); fail_at(c, n, tag, "%s", m_); } while (0)

static int int_rank(struct dtype *t)
{
	struct dtype *r = res(t);
	return (int)r->size * 8 + (r->is_unsigned ? 1 : 0);
}

/* C's integer promotions: anything narrower than int (and enums) becomes int; keeps the
 * type as written (typedef) when it is already int-sized or wider. */
static struct dtype *promote(struct ck *c, struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_ENUM)  /* dt_type_promote: an enum operand counts as int */
		return r->size > 4 ? (r->is_unsigned ? c->tc->t_ulong : c->tc->t_long) : c->tc->t_int;
	if (r->size < 4)
		return c->tc->t_int;
	return t;
}

/* The usual arithmetic conversions over promoted operands: the higher rank wins (size, then
 * unsignedness), as in dt_type_promote; equal ranks keep the left operand's spelling. */
static struct dtype *arith_result(struct ck *c, struct dtype *l, struct dtype *r)
{
	l = promote(c, l);
	r = promote(c, r);
	return int_rank(r) > int_rank(l) ? r : l;
}

static bool type_unsigned(struct dtype *t)
{
	struct dtype *r = res(t);
	if (r->kind == DTY_PTR || r->kind == DTY_STRING)
		return true;
	return r->is_unsigned;
}

/* The value v as the integer type t holds it, extended back to 64 bits. */
static int64_t trunc_to(struct dtype *t, uint64_t v)
{
	struct dtype *r = res(t);
	return dfold_convert(v, r->size, type_unsigned(t), r->kind == DTY_BOOL);
}

/* --- lvalues ----------------------------------------------------------------------------- */

static bool is_writable(const struct dnode *n);

/* dtrace's DT_NF_LVALUE */
static bool is_lvalue(const struct dnode *n)
{
	switch (n->kind) {
	case DN_IDENT:
		return n->var != NULL || n->builtin != DB_NONE;
	case DN_SELF: case DN_THIS:
		return true;
	case DN_INDEX:
		if (n->var || n->builtin != DB_NONE)
			return true;
		return res(n->type)->kind != DTY_ARRAY || is_string(n->type);
	case DN_UNARY:
		return n->op == DOP_DEREF &&
		       (res(n->type)->kind != DTY_ARRAY || is_string(n->type));
	case DN_MEMBER:
		if (res(n->type)->kind == DTY_ARRAY && !is_string(n->type))
			return false;
		return n->op == DOP_ARROW || is_lvalue(n->lhs);
	default:
		return false;
	}
}

/* dtrace's DT_NF_WRITABLE: D variables, and what is reached through them (a store through a
 * pointer held in a variable compiles; it faults at run time unless it targets scratch). */
static bool is_writable(const struct dnode *n)
{
	switch (n->kind) {
	case DN_IDENT:
		return n->var != NULL;
	case DN_SELF: case DN_THIS:
		return true;
	case DN_INDEX:
		if (n->var)
			return true;
		if (n->builtin != DB_NONE)
			return false;
		if (is_string(n->lhs->type))
			return false;  /* a string's characters: values, not storage we hand out */
		return is_writable(n->lhs);
	case DN_UNARY:
		if (n->op != DOP_DEREF)
			return false;
		if (is_string(n->lhs->type))
			return false;
		if (n->lhs->kind == DN_BINARY && n->lhs->op == DOP_ADD)
			return is_writable(n->lhs->lhs);
		return is_writable(n->lhs);
	case DN_MEMBER:
		return is_writable(n->lhs);
	case DN_CAST:
		/* *(uint64_t *)this->p = v: the cast keeps what the variable reaches writable */
		return res(n->type)->kind == DTY_PTR && is_writable(n->lhs);
	default:
		return false;
	}
}

static bool is_bitfield(const struct dnode *n)
{
	if (n->kind != DN_MEMBER)
		return false;
	struct dtype *rec = n->lhs->type;
	if (n->op == DOP_ARROW)
		rec = res(rec)->base;
	int64_t off = 0;
	const struct dmember *m = dtype_member_at(rec, n->name, &off);
	return m && m->bit_width >= 0;
}

/* --- variables --------------------------------------------------------------------------- */

static const char *space_prefix(enum dck_varclass cls)
{
	return cls == DCK_SELF ? "self->" : cls == DCK_THIS ? "this->" : "";
}

static size_t name_hash(char space, const char *name)
{
	size_t h = (unsigned char)space * 131u;
	for (; *name; name++)
		h = h * 31u + (unsigned char)*name;
	return h;
}

/* The table entry of a name, created empty when `add` (else NULL if absent). */
static struct name_ent *name_lookup(struct ck *c, char space, const char *name, bool add)
{
	if (add && (c->nnames + 1) * 2 > c->capnames) {
		size_t cap = c->capnames ? c->capnames * 2 : 64;
		struct name_ent *old = c->names;
		size_t oldcap = c->capnames;
		c->names = xcalloc(cap, sizeof(*c->names));
		c->capnames = cap;
		for (size_t i = 0; i < oldcap; i++) {
			if (!old[i].space)
				continue;
			size_t j = name_hash(old[i].space, old[i].name) & (cap - 1);
			while (c->names[j].space)
				j = (j + 1) & (cap - 1);
			c->names[j] = old[i];
		}
		free(old);
	}
	if (!c->capnames)
		return NULL;
	size_t j = name_hash(space, name) & (c->capnames - 1);
	for (; c->names[j].space; j = (j + 1) & (c->capnames - 1))
		if (c->names[j].space == space && strcmp(c->names[j].name, name) == 0)
			return &c->names[j];
	if (!add)
		return NULL;
	/* our own copy: a node's name is freed when the node is rewritten (inlines, enums) */
	c->names[j] = (struct name_ent){ space, xstrdup(name), NULL, -1, -1 };
	c->nnames++;
	return &c->names[j];
}

static struct dck_var *var_find(struct ck *c, char space, const char *name)
{
	struct name_ent *e = name_lookup(c, space, name, false);
	return e ? e->var : NULL;
}

static struct dck_var *var_new(struct ck *c, enum dck_varclass cls, const char *name,
			       struct dtype *type, const struct dnode *at)
{
	struct dck_prog *p = c->out;
	struct dck_var *v = xcalloc(1, sizeof(*v));
	v->name = xstrdup(name);
	v->cls = cls;
	v->type = type;
	v->id = p->nclass[cls]++;
	v->pos = at->pos;
	p->vars = xrealloc(p->vars, sizeof(*p->vars) * (size_t)(p->nvars + 1));
	p->vars[p->nvars++] = v;
	char space = cls == DCK_SELF ? 's' : cls == DCK_THIS ? 't' : 'g';
	name_lookup(c, space, v->name, true)->var = v;
	return v;
}

static const char *idkind_name(const struct dck_var *v)
{
	return v->nkeys > 0 || v->cls == DCK_ASSOC ? "associative array" : "scalar";
}

/* --- the expression checker -------------------------------------------------------------- */

static void check_expr(struct ck *c, struct dnode *n);
static void check_agg_assign(struct ck *c, struct dnode *n);
static void check_agg_action(struct ck *c, struct dnode *n, enum dsubr s);
static int agg_func_lookup(const char *name);
static void check_stmt(struct ck *c, struct dnode *n);
static void resolve_later_def(struct ck *c, char space, const char *name);

static void set_int_const(struct dnode *n, struct dtype *t, uint64_t v)
{
	n->type = t;
	n->isconst = true;
	n->cval = trunc_to(t, v);
}

/* The result of an operator over constants: D folds in 64 bits and, unlike C, does not cut
 * the value to the result's type (dtrace's dt_node_op1/op2 keep the uintmax_t they compute):
 * (1 << 63) - 1 is INT64_MAX although its type is int. Only a cast, or storing the value into
 * something narrower, cuts it. */
static void set_folded(struct dnode *n, struct dtype *t, uint64_t v)
{
	n->type = t;
	n->isconst = true;
	n->cval = res(t)->kind == DTY_BOOL ? v != 0 : (int64_t)v;
}

static struct dtype *int_literal_type(struct ck *c, const struct dnode *n)
{
	if (n->is_char)
		return c->tc->t_int;  /* as in C and dtrace, 'a' is an int */
	switch (n->longness) {
	case 0: return n->is_unsigned ? c->tc->t_uint : c->tc->t_int;
	case 1: return n->is_unsigned ? c->tc->t_ulong : c->tc->t_long;
	default: return n->is_unsigned ? c->tc->t_ullong : c->tc->t_llong;
	}
}

/* dt_node_is_argcompat: may a value of rp's type be stored where lt is expected */
static bool argcompat(struct dtype *lt, const struct dnode *rp)
{
	struct dtype *rt = rp->type;
	if (is_integer(lt) && is_integer(rt))
		return true;
	if (is_strcompat(lt) && is_strcompat(rt))
		return true;
	struct dtype *l = res(lt);
	if (l->kind == DTY_STRUCT || l->kind == DTY_UNION || l->kind == DTY_FUNC)
		return compat_type(lt, rt);
	/* dt_node_is_ptrcompat */
	bool lint = is_integer(lt), rint = is_integer(rt);
	if (lint && rint)
		return false;
	if (lint)
		return false; /* a prototype or variable of integer type */
	if (rint) /* 0 goes to a pointer, or to a string: dtrace's string is a char array */
		return rp->isconst && rp->cval == 0 && (is_pointer(lt) || is_string(lt));
	if (is_string(rt) && is_pointer(lt)) { /* ... so a string goes to void * and char * */
		enum dtype_kind k = res(res(lt)->base)->kind;
		return k == DTY_VOID || k == DTY_CHAR;
	}
	if (!is_pointer(lt) || !is_pointer(rt))
		return false;
	struct dtype *lref = res(res(lt)->base), *rref = res(res(rt)->base);
	return lref->kind == DTY_VOID || rref->kind == DTY_VOID || compat_type(lref, rref);
}

/* dt_node_is_ptrcompat for comparisons and ?: (either side may be a 0 constant) */
static bool ptrcompat(const struct dnode *lp, const struct dnode *rp)
{
	bool lint = is_integer(lp->type), rint = is_integer(rp->type);
	if (lint && rint)
		return false;
	if (lint && !(lp->isconst && lp->cval == 0))
		return false;
	if (rint && !(rp->isconst && rp->cval == 0))
		return false;
	struct dtype *lt = lint ? rp->type : lp->type;
	struct dtype *rt = rint ? lp->type : rp->type;
	/* dtrace's string is a char array, so it is pointer-compatible with 0, char * and
	 * void * (s == NULL, s != (void *)p) */
	bool ls = is_string(lt), rs = is_string(rt);
	if ((!is_pointer(lt) && !ls) || (!is_pointer(rt) && !rs))
		return false;
	if (ls || rs) {
		struct dtype *other = ls ? rt : lt;
		if (is_string(other))
			return true;
		enum dtype_kind k = res(res(other)->base)->kind;
		return k == DTY_VOID || k == DTY_CHAR;
	}
	struct dtype *lref = res(res(lt)->base), *rref = res(res(rt)->base);
	return lref->kind == DTY_VOID || rref->kind == DTY_VOID || compat_type(lref, rref);
}

static void incompat(struct ck *c, const struct dnode *at, const struct dnode *l, const char *op,
		     const struct dnode *r)
{
	struct names ns = {0};
	const char *a = nm(&ns, l->type), *b = nm(&ns, r->type);
	FAILT(c, at, &ns, D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", a, op, b);
}

/* --- identifiers -------------------------------------------------------------------------- */

static struct inline_def *inline_find(struct ck *c, const char *name)
{
	for (size_t i = 0; i < c->ninl; i++)
		if (strcmp(c->inl[i].name, name) == 0)
			return &c->inl[i];
	return NULL;
}

static struct dnode *copy_tree(struct ck *c, const struct dnode *n)
{
	if (!n)
		return NULL;
	struct dnode *m = dnode_new(&c->prog->pool, n->kind, n->pos);
	struct dnode *keep_pool = m->pool_next;
	*m = *n;
	m->pool_next = keep_pool;
	m->next = NULL;
	m->name = n->name ? xstrdup(n->name) : NULL;
	if (n->str) {
		m->str = xmalloc(n->slen + 1);
		memcpy(m->str, n->str, n->slen + 1);
	}
	for (int i = 0; i < 4; i++)
		m->pd[i] = n->pd[i] ? xstrdup(n->pd[i]) : NULL;
	m->lhs = copy_tree(c, n->lhs);
	m->rhs = copy_tree(c, n->rhs);
	m->cond = copy_tree(c, n->cond);
	m->body = copy_tree(c, n->body);
	struct dnode head = {0}, *last = &head;
	for (const struct dnode *a = n->args; a; a = a->next)
		last = last->next = copy_tree(c, a);
	m->args = head.next;
	m->fmt = NULL;
	return m;
}

static bool is_enumconst(struct ck *c, const char *name)
{
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_ENUMCONST, false);
	return e && e->kind == DSYM_ENUMCONST;
}

/* The enum type that declares an enumerator (the scope records only its value). */
static struct dtype *enum_of(struct ck *c, const char *name, const struct dscope_ent *e)
{
	for (struct dtype *t = c->tc->all; t; t = t->next) {
		if (t->kind != DTY_ENUM || t->origin)
			continue;
		for (int i = 0; i < t->nenums; i++)
			if (strcmp(t->enums[i].name, name) == 0 && t->enums[i].value == e->value)
				return t;
	}
	return e->type;
}

/* Rewrites identifier n as the int constant v (a register name, a fault code). */
static void make_int_const(struct ck *c, struct dnode *n, int v)
{
	free(n->name);
	n->name = NULL;
	n->kind = DN_INT;
	n->ival = (uint64_t)(int64_t)v;
	n->is_unsigned = false;
	n->longness = 0;
	set_int_const(n, c->tc->t_int, n->ival);
}

/* Replaces each identifier naming parameter `prm` in *slot by a copy of `with` (NULL: a
 * placeholder of the parameter's type, as while the definition is checked) cast to the
 * parameter's type. */
static void inline_subst(struct ck *c, struct dnode **slot, const struct dnode *prm,
			 const struct dnode *with)
{
	struct dnode *n = *slot;
	if (!n)
		return;
	if (n->kind == DN_IDENT && n->name && strcmp(n->name, prm->name) == 0) {
		struct dnode *r = dnode_new(&c->prog->pool, with ? DN_CAST : DN_TYPE, n->pos);
		r->ctype = prm->ctype;
		if (with) {
			r->lhs = copy_tree(c, with);
			r->lhs->next = NULL;
		}
		r->next = n->next;
		*slot = r;
		return;
	}
	inline_subst(c, &n->lhs, prm, with);
	inline_subst(c, &n->rhs, prm, with);
	inline_subst(c, &n->cond, prm, with);
	inline_subst(c, &n->body, prm, with);
	for (struct dnode **a = &n->args; *a; a = &(*a)->next)
		inline_subst(c, a, prm, with);
}

/* A copy of the body of inline `in` (one with parameters) with the arguments of its use n
 * put for the parameters; D_PROTO_LEN when their numbers differ. */
static struct dnode *inline_body_with_args(struct ck *c, struct dnode *n,
					   const struct inline_def *in)
{
	int nprm = 0, nargs = 0;
	for (const struct dnode *a = in->def->args; a; a = a->next)
		nprm++;
	for (const struct dnode *a = n->args; a; a = a->next)
		nargs++;
	if (nargs != nprm)
		fail_at(c, n, D_PROTO_LEN, "%s[ ] prototype mismatch: %d arg%spassed, %d expected",
			in->name, nargs, nargs == 1 ? " " : "s ", nprm);
	struct dnode *e = copy_tree(c, in->body);
	const struct dnode *a = n->args;
	for (const struct dnode *prm = in->def->args; prm; prm = prm->next, a = a->next)
		inline_subst(c, &e, prm, a);
	return e;
}

/* n becomes e (a tree of n's pool), keeping its place in the pool, in its list and in the
 * source; e gives up what n now owns. */
static void replace_node(struct dnode *n, struct dnode *e)
{
	struct dnode *keep = n->pool_next, *next = n->next;
	struct dsrcpos pos = n->pos;
	free(n->name);
	*n = *e;
	n->pool_next = keep;
	n->next = next;
	n->pos = pos;
	e->name = NULL;
	e->str = NULL;
	memset(e->pd, 0, sizeof(e->pd));
}

/* `name[a, b]` of an inline with parameters: a cast to its type over its expression with the
 * arguments put for the parameters (each argument evaluated where its parameter is used). */
static void expand_inline_call(struct ck *c, struct dnode *n, const struct inline_def *in)
{
	struct dnode *e = inline_body_with_args(c, n, in);
	n->kind = DN_CAST;
	n->ctype = in->def->ctype;
	n->lhs = e;
	n->args = NULL;
	check_expr(c, n);
}

/* An identifier naming an inline of translated data (dtrace's curpsinfo: xlate <psinfo_t *>
 * (curthread)) becomes the translation itself, so that -> and . reach its members as they
 * reach an xlate's. Whether n was one. */
static bool expand_xlate_inline(struct ck *c, struct dnode *n)
{
	struct inline_def *in = n->kind == DN_IDENT ? inline_find(c, n->name) : NULL;
	if (!in || in->def->lhs->kind != DN_XLATE)
		return false;
	replace_node(n, copy_tree(c, in->def->lhs));
	return true;
}

/* `name[a, ...]` of an inline of translated data with parameters (io.d's fds[fd]: xlate
 * <fileinfo_t> (... fd ...)) becomes the translation with the arguments put for the
 * parameters, as expand_xlate_inline does for one without. Whether n was one. */
static bool expand_xlate_inline_call(struct ck *c, struct dnode *n)
{
	if (n->kind != DN_INDEX || !n->lhs || n->lhs->kind != DN_IDENT)
		return false;
	struct inline_def *in = inline_find(c, n->lhs->name);
	if (!in || !in->body || in->body->kind != DN_XLATE)
		return false;
	replace_node(n, inline_body_with_args(c, n, in));
	return true;
}

/* `sym: the kernel object at the symbol's address, *(T *)addr, when the hook knows it. */
static bool kernel_symbol(struct ck *c, struct dnode *n)
{
	uint64_t addr;
	struct dtype *t;
	if (!strchr(n->name, '`') || !c->opt->kernel_symbol ||
	    !c->opt->kernel_symbol(c->opt->arg, n->name, &addr, &t))
		return false;
	struct dtype *p = dtype_ptr(c->tc, t);
	p->kernel = true;
	struct dnode *k = dnode_new(&c->prog->pool, DN_INT, n->pos);
	k->ival = addr;
	k->is_unsigned = true;
	k->longness = 1;
	struct dnode *cast = dnode_new(&c->prog->pool, DN_CAST, n->pos);
	cast->ctype = p;
	cast->lhs = k;
	free(n->name);
	n->name = NULL;
	n->kind = DN_UNARY;
	n->op = DOP_DEREF;
	n->lhs = cast;
	check_expr(c, n);
	return true;
}

static void check_ident(struct ck *c, struct dnode *n)
{
	struct inline_def *in = inline_find(c, n->name);
	if (in && in->body)
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", n->name);
	if (in) {
		/* an inline: a cast to its type over a copy of its (checked) expression */
		char *name = xstrdup(n->name);
		if (expand_xlate_inline(c, n)) {
			/* a pointer to translated data (curcpu, curpsinfo) is a pointer as any other
			 * when used whole, as dtrace's curcpu is: the translation made in scratch
			 * memory; translated data itself used as a value is dtrace's error */
			if (res(n->ctype)->kind == DTY_PTR) {
				char *tmp = xasprintf("__xlate_%s", name);
				dxl_materialize(c->out->xlators, &c->xl, n, tmp);
				free(tmp);
			} else {
				check_expr(c, n);
			}
			free(name);
			return;
		}
		free(name);
		struct dnode *copy = copy_tree(c, in->def->lhs);
		free(n->name);
		n->name = NULL;
		n->kind = DN_CAST;
		n->ctype = in->def->ctype;
		n->lhs = copy;
		check_expr(c, n);
		return;
	}
	for (size_t i = 0; i < sizeof(ureg_names) / sizeof(ureg_names[0]); i++) {
		if (strcmp(ureg_names[i].name, n->name) == 0) {
			make_int_const(c, n, ureg_names[i].index);
			return;
		}
	}
	for (size_t i = 0; i < sizeof(fault_names) / sizeof(fault_names[0]); i++) {
		if (strcmp(fault_names[i].name, n->name) == 0 && !var_find(c, 'g', n->name)) {
			make_int_const(c, n, fault_names[i].value);
			return;
		}
	}
	for (size_t i = 0; i < sizeof(fault_names) / sizeof(fault_names[0]); i++) {
		if (strcmp(fault_names[i].name, n->name) == 0) {
			free(n->name);
			n->name = NULL;
			n->kind = DN_INT;
			n->ival = (uint64_t)fault_names[i].value;
			n->is_unsigned = false;
			n->longness = 0;
			set_int_const(n, c->tc->t_int, n->ival);
			return;
		}
	}
	if (strcmp(n->name, "NULL") == 0 && !dscope_find(c->tc, "NULL", DSYM_TYPEDEF, false)) {
		/* D's NULL (the Dynamic Tracing Guide's strtok(NULL, ...)): the constant 0, which
		 * compares with and converts to any pointer or string */
		free(n->name);
		n->name = NULL;
		n->kind = DN_INT;
		n->ival = 0;
		n->is_unsigned = false;
		n->longness = 0;
		set_int_const(n, c->tc->t_int, 0);
		return;
	}
	struct dscope_ent *e = dscope_find(c->tc, n->name, DSYM_ENUMCONST, false);
	if (e && e->kind == DSYM_ENUMCONST) {
		struct dtype *et = enum_of(c, n->name, e);
		free(n->name);
		n->name = NULL;
		n->kind = DN_INT;
		n->ival = (uint64_t)e->value;
		set_int_const(n, et, n->ival);
		return;
	}
	enum dbuiltin b = builtin_lookup(n->name);
	if (b == DB_ARGS || b == DB_UREGS) {
		/* dt_xcook_ident: the built-in arrays are identifiers of array kind */
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", n->name);
	}
	if (b == DB_CURTHREAD || b == DB_CURTASK) {
		n->builtin = b;
		n->type = dtype_ptr(c->tc, kernel_tag(c, "task_struct"));
		return;
	}
	if (b != DB_NONE) {
		n->builtin = b;
		n->type = named_type(c, builtin_types[b]);
		return;
	}
	/* a global scalar read before any assignment in source order is unknown to dtrace:
	 * no early resolution here (a later clause's assignment does not declare it) */
	struct dck_var *v = var_find(c, 'g', n->name);
	int64_t inl;
	if (!v && builtin_inline(n->name, &inl)) {
		/* a D library constant, unless the program made a variable of that name */
		free(n->name);
		n->name = NULL;
		n->kind = DN_INT;
		n->ival = (uint64_t)inl;
		set_int_const(n, c->tc->t_int, n->ival);
		return;
	}
	if (!v && kernel_symbol(c, n))
		return;
	if (!v) {
		if (subr_lookup(n->name) != DS_NONE)
			fail_at(c, n, D_IDENT_BADREF, "%s '%s' may not be referenced as scalar",
				subrs[subr_lookup(n->name)].action ? "tracing function" : "function",
				n->name);
		for (size_t i = 0; i < sizeof(unsupported_vars) / sizeof(unsupported_vars[0]); i++)
			if (strcmp(unsupported_vars[i], n->name) == 0)
				fail_at(c, n, D_UNKNOWN, "built-in variable %s is not supported by usdtrace", n->name);
		fail_at(c, n, D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", n->name);
	}
	if (v->cls == DCK_ASSOC)
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", v->name);
	if (!v->type)
		fail_at(c, n, D_IDENT_UNDEF, "%s has not yet been declared or assigned", v->name);
	n->var = v;
	n->type = v->type;
	v->read = true;
}

static void check_selfthis(struct ck *c, struct dnode *n)
{
	char space = n->kind == DN_SELF ? 's' : 't';
	struct dck_var *v = var_find(c, space, n->name);
	if (!v) {
		resolve_later_def(c, space, n->name);
		v = var_find(c, space, n->name);
	}
	if (!v || !v->type)
		fail_at(c, n, D_IDENT_UNDEF, "%s%s has not yet been declared or assigned",
			space == 's' ? "self->" : "this->", n->name);
	if (v->nkeys > 0)
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", v->name);
	n->var = v;
	n->type = v->type;
	v->read = true;
}

/* --- associative arrays and indexing ------------------------------------------------------ */

static int list_len(const struct dnode *l)
{
	int k = 0;
	for (; l; l = l->next)
		k++;
	return k;
}

static void check_list(struct ck *c, struct dnode *l)
{
	for (; l; l = l->next)
		check_expr(c, l);
}

/* Keys against an array's signature (dt_idcook_sign with prefix "" and suffix "[ ]": an
 * array's or aggregation's arguments are "keys" in its messages). */
static void check_keys(struct ck *c, struct dnode *at, struct dck_var *v, struct dnode *keys)
{
	int argc = list_len(keys);
	if (argc != v->nkeys)
		fail_at(c, at, D_PROTO_LEN, "%s[ ] prototype mismatch: %d key%spassed, %d expected", v->name, argc,
			argc == 1 ? " " : "s ", v->nkeys);
	int i = 0;
	for (struct dnode *k = keys; k; k = k->next, i++) {
		if (!argcompat(v->keys[i], k)) {
			struct names ns = {0};
			const char *a = nm(&ns, v->keys[i]), *b = nm(&ns, k->type);
			FAILT(c, at, &ns, D_PROTO_ARG, "%s[ ] key #%d is incompatible with prototype:\n"
			      "\tprototype: %s\n\t      key: %s", v->name, i + 1, a, b);
		}
	}
}

/* dtrace passes an associative array's keys in its 8 tuple registers; more is a failure of
 * its code generator, reported without a line or tag. */
#define DCK_TUPLE_REGS 8

static void key_types_ok(struct ck *c, struct dnode *at, struct dnode *keys)
{
	if (list_len(keys) > DCK_TUPLE_REGS) {
		derr_set(c->err, DTAG_NONE, "Insufficient tuple registers to generate code");
		c->status = -1;
		longjmp(c->jb, 1);
	}
	int i = 1;
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
static void check_assoc(struct ck *c, struct dnode *n, char space, const char *name, bool create)
{
	check_list(c, n->args);
	struct dck_var *v = var_find(c, space, name);
	if (!v && !create) {
		resolve_later_def(c, space, name);
		v = var_find(c, space, name);
	}
	if (!v) {
		if (!create)
			fail_at(c, n, D_IDENT_UNDEF, "%s%s has not yet been declared or assigned",
				space == 's' ? "self->" : "", name);
		key_types_ok(c, n, n->args);
		v = var_new(c, space == 's' ? DCK_SELF : DCK_ASSOC, name, NULL, n);
		set_signature(v, n->args);
	} else {
		if (space == 'g' && v->cls != DCK_ASSOC)
			fail_at(c, n, D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", name);
		if (space == 's' && v->nkeys == 0)
			fail_at(c, n, D_IDENT_BADREF, "scalar '%s' may not be referenced as associative array", name);
		check_keys(c, n, v, n->args);
		if (!v->type && !create)
			fail_at(c, n, D_IDENT_UNDEF, "%s%s has not yet been declared or assigned",
				space_prefix(v->cls), name);
	}
	n->var = v;
	n->type = v->type;
	n->lhs->var = v;  /* the array's name (DN_IDENT or DN_SELF) names the variable too */
	if (!create)
		v->read = true;
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
	const char *name = builtin_names[b];
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
		/* x86-64 has 42 register slots (pt_regs' 21, the i386 names up to R_SS): dtrace's
		 * code generator refuses a larger constant index */
		if ((uint64_t)k->cval >= UREG_SLOTS)
			fail_at(c, n, D_UNKNOWN, "uregs[]: index out of bounds (%llu)",
				(unsigned long long)k->cval);
		n->type = named_type(c, "uint64_t");
		return;
	}
	if (!c->clause)
		fail_at(c, n, D_ARGS_NONE, "%s[ ] may not be referenced outside of a probe clause", name);
	if (mapped && c->pargs && c->pargs->map)
		return;  /* keeps its native index and translated type */
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

/* args[K] translated becomes `xlate < T > ((native type)argM)` before the member access
 * around it is checked, so that the translator machinery (dcheck_xlate.h) expands it. */
static void xlate_args(struct ck *c, struct dnode *n)
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

static void check_index(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs;
	if (l->kind == DN_IDENT) {
		struct inline_def *in = inline_find(c, l->name);
		if (in && in->body) {
			expand_inline_call(c, n, in);
			return;
		}
		enum dbuiltin b = builtin_lookup(l->name);
		if (b == DB_ARGS || b == DB_UREGS) {
			check_args_index(c, n, b);
			return;
		}
		if (b == DB_NONE && !inline_find(c, l->name)) {
			struct dck_var *v = var_find(c, 'g', l->name);
			if (!v && !is_enumconst(c, l->name)) {
				/* an associative array (or one defined later) */
				struct name_ent *e = name_lookup(c, 'g', l->name, false);
				struct def_site *s = e && e->first_site >= 0 ? &c->sites[e->first_site] : NULL;
				if (!s || s->node->lhs->kind == DN_INDEX) {
					check_assoc(c, n, 'g', l->name, false);
					return;
				}
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
		fail_at(c, n, D_ARR_BADREF, "cannot access %s as an associative array",
			l->kind == DN_IDENT ? l->name : "expression");
	}
	struct dnode *k = n->args;
	bool lp = is_pointer(l->type) || is_string(l->type);
	if (!(lp && is_integer(k->type)) && !(is_integer(l->type) && is_pointer(k->type)))
		incompat(c, n, l, "+", k);
	struct dtype *pt = lp ? l->type : k->type;
	struct dtype *r = res(pt);
	if (r->kind == DTY_ARRAY && lp && k->isconst && r->array_len >= 0 &&
	    (uint64_t)k->cval >= (uint64_t)r->array_len)
		fail_at(c, n, D_ARR_BOUNDS, "index outside array bounds: %llu, max is %i",
			(unsigned long long)k->cval, (int)r->array_len);
	if (r->kind == DTY_STRING) {
		n->type = c->tc->t_char;  /* dtrace's string is a char array */
		return;
	}
	if (is_vfptr(pt)) {
		if (res(r->base)->kind == DTY_FUNC)
			fail_at(c, n, D_DEREF_FUNC, "cannot dereference pointer to function");
		fail_at(c, n, D_DEREF_VOID, "cannot dereference pointer to void");
	}
	n->type = r->base;
}

/* --- operators ---------------------------------------------------------------------------- */

static void check_unary(struct ck *c, struct dnode *n)
{
	/* the operator as the messages quote it (x++ as ++) */
	const char *op = dop_text(n->op), *opname = op;
	bool incdec = dop_is_incdec(n->op);
	struct dnode *l = n->lhs;
	if (n->op == DOP_ADDROF && l->kind == DN_AGG)  /* &@a: an aggregation is dynamic too */
		fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic variable");
	if (incdec) {
		/* ++/-- may create a variable (int64_t), as dt_cook_op1 does */
		struct dck_var *v = NULL;
		if (l->kind == DN_IDENT && builtin_lookup(l->name) == DB_NONE &&
		    !inline_find(c, l->name) && !is_enumconst(c, l->name) &&
		    !var_find(c, 'g', l->name)) {
			v = var_new(c, DCK_GLOBAL, l->name, named_type(c, "int64_t"), l);
			v->written = true;
		} else if ((l->kind == DN_SELF || l->kind == DN_THIS) &&
			   !var_find(c, l->kind == DN_SELF ? 's' : 't', l->name)) {
			v = var_new(c, l->kind == DN_SELF ? DCK_SELF : DCK_THIS, l->name,
				    named_type(c, "int64_t"), l);
			v->written = true;
		} else if (l->kind == DN_INDEX && (l->lhs->kind == DN_IDENT || l->lhs->kind == DN_SELF)) {
			/* counts[k]++ on a new array makes it an int64_t array */
			struct dnode *a = l->lhs;
			char space = a->kind == DN_SELF ? 's' : 'g';
			if (!var_find(c, space, a->name) &&
			    (space == 's' || (builtin_lookup(a->name) == DB_NONE &&
					      !inline_find(c, a->name) && !is_enumconst(c, a->name)))) {
				check_assoc(c, l, space, a->name, true);
				l->var->type = named_type(c, "int64_t");
				l->type = l->var->type;
			}
		}
		(void)v;
	}
	if (n->op == DOP_SIZEOF) {
		check_expr(c, l);
		if (is_bitfield(l))
			fail_at(c, n, D_SIZEOF_BITFIELD, "cannot apply sizeof to a bit-field");
		int64_t size;
		if (l->kind == DN_STRING)
			size = (int64_t)l->slen + 1;
		else if (is_string(l->type))
			size = c->opt->strsize;
		else
			size = need_body(c, l->type) ? dtype_sizeof(l->type) : -1;
		if (size <= 0)
			fail_at(c, n, D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size");
		set_int_const(n, named_type(c, "size_t"), (uint64_t)size);
		return;
	}
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
		if (l->isconst && dfold_unary(n->op, (uint64_t)l->cval, &v) == DFOLD_OK)
			set_folded(n, n->type, v);
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
		if (l->isconst && dfold_unary(n->op, (uint64_t)l->cval, &v) == DFOLD_OK)
			set_int_const(n, n->type, v);
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
		return;
	}
	case DOP_ADDROF:
		if (l->var || l->kind == DN_SELF || l->kind == DN_THIS)
			fail_at(c, n, D_ADDROF_VAR, "cannot take address of dynamic variable");
		if (!is_lvalue(l) || l->builtin != DB_NONE)
			fail_at(c, n, D_ADDROF_LVAL, "unacceptable operand for unary & operator");
		if (is_bitfield(l))
			fail_at(c, n, D_ADDROF_BITFIELD, "cannot take address of bit-field");
		n->type = dtype_ptr(c->tc, t);
		return;
	default:
		break;
	}
	/* ++ and -- */
	if (!is_scalar(t))
		fail_at(c, n, D_OP_SCALAR, "operator %s requires operand of scalar type", opname);
	if (is_vfptr(t))
		fail_at(c, n, D_OP_VFPTR, "operator %s requires an operand of known size", opname);
	if (!is_lvalue(l))
		fail_at(c, n, D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", opname);
	if (!is_writable(l))
		fail_at(c, n, D_OP_WRITE, "operator %s can only be applied to a writable variable", opname);
	if (l->var)
		l->var->written = true;
	n->type = t;
}

static void fold_binary(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	if (!l->isconst || !r->isconst || !is_integer(n->type))
		return;
	/* the operands' 64-bit values, as folded (see set_folded); the converted operands'
	 * type decides only whether / % < ... are signed, as in dtrace. Shifts are in 64 bits,
	 * as the BPF code shifts; >> is arithmetic for a signed left operand (what the code
	 * computes at run time), and a count of 64 or more shifts every bit out. */
	uint64_t v = 0;
	bool uns = type_unsigned(arith_result(c, l->type, r->type));
	switch (dfold_binary(n->op, (uint64_t)l->cval, (uint64_t)r->cval, uns, type_unsigned(n->type),
			     &v)) {
	case DFOLD_OK: case DFOLD_SHIFT_RANGE:
		set_folded(n, n->type, v);
		return;
	case DFOLD_NONE: case DFOLD_DIV_ZERO:  /* division by 0 failed in check_binary */
		return;
	}
}

/* An unsigned constant beside a wider operand that is not one: dtrace promotes the operands
 * before the operation, zero-extending the constant from its own type, so -1u next to an
 * int64_t is 0xffffffff (between constants, folding keeps 64 bits: see set_folded). */
static void widen_unsigned_const(struct dnode *k, const struct dnode *other)
{
	if (!k->isconst || other->isconst || !is_integer(k->type) || !is_integer(other->type) ||
	    !type_unsigned(k->type))
		return;
	int64_t ks = res(k->type)->size, os = res(other->type)->size;
	if (ks > 0 && ks < 8 && os > ks)
		k->cval = trunc_to(k->type, (uint64_t)k->cval);
}

static void check_binary(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	const char *op = dop_text(n->op);
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
			  (is_strcompat(lt) && is_strcompat(rt) && (is_string(lt) || is_string(rt))) ||
			  ptrcompat(l, r);
		if (!ok)
			incompat(c, n, l, op, r);
		n->type = c->tc->t_int;
		break;
	}
	case DOP_ADD: case DOP_SUB: {
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
	widen_unsigned_const(n->lhs, n->rhs);
	widen_unsigned_const(n->rhs, n->lhs);
	fold_binary(c, n);
}

/* The variable an assignment's left side names, created if this is its first assignment. */
static void check_assign_target(struct ck *c, struct dnode *l, struct dnode *rhs_checked)
{
	switch (l->kind) {
	case DN_IDENT: {
		enum dbuiltin b = builtin_lookup(l->name);
		if (b != DB_NONE || inline_find(c, l->name) ||
		    is_enumconst(c, l->name)) {
			check_expr(c, l);
			return;
		}
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
		if (v && v->nkeys > 0)
			fail_at(c, l, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", l->name);
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
		if (a->kind == DN_IDENT && builtin_lookup(a->name) == DB_NONE &&
		    !inline_find(c, a->name) && !is_enumconst(c, a->name)) {
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
		if (!l->var->type)
			l->var->type = rhs_checked->type;
		l->type = l->var->type;
		return;
	}
	default:
		check_expr(c, l);
	}
}

static void check_assign(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	const char *op = dop_text(n->op);
	bool div = n->op == DOP_DIV_ASSIGN || n->op == DOP_MOD_ASSIGN;
	if (l->kind == DN_AGG) {
		check_agg_assign(c, n);
		return;
	}
	if (r->kind == DN_XLATE && n->op == DOP_ASSIGN) {
		dxl_assign(c->out->xlators, &c->xl, n);
		return;
	}
	if (div && r->kind == DN_INT && r->ival == 0)
		fail_at(c, n, D_DIV_ZERO, "expression contains division by zero");
	check_expr(c, r);
	if (n->op == DOP_ASSIGN) {
		check_assign_target(c, l, r);
	} else {
		/* compound assignments read the target first: it must exist. dtrace creates a
		 * plain name here and then finds it unassigned (dt_cook_op2, then dt_cook_var) */
		if (l->kind == DN_IDENT && builtin_lookup(l->name) == DB_NONE &&
		    !inline_find(c, l->name) && !is_enumconst(c, l->name) &&
		    !var_find(c, 'g', l->name)) {
			resolve_later_def(c, 'g', l->name);
			if (!var_find(c, 'g', l->name))
				fail_at(c, l, D_IDENT_UNDEF, "%s has not yet been declared or assigned", l->name);
		}
		check_expr(c, l);
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
		if (!del && !argcompat(lt, r))
			incompat(c, n, l, op, r);
		break;
	}
	case DOP_ADD_ASSIGN: case DOP_SUB_ASSIGN:
		if (is_string(lt) || is_string(rt))
			incompat(c, n, l, op, r);
		if (!is_integer(lt) || !is_integer(rt)) {
			if (!is_pointer(lt) || is_vfptr(lt))
				fail_at(c, n, D_OP_VFPTR, "operator %s requires left-hand scalar operand of known size",
					op);
			else if (!is_integer(rt) && !ptrcompat(l, r))
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
	if (!is_lvalue(l))
		fail_at(c, n, D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", op);
	if (!is_writable(l))
		fail_at(c, n, D_OP_WRITE, "operator %s can only be applied to a writable variable", op);
	if (l->var)
		l->var->written = true;
	n->type = lt;
}

static void check_cond(struct ck *c, struct dnode *n)
{
	check_expr(c, n->cond);
	check_expr(c, n->lhs);
	check_expr(c, n->rhs);
	struct dnode *l = n->lhs, *r = n->rhs;
	if (!is_scalar(n->cond->type))
		fail_at(c, n, D_OP_SCALAR, "operator ?: expression must be of scalar type");
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
	else if (l->kind == DN_CALL && dsubr_is_action(l->subr))
		fail_at(c, n, D_OP_ACT, "action cannot be used in a conditional context");
	else if (r->kind == DN_CALL && dsubr_is_action(r->subr))
		fail_at(c, n, D_OP_ACT, "action cannot be used in a conditional context");
	else
		fail_at(c, n, D_OP_INCOMPAT, "operator ?: operands must have compatible types");
	if ((l->kind == DN_CALL && dsubr_is_action(l->subr)) ||
	    (r->kind == DN_CALL && dsubr_is_action(r->subr)))
		fail_at(c, n, D_OP_ACT, "action cannot be used in a conditional context");
	if (n->cond->isconst && l->isconst && r->isconst && is_integer(n->type))
		set_folded(n, n->type, (uint64_t)(n->cond->cval ? l->cval : r->cval));
}

/* Casts as dt_cook_op2's DT_TOK_LPAR allows them. */
static void check_cast(struct ck *c, struct dnode *n)
{
	if (n->lhs->kind == DN_XLATE)
		dxl_cast(c->out->xlators, &c->xl, n);
	check_expr(c, n->lhs);
	struct dtype *to = n->ctype, *from = n->lhs->type;
	bool ok = compat_type(to, from) ||
		  (is_scalar(to) && (is_scalar(from) || res(from)->kind == DTY_FUNC)) ||
		  is_void(to) ||
		  (res(to)->kind == DTY_PTR && is_pointer(from)) ||
		  (is_string(to) && (is_scalar(from) || is_pointer(from) || is_strcompat(from)));
	if (!ok) {
		struct names ns = {0};
		const char *a = nm(&ns, from), *b = nm(&ns, to);
		FAILT(c, n, &ns, D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"", a, b);
	}
	n->type = to;
	if (n->lhs->isconst && is_integer(to))
		set_int_const(n, to, (uint64_t)n->lhs->cval);
}

static void check_member(struct ck *c, struct dnode *n)
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

static void check_offsetof(struct ck *c, struct dnode *n)
{
	struct dtype *t = res(n->ctype);
	if (t->kind != DTY_STRUCT && t->kind != DTY_UNION)
		fail_at(c, n, D_OFFSETOF_TYPE, "offsetof operand must be a struct or union type");
	need_body(c, t);
	int64_t off = 0;
	const struct dmember *m = dtype_member_at(t, n->name, &off);
	if (!m)
		fail_at(c, n, D_UNKNOWN, "failed to determine offset of %s: Member name not found", n->name);
	if (m->bit_width >= 0)
		fail_at(c, n, D_OFFSETOF_BITFIELD, "cannot take offset of a bit-field: %s", n->name);
	set_int_const(n, off > INT32_MAX ? c->tc->t_long : c->tc->t_int, (uint64_t)off);
}

/* --- calls -------------------------------------------------------------------------------- */

/* dtrace refuses destructive actions when it enables the program, so every compile error
 * (the speculation rules' D_ACT_SPEC among them) comes first: only noted here. */
static void destructive_check(struct ck *c, const struct dnode *n, enum dsubr s)
{
	(void)n;
	if (subrs[s].destructive && !c->opt->destructive)
		c->destructive_used = true;
}

static void destructive_refuse(struct ck *c)
{
	if (!c->destructive_used)
		return;
	derr_set(c->err, DTAG_NONE, "could not enable tracing: Destructive actions not allowed");
	derr_set_kind(c->err, DERR_ENABLE);
	c->status = -2;
	longjmp(c->jb, 1);
}

static _Noreturn void proto_len_fail(struct ck *c, const struct dnode *n, const char *name,
				      int argc, const char *bound, int want)
{
	fail_at(c, n, D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected", name, argc,
		argc == 1 ? " " : "s ", bound, want);
}

/* May argument a be passed for prototype parameter p? "struct NAME *" names a kernel type we
 * have no definition of: any pointer, or 0, fits it. */
static bool param_compat(struct ck *c, const char *p, const struct dnode *a)
{
	size_t len = strlen(p);
	if (strncmp(p, "struct ", 7) == 0 && len > 9 && strcmp(p + len - 2, " *") == 0)
		return is_pointer(a->type) || (a->isconst && is_integer(a->type) && a->cval == 0);
	return argcompat(named_type(c, p), a);
}

/* Arity and argument types against the prototype (dt_idcook_func + dt_idcook_sign). */
static void check_proto(struct ck *c, struct dnode *n, const struct subr_def *d)
{
	int nparams = 0, optargs = -1, varargs = -1;
	for (; nparams < 4 && d->params[nparams]; nparams++) {
		const char *p = d->params[nparams];
		if (strcmp(p, "...") == 0)
			varargs = nparams;
		else if (p[0] == '[' && optargs < 0)
			optargs = nparams;
	}
	/* dt_idcook_sign: too few for a variadic prototype or one with optional arguments is
	 * "at least N" (N the required count), too many for optional arguments "at most N" */
	int argc = list_len(n->args), limit;
	if (varargs >= 0) {
		limit = varargs;
		if (argc < varargs)
			proto_len_fail(c, n, d->name, argc, "at least ", varargs);
	} else if (optargs >= 0) {
		limit = argc;
		if (argc < optargs)
			proto_len_fail(c, n, d->name, argc, "at least ", optargs);
		if (argc > nparams)
			proto_len_fail(c, n, d->name, argc, "at most ", nparams);
	} else {
		limit = nparams;
		if (argc != nparams)
			proto_len_fail(c, n, d->name, argc, "", nparams);
	}
	struct dnode *a = n->args;
	for (int i = 0; i < limit && a; i++, a = a->next) {
		const char *p = d->params[i];
		if (strcmp(p, "@") == 0 || strcmp(p, "...") == 0)
			continue;
		char buf[32];
		if (p[0] == '[') {
			snprintf(buf, sizeof(buf), "%.*s", (int)strlen(p) - 2, p + 1);
			p = buf;
		}
		/* a string goes where void * is read from, not where it is written to */
		bool dest = (i == 1 && strcmp(d->name, "bcopy") == 0) ||
			    (i == 2 && strcmp(d->name, "copyinto") == 0);
		if (!param_compat(c, p, a) || (dest && is_string(a->type))) {
			struct names ns = {0};
			const char *b = nm(&ns, a->type);
			FAILT(c, n, &ns, D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n"
			      "\tprototype: %s\n\t argument: %s", d->name, i + 1, p, b);
		}
	}
}

static enum dfmt_argclass arg_class(struct dtype *t)
{
	struct dtype *r = res(t);
	/* ustack() and usym() & co. keys, for printa's %k and %A */
	if (t->kind == DTY_TYPEDEF && t->name && strcmp(t->name, "stack") == 0)
		return DFMT_ARG_STACK;
	if (t->kind == DTY_TYPEDEF && t->name && strcmp(t->name, "_usymaddr") == 0)
		return DFMT_ARG_USYMADDR;
	if (is_integer(t))
		return DFMT_ARG_INT;
	if (r->kind == DTY_STRING || (r->kind == DTY_ARRAY && is_char(r->base)))
		return DFMT_ARG_STRING;
	if (r->kind == DTY_PTR)
		return DFMT_ARG_PTR;
	if (is_float(t))
		return DFMT_ARG_FLOAT;
	return DFMT_ARG_OTHER;
}

void dck_argtype(struct dck_prog *p, struct dtype *t, struct dfmt_argtype *out)
{
	struct dtype *r = res(t);
	out->cls = arg_class(t);
	if (r->kind == DTY_STRING)
		out->size = (unsigned)p->strsize;
	else
		out->size = r->size > 0 ? (unsigned)r->size : 0;
	out->is_signed = is_integer(t) && !type_unsigned(t);
	char *name = spell(t);
	for (int i = 0; i < p->nspellings; i++) {
		if (strcmp(p->spellings[i], name) == 0) {
			free(name);
			out->name = p->spellings[i];
			return;
		}
	}
	p->spellings = xrealloc(p->spellings, sizeof(*p->spellings) * (size_t)(p->nspellings + 1));
	p->spellings[p->nspellings++] = name;
	out->name = name;
}

static void check_printf(struct ck *c, struct dnode *n, const struct subr_def *d)
{
	struct dnode *f = n->args;
	if (f->kind != DN_STRING) {
		/* a string that is not a literal: the prototype (string) accepted it */
		struct names ns = {0};
		const char *a = nm(&ns, f->type);
		FAILT(c, n, &ns, D_PRINTF_ARG_FMT, "%s( ) argument #1 is incompatible with prototype:\n"
		      "\tprototype: string constant\n\t argument: %s", d->name, a);
	}
	struct derr err;
	if (memchr(f->str, '\0', f->slen))
		fail_at(c, n, D_PRINTF_ARG_FMT, "%s( ) format string contains a NUL character", d->name);
	struct dfmt *fmt = dfmt_parse(f->str, &err);
	if (!fmt)
		fail_at(c, n, err.tag, "%s", err.msg);
	struct dck_prog *p = c->out;
	p->fmts = xrealloc(p->fmts, sizeof(*p->fmts) * (size_t)(p->nfmts + 1));
	p->fmts[p->nfmts++] = fmt;
	size_t nargs = (size_t)list_len(f->next);
	struct dfmt_argtype *types = xcalloc(nargs ? nargs : 1, sizeof(*types));
	size_t i = 0;
	for (struct dnode *a = f->next; a; a = a->next, i++)
		dck_argtype(p, a->type, &types[i]);
	/* freopen("") is no format: it restores the original output (dt_cc.c) */
	bool restore = n->subr == DS_FREOPEN && fmt->text[0] == '\0' && nargs == 0;
	int rc = restore ? 0 : dfmt_check(fmt, d->name, types, nargs, 2, NULL,
					  c->opt->has_target, &err);
	free(types);
	if (rc != 0)
		fail_at(c, n, err.tag, "%s", err.msg);
	n->fmt = fmt;
}

/* print(): any value but void; through a pointer, the pointee is what is printed, so it must
 * have a size (dt_cg.c's D_PRINT_SIZE). */
static void check_print(struct ck *c, struct dnode *a)
{
	if (is_void(a->type))
		fail_at(c, a, D_UNKNOWN, "print( ) may not be applied to a void expression");
	if (res(a->type)->kind != DTY_PTR)
		return;
	struct dtype *t = res(a->type)->base;
	if (t && !is_void(t) && dtype_sizeof(t) <= 0) {
		struct names ns = {0};
		const char *b = nm(&ns, t);
		FAILT(c, a, &ns, D_PRINT_SIZE, "print( ) argument #1 reference has type '%s' with size 0; "
		      "cannot print( ) it.", b);
	}
}

static void check_call(struct ck *c, struct dnode *n)
{
	enum dsubr s = subr_lookup(n->name);
	if (s >= DS_PRINTA && s <= DS_SETOPT) {
		check_agg_action(c, n, s);
		return;
	}
	if (s == DS_NONE && agg_func_lookup(n->name) >= 0) {
		/* outside `@a = f()`, dt_open.c's "void(...)" prototype makes it a void value;
		 * used for itself, dt_cg.c refuses it (no_nested_action, check_stmt) */
		check_list(c, n->args);
		n->type = named_type(c, "void");
		return;
	}
	if (s == DS_NONE) {
		for (size_t i = 0; i < sizeof(kernel_subrs) / sizeof(kernel_subrs[0]); i++) {
			if (strcmp(kernel_subrs[i].name, n->name) != 0)
				continue;
			/* dtrace checks the call against the prototype first */
			check_list(c, n->args);
			check_proto(c, n, &kernel_subrs[i]);
			struct dnode *a = n->args;
			if (strcmp(n->name, "stack") == 0 && a &&
			    (!a->isconst || !is_integer(a->type) || a->cval <= 0))
				fail_at(c, a, D_STACK_SIZE, "stack( ) argument #1 must be a non-zero positive "
					"integer constant");
			fail_at(c, n, D_UNKNOWN, "%s( ) is not supported by usdtrace", n->name);
		}
		for (size_t i = 0; i < sizeof(unsupported_subrs) / sizeof(unsupported_subrs[0]); i++)
			if (strcmp(unsupported_subrs[i], n->name) == 0)
				fail_at(c, n, D_UNKNOWN, "%s( ) is not supported by usdtrace", n->name);
		if (builtin_lookup(n->name) != DB_NONE)
			fail_at(c, n, D_FUNC_IDKIND, "scalar '%s' may not be referenced as a function", n->name);
		struct dck_var *v = var_find(c, 'g', n->name);
		if (v)
			fail_at(c, n, D_FUNC_IDKIND, "%s '%s' may not be referenced as a function", idkind_name(v),
				n->name);
		fail_at(c, n, D_FUNC_UNDEF, "undefined function name: %s", n->name);
	}
	const struct subr_def *d = &subrs[s];
	n->subr = s;
	check_list(c, n->args);
	check_proto(c, n, d);
	destructive_check(c, n, s);
	switch (s) {
	case DS_PRINTF:
	case DS_SYSTEM:
		/* dtrace validates a format when it compiles the action: a printf() nested in an
		 * expression is refused as a value first (its void type, or D_CG_EXPR) */
		if (n == c->stmt_call)
			check_printf(c, n, d);
		break;
	case DS_FREOPEN:
		check_printf(c, n, d);
		break;
	case DS_INET_NTOA6: {
		/* the strict flag picks the code dtrace generates: a constant */
		struct dnode *f = n->args->next;
		if (f && !f->isconst)
			fail_at(c, f, D_PROTO_ARG, "inet_ntoa6( ) argument #2 must be an integer "
				"constant");
		break;
	}
	case DS_TRACE:
		if (is_void(n->args->type))
			fail_at(c, n->args, D_TRACE_VOID, "trace( ) may not be applied to a void expression");
		break;
	case DS_PRINT:
		check_print(c, n->args);
		break;
	case DS_USTACK: case DS_JSTACK: case DS_STACK: {
		/* dt_cc.c's dt_action_ustack_args: constant frame count and string size */
		struct dnode *a = n->args, *sz = a ? a->next : NULL;
		if (a && (!a->isconst || !is_integer(a->type) || a->cval <= 0))
			fail_at(c, a, n->subr == DS_STACK ? D_STACK_SIZE : D_USTACK_FRAMES,
				"%s( ) argument #1 must be a non-zero positive "
				"integer constant", d->name);
		if (sz && (!sz->isconst || !is_integer(sz->type) || sz->cval < 0))
			fail_at(c, sz, D_USTACK_STRSIZE, "%s( ) argument #2 must be a positive integer constant",
				d->name);
		break;
	}
	case DS_TRACEMEM: {
		struct dnode *a = n->args, *sz = a->next;
		if (!is_integer(a->type) && !is_pointer(a->type)) {
			struct names ns = {0};
			const char *b = nm(&ns, a->type);
			FAILT(c, a, &ns, D_PROTO_ARG, "tracemem( ) argument #1 is incompatible with prototype:\n"
			      "\tprototype: pointer or integer\n\t argument: %s", b);
		}
		if (!sz->isconst || sz->cval == 0 || (!type_unsigned(sz->type) && sz->cval < 0))
			fail_at(c, sz, D_TRACEMEM_SIZE, "tracemem( ) argument #2 must be a non-zero positive integral "
				"constant expression");
		break;
	}
	default:
		break;
	}
	n->type = named_type(c, d->ret);
}

/* --- aggregations ---------------------------------------------------------------------------- */

static const char *const agg_funcs[] = {
	[AGG_COUNT] = "count", [AGG_SUM] = "sum", [AGG_AVG] = "avg", [AGG_MIN] = "min",
	[AGG_MAX] = "max", [AGG_STDDEV] = "stddev", [AGG_QUANTIZE] = "quantize",
	[AGG_LQUANTIZE] = "lquantize", [AGG_LLQUANTIZE] = "llquantize",
};

static int agg_func_lookup(const char *name)
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

/* Keys: checked, then set as the signature or held against it (dt_idcook_sign with prefix "@"
 * and suffix "[ ]"). */
static void agg_keys(struct ck *c, struct dnode *n, struct dck_agg *a)
{
	check_list(c, n->args);
	int argc = list_len(n->args), i = 0;
	for (struct dnode *k = n->args; k; k = k->next, i++) {
		if (!is_scalar(k->type) && !is_string(k->type) && !dck_is_ukey(k)) {
			struct names ns = {0};
			const char *t = nm(&ns, k->type);
			FAILT(c, n, &ns, D_KEY_TYPE, "%s expression may not be used as an aggregation key: key #%d",
			      t, i + 1);
		}
	}
	if (a->nkeys < 0) {
		a->nkeys = argc;
		a->keys = xcalloc((size_t)(argc ? argc : 1), sizeof(*a->keys));
		i = 0;
		for (struct dnode *k = n->args; k; k = k->next)
			a->keys[i++] = k->type;
		return;
	}
	if (argc != a->nkeys)
		fail_at(c, n, D_PROTO_LEN, "@%s[ ] prototype mismatch: %d key%spassed, %d expected", a->name, argc,
			argc == 1 ? " " : "s ", a->nkeys);
	i = 0;
	for (struct dnode *k = n->args; k; k = k->next, i++) {
		if (a->keys[i] == k->type)
			continue;   /* the same type node: "stack" keys too (a typedef of void) */
		if (!argcompat(a->keys[i], k)) {
			struct names ns = {0};
			const char *pt = nm(&ns, a->keys[i]), *b = nm(&ns, k->type);
			FAILT(c, n, &ns, D_PROTO_ARG, "@%s[ ] key #%d is incompatible with prototype:\n"
			      "\tprototype: %s\n\t      key: %s", a->name, i + 1, pt, b);
		}
	}
}

/* The aggregating function's arguments: arity and prototypes (dt_open.c declares count
 * "void()", sum..stddev "void(@)", quantize "void(@, ...)", lquantize "void(@, int32_t,
 * int32_t, ...)", llquantize "void(@, int32_t, int32_t, int32_t, int32_t, ...)"), then
 * dt_compile_agg's rules. */
static void agg_func_args(struct ck *c, struct dnode *n, struct dnode *call, struct dck_agg *a,
			  int f)
{
	static const int min_args[] = { 0, 1, 1, 1, 1, 1, 1, 3, 5 };
	static const int max_args[] = { 0, 1, 1, 1, 1, 1, 2, 5, 6 };
	check_list(c, call->args);
	int argc = list_len(call->args);
	bool varargs = f >= AGG_QUANTIZE;
	if (argc < min_args[f] || (!varargs && argc > max_args[f]))
		fail_at(c, call, D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected",
			agg_funcs[f], argc, argc == 1 ? " " : "s ", varargs ? "at least " : "",
			min_args[f]);
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
		if (limit < base)
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
		static const char *const what[] = { "factor", "low magnitude", "high magnitude",
						    "linear steps per magnitude" };
		static const enum dtag type_tag[] = { D_LLQUANT_FACTORTYPE, D_LLQUANT_LMAGTYPE,
						      D_LLQUANT_HMAGTYPE, D_LLQUANT_STEPTYPE };
		static const enum dtag val_tag[] = { D_LLQUANT_FACTORVAL, D_LLQUANT_LMAGVAL,
						     D_LLQUANT_HMAGVAL, D_LLQUANT_STEPVAL };
		struct dnode *p = call->args->next;
		for (int k = 0; k < 4; k++, p = p->next) {
			if (!p->isconst)
				fail_at(c, p, type_tag[k], "llquantize( ) argument #%d (%s) must be an integer "
					"constant", k + 1, what[k]);
			/* a negative step count is a type error for dtrace, a negative magnitude a
			 * value error */
			if ((uint64_t)p->cval > UINT16_MAX)
				fail_at(c, p, k == 3 && p->cval < 0 ? type_tag[k] : val_tag[k],
					"llquantize( ) argument #%d (%s) must be an unsigned 16-bit quantity",
					k + 1, what[k]);
			arg[k] = p->cval;
		}
		incr = p;
		if (arg[0] < 2)
			fail_at(c, n, D_LLQUANT_FACTORVAL, "llquantize( ) factor (argument #1) must be two or more");
		if (arg[1] >= arg[2])
			fail_at(c, n, D_LLQUANT_HMAGVAL, "llquantize( ) high magnitude (argument #3) must be greater "
				"than low magnitude (argument #2)");
		if (arg[3] < arg[0])
			fail_at(c, n, D_LLQUANT_STEPVAL, "llquantize( ) factor (argument #1) must be less than or equal "
				"to the number of linear steps per magnitude (argument #4)");
		uint64_t v = (uint64_t)arg[0];
		while (v < (uint64_t)arg[3])
			v *= (uint64_t)arg[0];
		if (arg[3] % arg[0] || v % (uint64_t)arg[3])
			fail_at(c, n, D_LLQUANT_STEPVAL, "llquantize( ) factor (argument #1) must evenly divide the "
				"number of steps per magnitude (argument #4), and the number of steps "
				"per magnitude must evenly divide a power of the factor");
		uint64_t order = 1;
		for (int64_t k = 0; k <= arg[2] + 1; k++) {
			if (order * (uint64_t)arg[0] > order) {
				order *= (uint64_t)arg[0];
				continue;
			}
			fail_at(c, n, D_LLQUANT_HMAGVAL, "llquantize( ) factor (%d) raised to power of high magnitude "
				"(%d) plus 1 overflows 64-bits", (int)arg[0], (int)arg[2]);
		}
		static const enum dtag match_tag[] = { D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHLMAG,
						       D_LLQUANT_MATCHHMAG, D_LLQUANT_MATCHSTEPS };
		if (a->nargs)
			for (int k = 0; k < 4; k++)
				if (a->arg[k] != arg[k])
					fail_at(c, n, match_tag[k], "llquantize( ) %s (argument #%d) doesn't match "
						"previous declaration: expected %d, found %d", what[k],
						k + 1, (int)a->arg[k], (int)arg[k]);
		nargs = 4;
	} else if (f == AGG_QUANTIZE) {
		incr = call->args->next;
	}
	if (incr) {
		int argmax = max_args[f];
		if (!is_scalar(incr->type))
			fail_at(c, n, D_PROTO_ARG, "%s( ) increment value (argument #%d) must be of scalar type",
				agg_funcs[f], argmax);
		if (incr->next)
			fail_at(c, incr, D_PROTO_LEN, "%s( ) prototype mismatch: %d args passed, at most %d "
				"expected", agg_funcs[f], argmax + list_len(incr->next), argmax);
	}
	memcpy(a->arg, arg, sizeof(arg));
	a->nargs = nargs;
}

/* @name[keys] = func(args) (dt_node_op2's DT_TOK_ASGN for aggregations, then dt_compile_agg). */
static void check_agg_assign(struct ck *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	struct dck_agg *a = agg_get(c, l);
	l->agg = a;
	if (n->op != DOP_ASSIGN)
		fail_at(c, n, D_AGG_SCALAR, "operator %s may not be applied to an aggregation: @%s",
			dop_text(n->op), a->name);
	agg_keys(c, l, a);
	int f = r->kind == DN_CALL ? agg_func_lookup(r->name) : -1;
	if (f < 0) {
		check_expr(c, r);
		fail_at(c, n, D_AGG_FUNC, "@%s must be assigned the result of an aggregating function",
			a->name);
	}
	if (a->defined && a->func != f)
		fail_at(c, n, D_AGG_REDEF, "aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: "
			"@%s = %s( ) : line %d", a->name, a->name, agg_funcs[f], a->name,
			agg_funcs[a->func], a->line);
	agg_func_args(c, n, r, a, f);
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

/* An aggregation as an argument of printa() & co.: a bare @name. */
static struct dck_agg *agg_arg(struct ck *c, struct dnode *call, struct dnode *arg, int argno)
{
	if (arg->kind != DN_AGG) {
		check_expr(c, arg);
		struct names ns = {0};
		const char *t = nm(&ns, arg->type);
		FAILT(c, call, &ns, agg_arg_tag(call->subr), "%s( ) argument #%d is incompatible with "
		      "prototype:\n\tprototype: aggregation\n\t argument: %s", call->name, argno, t);
	}
	if (arg->args)
		fail_at(c, arg, D_UNKNOWN, "%s( ) argument #%d: an aggregation argument may not be indexed "
			"(@%s[ ])", call->name, argno, arg->name);
	arg->agg = agg_get(c, arg);
	arg->type = named_type(c, "void");
	return arg->agg;
}

static void push_pending(struct ck *c, struct dnode *n)
{
	xgrow(&c->pend, sizeof(*c->pend), &c->cappend, c->npend + 1);
	c->pend[c->npend++] = n;
}

/* The uint64_t second argument of trunc() and normalize() (checked against the prototype, so
 * a non-scalar is D_PROTO_ARG). */
static void agg_scalar_arg(struct ck *c, struct dnode *call, struct dnode *arg)
{
	struct names ns = {0};
	if (arg->kind == DN_AGG)  /* an aggregation as a value: dtrace's dynamic type */
		FAILT(c, call, &ns, D_PROTO_ARG, "%s( ) argument #2 is incompatible with prototype:\n"
		      "\tprototype: uint64_t\n\t argument: <DYN>", call->name);
	check_expr(c, arg);
	if (!is_scalar(arg->type)) {
		const char *t = nm(&ns, arg->type);
		FAILT(c, call, &ns, D_PROTO_ARG, "%s( ) argument #2 is incompatible with prototype:\n"
		      "\tprototype: uint64_t\n\t argument: %s", call->name, t);
	}
}

/* printa, trunc, clear, normalize, denormalize, setopt (dt_cc.c's dt_action_*). */
static void check_agg_action(struct ck *c, struct dnode *n, enum dsubr s)
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
				fail_at(c, n, D_PRINTA_PROTO, "printa( ) prototype mismatch: 1 arg passed, at least 2 "
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
		/* dt_open.c's prototype: void(@, [uint64_t]) */
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
		check_list(c, n->args);
		check_proto(c, n, &subrs[s]);
		int i = 1;
		for (struct dnode *p = n->args; p; p = p->next, i++)
			if (p->kind != DN_STRING)
				fail_at(c, n, D_PROTO_ARG, "setopt( ) argument #%d must be a string constant", i);
		/* an unknown name is dtrace's run-time error ("couldn't set option ..."), reported
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
	if (x->nkeys != y->nkeys)
		fail_at(c, n, D_PRINTA_AGGKEY, "printa( ): @%s and @%s do not have matching key "
			"signatures: @%s has %d key%s, @%s has %d key%s", x->name, y->name, x->name,
			x->nkeys, x->nkeys == 1 ? "" : "s", y->name, y->nkeys, y->nkeys == 1 ? "" : "s");
	for (int k = 0; k < x->nkeys; k++) {
		struct dnode rk = { .kind = DN_IDENT, .type = y->keys[k] };
		if (x->keys[k] == y->keys[k] || argcompat(x->keys[k], &rk))
			continue;
		struct names ns = {0};
		const char *lt = nm(&ns, x->keys[k]), *rt = nm(&ns, y->keys[k]);
		FAILT(c, n, &ns, D_PRINTA_AGGPROTO, "printa( ): @%s[ ] key #%d is incompatible with @%s:\n"
		      "%9s key #%d: %s\n%9s key #%d: %s", y->name, k + 1, x->name, x->name, k + 1, lt,
		      y->name, k + 1, rt);
	}
}

/* At the end of the program: every aggregation used has a function, and printa formats agree
 * with the keys of their first aggregation (dt_printf_validate over the key tuple). */
static void check_aggs_done(struct ck *c)
{
	for (int i = 0; i < c->out->naggs; i++) {
		struct dck_agg *a = c->out->aggs[i];
		if (!a->defined) {
			derr_set_line(c->err, D_IDENT_UNDEF, a->pos.line, "@%s has not yet been declared or "
				      "assigned", a->name);
			c->status = -1;
			longjmp(c->jb, 1);
		}
	}
	for (size_t i = 0; i < c->npend; i++) {
		struct dnode *n = c->pend[i];
		struct dnode *f = n->args;
		/* aggregations printed together must have the same keys */
		struct dnode *first = f->kind == DN_STRING ? f->next : f;
		for (struct dnode *o = first->next; o; o = o->next)
			printa_keys_agree(c, n, first->agg, o->agg);
		if (f->kind != DN_STRING)
			continue;
		struct derr err;
		if (memchr(f->str, '\0', f->slen))
			fail_at(c, n, D_PRINTF_ARG_FMT, "printa( ) format string contains a NUL character");
		struct dfmt *fmt = dfmt_parse(f->str, &err);
		if (!fmt)
			fail_at(c, n, err.tag, "%s", err.msg);
		struct dck_prog *p = c->out;
		p->fmts = xrealloc(p->fmts, sizeof(*p->fmts) * (size_t)(p->nfmts + 1));
		p->fmts[p->nfmts++] = fmt;
		struct dck_agg *a = first->agg;
		struct dfmt_argtype *types = xcalloc((size_t)(a->nkeys ? a->nkeys : 1),
						     sizeof(*types));
		for (int k = 0; k < a->nkeys; k++)
			dck_argtype(p, a->keys[k], &types[k]);
		struct dfmt_argtype aggtype = { DFMT_ARG_INT, 8, true, "int64_t" };
		int rc = dfmt_check(fmt, "printa", types, (size_t)a->nkeys, 2, &aggtype,
				    c->opt->has_target, &err);
		free(types);
		if (rc != 0)
			fail_at(c, n, err.tag, "%s", err.msg);
		n->fmt = fmt;
	}
}

/* --- expressions ---------------------------------------------------------------------------- */

static void check_expr(struct ck *c, struct dnode *n)
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
		fail_at(c, n, D_AGG_MDIM, "aggregation @%s may only be the target of an aggregating assignment "
			"or an argument of an aggregation action", n->name);
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
	case DN_SIZEOF_TYPE: {
		int64_t size = is_string(n->ctype) ? c->opt->strsize :
			       need_body(c, n->ctype) ? dtype_sizeof(n->ctype) : -1;
		if (size <= 0)
			fail_at(c, n, D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size");
		set_int_const(n, named_type(c, "size_t"), (uint64_t)size);
		return;
	}
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
		xlate_args(c, n->lhs);
		if (n->lhs && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF)
			xlate_args(c, n->lhs->lhs);
		if (dxl_is_member(n))
			dxl_member(c->out->xlators, &c->xl, n);
		else
			check_member(c, n);
		return;
	case DN_XLATE:
		dxl_value(c->out->xlators, &c->xl, n);
	case DN_TYPE:
		/* a translator's parameter while its definition is checked (dcheck_xlate.c) */
		n->type = n->ctype;
		return;
	default:
		fail_at(c, n, D_UNKNOWN, "internal error: statement where an expression belongs");
	}
}

/* --- early resolution of variables defined later in the program ------------------------- */

static void site_of(struct ck *c, struct dnode *n, int clause_index, struct dnode *clause)
{
	struct dnode *t = NULL;
	if (n->kind == DN_ASSIGN && n->op == DOP_ASSIGN)
		t = n->lhs;
	else if (n->kind == DN_UNARY && dop_is_incdec(n->op))
		t = n->lhs;
	if (!t)
		return;
	char space;
	const char *name;
	if (t->kind == DN_INDEX)
		t = t->lhs;
	if (t->kind == DN_IDENT)
		space = 'g', name = t->name;
	else if (t->kind == DN_SELF)
		space = 's', name = t->name;
	else if (t->kind == DN_THIS)
		space = 't', name = t->name;
	else
		return;
	xgrow(&c->sites, sizeof(*c->sites), &c->capsites, c->nsites + 1);
	long idx = (long)c->nsites++;
	c->sites[idx] = (struct def_site){ n, clause_index, clause, space, name, false, -1 };
	struct name_ent *e = name_lookup(c, space, name, true);
	c->sites[idx].name = e->name;
	if (e->last_site >= 0)
		c->sites[e->last_site].next_same = idx;
	else
		e->first_site = idx;
	e->last_site = idx;
}

/* Depth is bounded by the parser (DPARSE_MAX_DEPTH). */
static void collect_sites(struct ck *c, struct dnode *n, int ci, struct dnode *clause)
{
	if (!n)
		return;
	site_of(c, n, ci, clause);
	collect_sites(c, n->lhs, ci, clause);
	collect_sites(c, n->rhs, ci, clause);
	collect_sites(c, n->cond, ci, clause);
	collect_sites(c, n->body, ci, clause);
	for (struct dnode *a = n->args; a; a = a->next)
		collect_sites(c, a, ci, clause);
}

static void resolve_later_def(struct ck *c, char space, const char *name)
{
	struct name_ent *e = name_lookup(c, space, name, false);
	for (long i = e ? e->first_site : -1; i >= 0; i = c->sites[i].next_same) {
		struct def_site *s = &c->sites[i];
		if (s->busy)
			continue;  /* a busy site reads the name itself (s = f(s)): try the next */
		/* each level costs stack: a chain of definitions each waiting on a later one is
		 * bounded (dtrace itself would take none of them) */
		if (c->resolving >= DCK_MAX_RESOLVE)
			fail_at(c, s->node, D_UNKNOWN, "definitions depend on later definitions too deeply "
				"(more than %d): %s%s", DCK_MAX_RESOLVE,
				space == 's' ? "self->" : space == 't' ? "this->" : "", name);
		struct dnode *saved_clause = c->clause;
		int saved_index = c->clause_index;
		const struct dck_probe_args *saved_args = c->pargs;
		c->clause = s->clause;
		c->clause_index = s->clause_index;
		c->pargs = c->opt->clause_args ? c->opt->clause_args(c->opt->arg, s->clause_index) : NULL;
		s->busy = true;
		c->resolving++;
		check_expr(c, s->node);
		c->resolving--;
		s->busy = false;
		c->clause = saved_clause;
		c->clause_index = saved_index;
		c->pargs = saved_args;
		if (var_find(c, space, name))
			return;
	}
}

/* --- statements, clauses, declarations ---------------------------------------------------- */

/* An action inside an expression that typed cleanly ((void)printf() in a ?:, say) cannot be
 * compiled: dt_cg.c's D_CG_EXPR. Depth is bounded by the parser. */
static void no_nested_action(struct ck *c, const struct dnode *n)
{
	if (!n)
		return;
	if (n->kind == DN_CALL && dsubr_is_action(n->subr))
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

static void check_stmt(struct ck *c, struct dnode *n)
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
			fail_at(c, e, D_AGG_NULL, "expression has null effect: @%s", e->name);
		c->stmt_call = e->kind == DN_CALL ? e : NULL;
		check_expr(c, e);
		n->type = NULL;
		if (e->kind == DN_CALL && e->subr == DS_NONE) {
			no_nested_action(c, e);   /* count(); alone: dt_cg.c's D_CG_EXPR */
		} else if (e->kind == DN_CALL) {
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
	if (e->kind != DN_CALL)
		return has_destructive(e) ? SA_DESTRUCTIVE : SA_VOID;
	switch (e->subr) {
	case DS_TRACE: case DS_PRINTF: case DS_TRACEMEM: case DS_PRINT:
	case DS_USTACK: case DS_JSTACK: case DS_UADDR: case DS_USYM: case DS_UFUNC: case DS_UMOD:
	case DS_STACK: case DS_SYM: case DS_FUNC: case DS_MOD:
		return SA_DATA;
	case DS_EXIT:
		return SA_EXIT;
	case DS_SPECULATE:
		return SA_SPECULATE;
	case DS_COMMIT:
		return SA_COMMIT;
	case DS_DISCARD:
		return SA_DISCARD;
	default:
		return has_destructive(e) ? SA_DESTRUCTIVE : SA_VOID;
	}
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
		if (a == SA_DESTRUCTIVE || a == SA_DISCARD || a == SA_VOID)
			continue;
		if (commit)
			fail_at(c, at, D_DREC_COMM, "data-recording actions may not follow commit( )");
		if (!speculate)
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

static void check_clause(struct ck *c, struct dnode *cl, int index)
{
	c->clause = cl;
	c->clause_index = index;
	c->pargs = c->opt->clause_args ? c->opt->clause_args(c->opt->arg, index) : NULL;
	c->action = 0;
	if (cl->cond) {
		c->pred = cl->cond;
		c->pred_brace_line = cl->body ? cl->body->pos.line : 0;
		check_expr(c, cl->cond);
		no_nested_action(c, cl->cond);
		c->pred = NULL;
		if (!is_scalar(cl->cond->type)) {
			/* dtrace checks it when the whole clause is read: at its closing '}' */
			struct dnode at = *cl->cond;
			if (cl->body && cl->body->end_line > 0)
				at.pos.line = cl->body->end_line;
			fail_at(c, &at, D_PRED_SCALAR, "predicate result must be of scalar type");
		}
	}
	if (cl->body)
		check_stmt(c, cl->body);
	check_spec_rules(c, cl);
	c->clause = NULL;
	c->pargs = NULL;
}

static void check_inline(struct ck *c, struct dnode *n)
{
	/* dt_node_inline's message: the previous identifier's kind, and "inline" if it was one */
	struct dck_var *pv = var_find(c, 'g', n->name);
	enum dbuiltin pb = builtin_lookup(n->name);
	if (inline_find(c, n->name) || pv || pb != DB_NONE)
		fail_at(c, n, D_DECL_IDRED, "identifier redefined: %s\n\t current: inline definition\n"
			"\tprevious: %s %s", n->name,
			pv ? idkind_name(pv) : pb == DB_ARGS || pb == DB_UREGS ? "associative array" :
			"scalar", inline_find(c, n->name) ? "inline" : "");
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
	check_expr(c, n->lhs);
	if (!argcompat(n->ctype, n->lhs)) {
		struct names ns = {0};
		const char *a = nm(&ns, n->ctype), *b = nm(&ns, n->lhs->type);
		FAILT(c, n, &ns, D_OP_INCOMPAT, "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
		      n->name, a, b);
	}
	xgrow(&c->inl, sizeof(*c->inl), &c->capinl, c->ninl + 1);
	c->inl[c->ninl++] = (struct inline_def){ n->name, n, body };
}

static void check_vardecl(struct ck *c, struct dnode *n)
{
	struct names ns = {0};
	/* dtrace rejects auto/register/static; extern names a kernel symbol, and there are
	 * none to name here */
	if (n->sclass == DSC_EXTERN)
		fail_at(c, n, D_UNKNOWN, "extern variables are not supported by usdtrace: %s", n->name);
	if (n->sclass != DSC_NONE)
		fail_at(c, n, D_DECL_BADCLASS, "specified storage class not appropriate in D");
	if (builtin_lookup(n->name) != DB_NONE && n->storage == DVAR_GLOBAL)
		fail_at(c, n, D_DECL_IDRED, "built-in identifier redeclared: %s", n->name);
	bool assoc = n->args != NULL;
	char space = n->storage == DVAR_SELF ? 's' : n->storage == DVAR_THIS ? 't' : 'g';
	if (assoc && space == 't')
		fail_at(c, n, D_DECL_LOCASSC, "associative arrays may not be declared as local variables: %s", n->name);
	struct dtype *t = n->ctype;
	if (is_record(t) && !dtype_is_complete(t) && c->opt->complete_record)
		c->opt->complete_record(c->opt->arg, -1, dtype_unqual(res(t)));  /* a kernel struct */
	if (is_record(t) && !dtype_is_complete(t)) {
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
		if (v_assoc != assoc || (v->type && !same_type(v->type, t))) {
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

/* --- translators (dcheck_xlate.c) ---------------------------------------------------------- */

static void xl_check_expr(void *ck, struct dnode *n) { check_expr(ck, n); }
static struct dnode *xl_copy(void *ck, const struct dnode *n) { return copy_tree(ck, n); }
static struct dnode *xl_node(void *ck, enum dnode_kind kind, struct dsrcpos pos)
{
	return dnode_new(&((struct ck *)ck)->prog->pool, kind, pos);
}
static void xl_assign_target(void *ck, struct dnode *l, struct dnode *typed_rhs)
{
	check_assign_target(ck, l, typed_rhs);
}
static void xl_fail(void *ck, const struct dnode *at, enum dtag tag, const char *msg)
{
	fail_at(ck, at, tag, "%s", msg);
}

static const struct dxl_ops xl_pure_ops = {
	.compat = compat_type, .assignable = argcompat,
};

static void xl_ops_init(struct ck *c)
{
	c->xl = xl_pure_ops;
	c->xl.ck = c;
	c->xl.check_expr = xl_check_expr;
	c->xl.copy = xl_copy;
	c->xl.node = xl_node;
	c->xl.fail = xl_fail;
	c->xl.assign_target = xl_assign_target;
}

const struct dnode *dck_xlator_lookup(const struct dck_prog *p, struct dtype *in, struct dtype *out)
{
	struct dnode src = { .kind = DN_TYPE, .type = in };
	const struct dxl *x = p->xlators ? dxl_lookup(p->xlators, &xl_pure_ops, &src, out) : NULL;
	return x ? x->def : NULL;
}

bool dck_argcompat(struct dtype *to, struct dtype *from)
{
	struct dnode n = { .kind = DN_TYPE, .type = from };
	return argcompat(to, &n);
}

int dcheck_program(struct dprog *prog, const struct dck_options *opt, struct dck_prog **out,
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
	xl_ops_init(c);
	*out = NULL;
	int rc = 0;
	if (setjmp(c->jb) == 0) {
		int ci = 0;
		for (struct dnode *it = prog->items; it; it = it->next)
			if (it->kind == DN_CLAUSE)
				collect_sites(c, it, ci++, it);
		ci = 0;
		int item = 0;
		for (struct dnode *it = prog->items; it; it = it->next, item++) {
			c->lib_file = item < prog->nlib_items ? it->pos.file : NULL;
			switch (it->kind) {
			case DN_CLAUSE:
				check_clause(c, it, ci++);
				break;
			case DN_INLINE:
				check_inline(c, it);
				break;
			case DN_VARDECL:
				check_vardecl(c, it);
				break;
			case DN_TRANSLATOR:
				dxl_define(c->out->xlators, &c->xl, it);
				break;
			default:
				fail_at(c, it, D_UNKNOWN, "internal error: unexpected item");
			}
		}
		check_aggs_done(c);
		destructive_refuse(c);
		c->out->nclauses = ci;
		*out = c->out;
	} else {
		rc = c->status ? c->status : -1;
		dck_prog_free(c->out);
	}
	free(c->sites);
	free(c->spec.acts);
	for (size_t i = 0; i < c->capnames; i++)
		free(c->names[i].name);
	free(c->names);
	free(c->inl);
	free(c->pend);
	free(c);
	return rc;
}
