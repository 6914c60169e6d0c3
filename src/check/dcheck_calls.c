/* dcheck_calls.c — calls: the table of subroutines and actions with dt_open.c's prototypes,
 * the arity and argument checks against them, printf-style formats (dfmt.h), and the
 * destructive actions refused without -w. */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "dfmt.h"
#include "util.h"

/* --- the subroutine table ----------------------------------------------------------------- */

const struct subr_def subrs[DS_COUNT] = {
	[DS_TRACE] = {"trace", "void", {"@"}, true, false},
	[DS_PRINTF] = {"printf", "void", {"string", "..."}, true, false},
	[DS_TRACEMEM] = {"tracemem", "void", {"@", "size_t", "[size_t]"}, true, false},
	[DS_PRINT] = {"print", "void", {"@"}, true, false},
	[DS_EXIT] = {"exit", "void", {"int"}, true, false},
	[DS_SYSTEM] = {"system", "void", {"@", "..."}, true, true},
	[DS_RAISE] = {"raise", "void", {"int"}, true, true},
	[DS_STOP] = {"stop", "void", {NULL}, true, true},
	[DS_SPECULATE] = {"speculate", "void", {"int"}, true, false},
	[DS_COMMIT] = {"commit", "void", {"int"}, true, false},
	[DS_DISCARD] = {"discard", "void", {"int"}, true, false},
	/* dt_open.c: "stack(...)", "_usymaddr(uintptr_t)" and, for the kernel's sym(), func()
	 * and mod(), "_symaddr(uintptr_t)"; the stack arguments are checked as constants by
	 * check_ustack */
	[DS_USTACK] = {"ustack", "stack", {"[uint32_t]", "[uint32_t]"}, true, false},
	[DS_JSTACK] = {"jstack", "stack", {"[uint32_t]", "[uint32_t]"}, true, false},
	[DS_UADDR] = {"uaddr", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_USYM] = {"usym", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_UFUNC] = {"ufunc", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_UMOD] = {"umod", "_usymaddr", {"uintptr_t"}, true, false},
	[DS_STACK] = {"stack", "stack", {"[uint32_t]"}, true, false},
	[DS_SYM] = {"sym", "_symaddr", {"uintptr_t"}, true, false},
	[DS_FUNC] = {"func", "_symaddr", {"uintptr_t"}, true, false},
	[DS_MOD] = {"mod", "_symaddr", {"uintptr_t"}, true, false},
	[DS_SPECULATION] = {"speculation", "int", {NULL}, false, false},
	[DS_PRINTA] = {"printa", "void", {"@", "..."}, true, false},
	[DS_TRUNC] = {"trunc", "void", {"@", "[int64_t]"}, true, false},
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
	/* dtrace's prototype takes ipaddr_t * (an IPv4 address in network byte order), which its
	 * messages spell as the type it names */
	[DS_INET_NTOA] = {"inet_ntoa", "string", {"unsigned int *"}, false, false},
	/* dt_open.c's prototypes: a Linux dev_t's major and minor numbers; IPv6 text (the
	 * optional constant asks for the strict form: no dotted IPv4 tail); text by address
	 * family (AF_INET, AF_INET6) or link type (ARPHRD_ETHER, ARPHRD_INFINIBAND) */
	[DS_GETMAJOR] = {"getmajor", "uint32_t", {"dev_t"}, false, false},
	[DS_GETMINOR] = {"getminor", "uint32_t", {"dev_t"}, false, false},
	[DS_INET_NTOA6] = {"inet_ntoa6", "string", {"struct in6_addr *", "[int]"}, false, false},
	[DS_INET_NTOP] = {"inet_ntop", "string", {"int", "void *"}, false, false},
	[DS_LINK_NTOP] = {"link_ntop", "string", {"int", "void *"}, false, false},
	[DS_CLEANPATH] = {"cleanpath", "string", {"const char *"}, false, false},
	/* DTrace for Linux's: a kernel struct path's path name */
	[DS_D_PATH] = {"d_path", "string", {"struct path *"}, false, false},
	/* DTrace for Linux's kernel lock subroutines: mutex_owner() is typed as the task it
	 * names (`mutex_owner(m)->pid` compiles in dtrace) */
	[DS_MUTEX_OWNED] = {"mutex_owned", "int", {"struct mutex *"}, false, false},
	[DS_MUTEX_OWNER] = {"mutex_owner", "struct task_struct *", {"struct mutex *"}, false, false},
	[DS_MUTEX_TYPE_ADAPTIVE] = {"mutex_type_adaptive", "int", {"struct mutex *"}, false, false},
	[DS_MUTEX_TYPE_SPIN] = {"mutex_type_spin", "int", {"struct mutex *"}, false, false},
	[DS_RW_ISWRITER] = {"rw_iswriter", "int", {"rwlock_t *"}, false, false},
	[DS_RW_READ_HELD] = {"rw_read_held", "int", {"rwlock_t *"}, false, false},
	[DS_RW_WRITE_HELD] = {"rw_write_held", "int", {"rwlock_t *"}, false, false},
	/* the tracer's own, for psinfo_t's translator: the argument strings between two user
	 * addresses of the current process (its mm's arg_start, arg_end) joined by spaces, as
	 * much as fits pr_psargs[80] */
	[DS_PSARGS] = {"__usdtrace_psargs", "string", {"uintptr_t", "uintptr_t"}, false, false},
	[DS_FREOPEN] = {"freopen", "void", {"@", "..."}, true, true},
	[DS_FTRUNCATE] = {"ftruncate", "void", {NULL}, true, false},
	/* DTrace for Linux's: a struct sk_buff *'s linear data and the pcap link type (DLT_*) to
	 * file it under */
	[DS_PCAP] = {"pcap", "void", {"void *", "int"}, true, false},
};

/* DTrace for Linux's refusal of a kernel destructive action (panic(), chill()...), in its
 * words, which its code generator gives (gen_check_deferred). */
static void refuse_kernel_destructive(struct ck *c, struct dnode *n, const void *arg)
{
	(void)arg;
	fail_cg(c, n, D_UNKNOWN, "%s() is not implemented (yet)", n->name);
}

/* dtrace functions usdtrace does not implement: calls are checked against dt_open.c's
 * prototypes (so a wrong call gets dtrace's D_PROTO_* error), then refused. */
static const struct subr_def kernel_subrs[] = {
	/* destructive actions of the kernel (DTrace for Linux's code generator refuses them as
	 * not implemented, after their prototypes have been checked) */
	{"breakpoint", "void", {NULL}, true, true},
	{"chill", "void", {"int"}, true, true},
	{"panic", "void", {NULL}, true, true},
	/* Solaris STREAMS and device-tree functions dt_open.c keeps */
	{"msgdsize", "size_t", {"mblk_t *"}, false, false},
	{"msgsize", "size_t", {"mblk_t *"}, false, false},
	{"ddi_pathname", "string", {"void *", "int64_t"}, false, false},
};

bool kernel_action(const char *name)
{
	for (size_t i = 0; i < sizeof(kernel_subrs) / sizeof(kernel_subrs[0]); i++)
		if (kernel_subrs[i].destructive && strcmp(kernel_subrs[i].name, name) == 0)
			return true;
	return false;
}

bool kernel_subr(const char *name)
{
	for (size_t i = 0; i < sizeof(kernel_subrs) / sizeof(kernel_subrs[0]); i++)
		if (strcmp(kernel_subrs[i].name, name) == 0)
			return true;
	return false;
}

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

enum dsubr subr_lookup(const char *name)
{
	for (int s = DS_NONE + 1; s < DS_COUNT; s++)
		if (strcmp(subrs[s].name, name) == 0)
			return (enum dsubr)s;
	return DS_NONE;
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

void destructive_refuse(struct ck *c)
{
	if (!c->destructive_used)
		return;
	derr_set(c->err, DTAG_NONE, "could not enable tracing: Destructive actions not allowed");
	derr_set_kind(c->err, DERR_ENABLE);
	c->status = -2;
	longjmp(c->jb, 1);
}

_Noreturn void proto_len_fail(struct ck *c, const struct dnode *n, const char *name,
				      int argc, const char *bound, int want)
{
	fail_at(c, n, D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected", name, argc,
		argc == 1 ? " " : "s ", bound, want);
}

/* May argument a be passed for prototype parameter p? "struct NAME *" names a type we may
 * have no definition of: a pointer to a struct of that tag, a void pointer, or 0 fits it (as
 * for any pointer parameter: dt_node_is_argcompat). So does "NAME_t *" for a kernel typedef
 * (rwlock_t) when the kernel's BTF is not there to define it: a pointer to a typedef of that
 * name. */
static bool param_compat(struct ck *c, const char *p, const struct dnode *a)
{
	size_t len = strlen(p);
	if (strncmp(p, "struct ", 7) != 0 && len > 4 && strcmp(p + len - 4, "_t *") == 0 &&
	    strchr(p, ' ') == p + len - 2) {
		char tname[64];
		snprintf(tname, sizeof(tname), "%.*s", (int)(len - 2), p);
		struct dscope_ent *e = dscope_find(c->tc, tname, DSYM_TYPEDEF, false);
		if (e && e->kind == DSYM_TYPEDEF)   /* the kernel's, from its BTF */
			return argcompat(dtype_ptr(c->tc, e->type), a);
		if (!e) {
			if (a->isconst && is_integer(a->type) && a->cval == 0)
				return true;
			if (!is_pointer(a->type))
				return false;
			struct dtype *b = res(a->type)->base;
			if (is_void(b))
				return true;
			b = dtype_unqual(b);
			return b->kind == DTY_TYPEDEF && b->name && strcmp(b->name, tname) == 0;
		}
	}
	if (strncmp(p, "struct ", 7) == 0 && len > 9 && strcmp(p + len - 2, " *") == 0) {
		if (a->isconst && is_integer(a->type) && a->cval == 0)
			return true;
		if (!is_pointer(a->type))
			return false;
		struct dtype *b = res(res(a->type)->base);
		if (b->kind == DTY_VOID)
			return true;
		b = dtype_unqual(b);
		return b->kind == DTY_STRUCT && b->name && strlen(b->name) == len - 9 &&
		       strncmp(b->name, p + 7, len - 9) == 0;
	}
	return argcompat(named_type(c, p), a);
}

static bool bare_agg(const struct dnode *a)
{
	return a->kind == DN_AGG && !a->args && !a->type;
}

/* The arguments of a call, as dtrace cooks them before the prototype check: an aggregation
 * named bare is a value of dynamic type there, left for check_proto (which names it
 * "aggregation") and then for check_bare_aggs; one no statement above defines is not
 * resolved at all ("failed to resolve @a", whatever the call). */
static void check_args(struct ck *c, struct dnode *l)
{
	for (; l; l = l->next)
		if (!bare_agg(l))
			check_expr(c, l);
		else
			(void)dck_agg_value_type(c, l);
}

static void check_bare_aggs(struct ck *c, struct dnode *l)
{
	for (; l; l = l->next)
		if (bare_agg(l))
			check_expr(c, l);
}

/* Whether t is a struct vfsmount * (d_path's second form). */
static bool is_vfsmount_ptr(struct dtype *t)
{
	struct dtype *r = t ? res(t) : NULL;
	if (!r || r->kind != DTY_PTR)
		return false;
	struct dtype *b = res(r->base);
	return b->kind == DTY_STRUCT && b->name && strcmp(b->name, "vfsmount") == 0;
}

/* Arity and argument types against the prototype (dt_idcook_func + dt_idcook_sign). */
void check_proto(struct ck *c, struct dnode *n, const struct subr_def *d)
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
		if (bare_agg(a)) {
			if (strncmp(p, "const ", 6) == 0)
				p += 6;
			fail_at(c, n, D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n"
				"\tprototype: %s\n\t argument: aggregation", d->name, i + 1, p);
		}
		/* translated data (strlen(curpsinfo)) is of dtrace's dynamic type, which no
		 * typed parameter takes, void * neither */
		if (i < 32 && (c->xlate_args & (1u << i))) {
			if (strncmp(p, "const ", 6) == 0)
				p += 6;
			fail_at(c, n, D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n"
				"\tprototype: %s\n\t argument: %s", d->name, i + 1, p, c->xlate_args_ptr ?
				"pointer to translated data" : "translated data");
		}
		if (d == &subrs[DS_D_PATH] && is_vfsmount_ptr(a->type))
			continue;  /* d_path(mnt): where the mount is mounted (cg_kpath.c) */
		if (!param_compat(c, p, a)) {
			struct names ns = {0};
			const char *b = nm(&ns, a->type);
			/* dtrace's D compiler drops qualifiers: "const char *" reads "char *" */
			if (strncmp(p, "const ", 6) == 0)
				p += 6;
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
	if (t->kind == DTY_TYPEDEF && t->name && strcmp(t->name, "_symaddr") == 0)
		return DFMT_ARG_SYMADDR;   /* %a's, not %A's (dt_printf.c's checks) */
	if (is_integer(t))
		return DFMT_ARG_INT;
	if (r->kind == DTY_STRING || (r->kind == DTY_ARRAY && is_char(r->base)))
		return DFMT_ARG_STRING;
	/* dtrace's wchar_t []: any array of a 4-byte integer (an unsigned int [3] passes) */
	if (r->kind == DTY_ARRAY && is_integer(r->base) && res(r->base)->size == 4)
		return DFMT_ARG_WSTR;
	if (r->kind == DTY_PTR)
		return DFMT_ARG_PTR;
	if (is_float(t))
		return DFMT_ARG_FLOAT;
	return DFMT_ARG_OTHER;
}

/* The C integer type t resolves to, and whether a typedef named int64_t/uint64_t is on the way
 * there: what %hx, %lx and %llx check (dfmt.h). Kernel types count by what they are ("long
 * unsigned int" is an unsigned long), where dtrace compares the spelling and so turns a
 * kernel unsigned long away from %lx; the Guide's size prefixes name the C type. */
static void arg_irank(struct dtype *t, struct dfmt_argtype *out)
{
	out->irank = DFMT_IR_OTHER;
	out->int64_name = false;
	if (!is_integer(t))
		return;
	for (struct dtype *u = t; u; u = u->origin ? u->origin : u->kind == DTY_TYPEDEF ? u->base : NULL)
		if (u->kind == DTY_TYPEDEF && u->name &&
		    (strcmp(u->name, "int64_t") == 0 || strcmp(u->name, "uint64_t") == 0))
			out->int64_name = true;
	switch (res(t)->kind) {
	case DTY_SHORT: out->irank = DFMT_IR_SHORT; break;
	case DTY_LONG: out->irank = DFMT_IR_LONG; break;
	case DTY_LLONG: out->irank = DFMT_IR_LLONG; break;
	default: break;
	}
}

void dck_argtype(struct dck_prog *p, struct dtype *t, struct dfmt_argtype *out)
{
	struct dtype *r = res(t);
	out->cls = arg_class(t);
	arg_irank(t, out);
	if (r->kind == DTY_STRING)
		out->size = (unsigned)p->strsize;
	else
		out->size = r->size > 0 ? (unsigned)r->size : 0;
	out->is_signed = is_integer(t) && !type_unsigned(t);
	out->is_enum = r->kind == DTY_ENUM;
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

struct dfmt *format_parse(struct ck *c, const struct dnode *n, const struct dnode *f)
{
	struct derr err;
	/* a NUL ends the format, as it ends dtrace's C string: printf("%d\0%d", 1) prints 1
	 * and printf("\0x") has an empty format (observed) */
	struct dfmt *fmt = dfmt_parse(f->str, &err);
	if (!fmt) {
		c->fmt_region = true;
		fail_at(c, n, err.tag, "%s", err.msg);
	}
	struct dck_prog *p = c->out;
	p->fmts = xrealloc(p->fmts, sizeof(*p->fmts) * (size_t)(p->nfmts + 1));
	p->fmts[p->nfmts++] = fmt;
	return fmt;
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
	struct dfmt *fmt = format_parse(c, n, f);
	struct dck_prog *p = c->out;
	struct derr err;
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
	if (rc != 0) {
		c->fmt_region = true;
		fail_at(c, n, err.tag, "%s", err.msg);
	}
	n->fmt = fmt;
}

/* printf() arguments that are pointers to translated data (curpsinfo), before they are
 * checked: dtrace checks each conversion against that dynamic type, "pointer to translated
 * data", and refuses an integer conversion as it refuses any other pointer there. One a
 * pointer conversion accepts goes on to the ordinary checks. */
static void printf_xlate_args(struct ck *c, struct dnode *n, const struct subr_def *d)
{
	struct dnode *f = n->args;
	bool ptr, any = false;
	if (!f || f->kind != DN_STRING)
		return;
	for (struct dnode *a = f->next; a; a = a->next)
		any |= xlate_value(c, a, &ptr) && ptr;
	if (!any)
		return;
	struct dfmt *fmt = format_parse(c, n, f);
	size_t nargs = (size_t)list_len(f->next), i = 0;
	struct dfmt_argtype *types = xcalloc(nargs ? nargs : 1, sizeof(*types));
	for (struct dnode *a = f->next; a; a = a->next, i++) {
		/* the others as any pointer: only the translated ones are judged here */
		types[i] = (struct dfmt_argtype){ .cls = DFMT_ARG_PTR, .size = 8, .name = "void *" };
		if (xlate_value(c, a, &ptr) && ptr)
			types[i].name = "pointer to translated data";
	}
	struct derr err;
	int rc = dfmt_check(fmt, d->name, types, nargs, 2, NULL, c->opt->has_target, &err);
	free(types);
	if (rc != 0 && strstr(err.msg, "pointer to translated data")) {
		c->fmt_region = true;
		fail_at(c, n, err.tag, "%s", err.msg);
	}
}

/* trace() as dtrace compiles the action: a void value (trace(exit(0))) or a dynamic one (an
 * aggregating function's, @a) has nothing to record (dt_cg.c's D_TRACE_VOID, D_TRACE_DYN). */
static void check_trace_cb(struct ck *c, struct dnode *call, const void *unused)
{
	(void)unused;
	struct dnode *a = call->args;
	/* an aggregation named as the value of trace()'s "@" parameter, or an aggregating
	 * function's value, is dynamic (its type here is void-like, which dtrace's is not) */
	bool dyn = bare_agg(a) || dck_is_agg_value(c, a->type) || is_aggfunc_value(a->type);
	if (is_void(a->type) && !dyn)
		fail_at(c, a, D_TRACE_VOID, "trace( ) may not be applied to a void expression");
	if (dyn)
		fail_at(c, call, D_TRACE_DYN, "trace( ) may not be applied to a dynamic expression");
}

/* tracemem() as dtrace compiles the action: an address that is a pointer or an integer (an
 * aggregation is neither), and a size that is a positive integer constant (dt_cg.c's
 * D_TRACEMEM_ADDR, then D_TRACEMEM_SIZE); the dynamic size met its prototype, size_t, when
 * the call was cooked. */
static void check_tracemem_cb(struct ck *c, struct dnode *call, const void *unused)
{
	(void)unused;
	struct dnode *a = call->args, *sz = a->next;
	if (bare_agg(a) || (!is_integer(a->type) && !is_pointer(a->type))) {
		struct names ns = {0};
		const char *b = bare_agg(a) ? "aggregation" : nm(&ns, a->type);
		c->cg_time = true;   /* no "in action list:" region */
		FAILT(c, a, &ns, D_TRACEMEM_ADDR, "tracemem( ) argument #1 is incompatible with prototype:\n"
		      "\tprototype: pointer or integer\n\t argument: %s", b);
	}
	if (!sz->isconst || sz->cval == 0 || (!type_unsigned(sz->type) && sz->cval < 0))
		fail_at(c, sz, D_TRACEMEM_SIZE, "tracemem( ) argument #2 must be a non-zero positive integral "
			"constant expression");
}

/* (for gen_check_deferred) */
static void check_print(struct ck *c, struct dnode *call, struct dnode *a);
static void check_print_cb(struct ck *c, struct dnode *n, const void *unused)
{
	(void)unused;
	check_print(c, n, n->args);
}

static void check_printf_cb(struct ck *c, struct dnode *n, const void *d)
{
	check_printf(c, n, d);
}

static void printf_xlate_args_cb(struct ck *c, struct dnode *n, const void *d)
{
	printf_xlate_args(c, n, d);
}

/* print(): its prototype is void print(void *addr) (DTrace for Linux's dt_open.c, and Oracle's
 * DTrace for Linux documentation: "prints information about the variable at the specified
 * address"). The argument is held to that prototype when the call is cooked, wherever it
 * stands (exit(print(1)) fails on print's argument, not exit's), so before a later
 * statement's errors: an aggregation, a stack, void, a struct or a non-zero integer is
 * dtrace's prototype mismatch. A pointer, a string, an array and the constant 0 (a null
 * pointer, which the prototype takes) go on to check_print when the action is compiled. */
static void check_print_proto(struct ck *c, struct dnode *a)
{
	const char *what = NULL;
	if (dck_is_agg_value(c, a->type))  /* @a[k]: a dynamic value, not void * (dt_open.c) */
		what = "aggregation";
	else if (is_stack_type(a->type))   /* D's stack type is not void * either */
		what = "stack";
	if (what)
		fail_at(c, a, D_PROTO_ARG, "print( ) argument #1 is incompatible with prototype:\n"
			"\tprototype: void *\n\t argument: %s", what);
	bool null_ptr = a->isconst && is_integer(a->type) && a->cval == 0;
	if (is_string(a->type) || null_ptr)
		return;
	int kind = res(a->type)->kind;
	if (kind != DTY_ARRAY && kind != DTY_PTR) {
		struct names ns = {0};
		const char *an = nm(&ns, a->type);
		FAILT(c, a, &ns, D_PROTO_ARG, "print( ) argument #1 is incompatible with prototype:\n"
		      "\tprototype: void *\n\t argument: %s", an);
	}
}

/* print() as dtrace compiles the action (after the clause has cooked, gen_check_deferred): a
 * pointer's pointee is printed, so it must have a size (dt_cg.c's D_PRINT_SIZE); a string is
 * printed as the char array at its address (call->ctype becomes char (*)[strsize], the type
 * the record is printed with). An array is taken whole (dtrace fails on one with an internal
 * error, "No such file or directory"). The constant 0 passed the prototype but is no pointer
 * to print (dtrace fails on it with the same internal error): the prototype's words. */
static void check_print(struct ck *c, struct dnode *call, struct dnode *a)
{
	if (is_string(a->type)) {
		struct dtype *chr = named_type(c, "char");
		call->ctype = dtype_ptr(c->tc, dtype_array(c->tc, chr, c->opt->strsize));
		return;
	}
	if (res(a->type)->kind == DTY_ARRAY)
		return;
	if (res(a->type)->kind != DTY_PTR) {
		struct names ns = {0};
		const char *an = nm(&ns, a->type);
		FAILT(c, a, &ns, D_PROTO_ARG, "print( ) argument #1 is incompatible with prototype:\n"
		      "\tprototype: void *\n\t argument: %s", an);
	}
	struct dtype *t = res(a->type)->base;
	/* a kernel struct (print(curthread->mm)) gets its members from the kernel's BTF here; a
	 * void * has nothing to print at its address (print((void *)p) is refused, observed) */
	if (t && (is_void(t) || !need_body(c, t) || dtype_sizeof(t) <= 0)) {
		struct names ns = {0};
		const char *b = nm(&ns, t);
		FAILT(c, a, &ns, D_PRINT_SIZE, "print( ) argument #1 reference has type '%s' with size 0; "
		      "cannot print( ) it.", b);
	}
}

void check_call(struct ck *c, struct dnode *n)
{
	if (version_hides(c, n->name))  /* a later D version's function */
		fail_at(c, n, D_FUNC_UNDEF, "undefined function name: %s", n->name);
	enum dsubr s = subr_lookup(n->name);
	if (s >= DS_PRINTA && s <= DS_SETOPT) {
		check_agg_action(c, n, s);
		return;
	}
	if (s == DS_NONE && agg_func_lookup(n->name) >= 0) {
		/* outside `@a = f()`, dt_open.c's "void(...)" prototype makes it a void value;
		 * used for itself, dt_cg.c refuses it (no_nested_action, check_stmt); its
		 * arguments are counted against that prototype as it is cooked, before the
		 * expression round it (dtrace: `x = 1 + avg(1, 2)` is avg's prototype mismatch) */
		check_list(c, n->args);
		agg_func_arity(c, n, agg_func_lookup(n->name));
		n->type = named_type(c, DCK_AGGFUNC_TYPE);
		return;
	}
	if (s == DS_NONE) {
		for (size_t i = 0; i < sizeof(kernel_subrs) / sizeof(kernel_subrs[0]); i++) {
			if (strcmp(kernel_subrs[i].name, n->name) != 0)
				continue;
			/* Solaris's STREAMS type: dt_open.c keeps the functions, but cooking any
			 * call fails on the prototype's type name, which Linux has not */
			if (strcmp(n->name, "msgsize") == 0 || strcmp(n->name, "msgdsize") == 0)
				fail_at(c, n, D_UNKNOWN, "failed to resolve type of %s arg#1 (mblk_t *): "
					"Unknown type name", n->name);
			/* dtrace checks the call against the prototype first */
			check_args(c, n->args);
			check_proto(c, n, &kernel_subrs[i]);
			check_bare_aggs(c, n->args);
			if (kernel_subrs[i].destructive && n != c->stmt_call) {
				/* an action used as a value: dtrace cooks the expression round it
				 * first, and its void type fails there ("void" = "void", trace( ) of a
				 * void expression), or the action in an expression is D_CG_EXPR
				 * (no_nested_action) before the refusal below is reached */
				n->type = named_type(c, "void");
				return;
			}
			struct dnode *a = n->args;
			if (strcmp(n->name, "stack") == 0 && a &&
			    (!a->isconst || !is_integer(a->type) || a->cval <= 0))
				fail_at(c, a, D_STACK_SIZE, "stack( ) argument #1 must be a non-zero positive "
					"integer constant");
			/* the kernel's destructive actions: DTrace for Linux's own refusal, in its
			 * words; the rest read kernel objects, which usdtrace does not trace */
			if (kernel_subrs[i].destructive) {
				/* refused as dtrace's code generator refuses it: held until the
				 * clause is cooked and the speculation rules before it applied */
				gen_check_deferred(c, n, NULL, refuse_kernel_destructive);
				n->type = named_type(c, "void");
				return;
			}
			if (strcmp(n->name, "ddi_pathname") == 0)   /* dt_cg.c's words */
				fail_cg(c, n, D_FUNC_UNDEF, "unimplemented subroutine: %s", n->name);
			fail_cg(c, n, D_UNKNOWN, "%s( ) is not supported by usdtrace", n->name);
		}
		/* dtrace's kind of a built-in name (dt_idkind_name): args[] and uregs[] are
		 * arrays, self and this pointers, the rest scalars */
		if (strcmp(n->name, "args") == 0 || strcmp(n->name, "uregs") == 0)
			fail_at(c, n, D_FUNC_IDKIND, "associative array '%s' may not be referenced as a "
				"function", n->name);
		if (strcmp(n->name, "self") == 0 || strcmp(n->name, "this") == 0)
			fail_at(c, n, D_FUNC_IDKIND, "pointer '%s' may not be referenced as a function",
				n->name);
		if (builtin_lookup(n->name) != DB_NONE)
			fail_at(c, n, D_FUNC_IDKIND, "scalar '%s' may not be referenced as a function", n->name);
		/* an inline is an identifier of its declared type, called as if it were a
		 * function (dtrace -n 'inline int x = 1; BEGIN { trace(x()); }') */
		if (inline_find(c, n->name))
			fail_at(c, n, D_FUNC_IDENT, "function designator is not of function type");
		/* dtrace names the callee as it parses (dt_node_func): only a variable declared
		 * by then is known; one made by an assignment is not, and so undefined */
		struct dck_var *v = var_find(c, 'g', n->name);
		if (v && v->declared)
			fail_at(c, n, D_FUNC_IDKIND, "%s '%s' may not be referenced as a function", idkind_name(v),
				n->name);
		fail_at(c, n, D_FUNC_UNDEF, "undefined function name: %s", n->name);
	}
	const struct subr_def *d = &subrs[s];
	n->subr = s;
	bool xptr = false;
	if ((s == DS_TRACE || s == DS_PRINT) && n->args && xlate_value(c, n->args, &xptr)) {
		/* dtrace cooks the argument first: an xlate no translator makes is refused as
		 * such (trace(xlate <int> (p)): cannot translate from "struct i *" to "int") */
		struct dnode *a = n->args;
		if (a->kind == DN_UNARY && a->op == DOP_DEREF)
			a = a->lhs;
		if (a->kind == DN_XLATE)
			dxl_resolve(c, a);
	}
	if (s == DS_TRACE && n->args && xlate_value(c, n->args, &xptr))
		/* translated data is of dtrace's dynamic type */
		fail_at(c, n, D_TRACE_DYN, "trace( ) may not be applied to a dynamic expression");
	if (s == DS_PRINT && n->args && xlate_value(c, n->args, &xptr))
		/* dtrace's prototype check meets the translation's dynamic type */
		fail_at(c, n->args, D_PROTO_ARG, "print( ) argument #1 is incompatible with "
			"prototype:\n\tprototype: void *\n\t argument: %s",
			xptr ? "pointer to translated data" : "translated data");
	if (s == DS_PRINTF && n == c->stmt_call)
		gen_check_deferred(c, n, d, printf_xlate_args_cb);
	unsigned xargs = 0;
	int i = 0;
	for (struct dnode *a = n->args; a && i < 32; a = a->next, i++)
		if (xlate_value(c, a, &xptr))
			xargs |= 1u << i;
	check_args(c, n->args);
	/* (set after the arguments, whose own calls set it for themselves) */
	c->xlate_args = xargs;
	c->xlate_args_ptr = xptr;
	check_proto(c, n, d);
	c->xlate_args = 0;
	if (n->args && bare_agg(n->args) && (s == DS_PRINT || s == DS_SYSTEM || s == DS_FREOPEN)) {
		c->cg_time = s != DS_PRINT;   /* dt_cc.c finds a format's when it compiles the action */
		fail_at(c, n, D_PROTO_ARG, "%s( ) argument #1 is incompatible with prototype:\n"
			"\tprototype: %s\n\t argument: aggregation", d->name,
			s == DS_PRINT ? "void *" : "string constant");
	}
	check_bare_aggs(c, n->args);
	destructive_check(c, n, s);
	switch (s) {
	case DS_PRINTF:
	case DS_SYSTEM:
		/* dtrace validates a format when it compiles the action: a printf() nested in an
		 * expression is refused as a value first (its void type, or D_CG_EXPR) */
		if (n == c->stmt_call)
			gen_check_deferred(c, n, d, check_printf_cb);
		break;
	case DS_FREOPEN:
		gen_check_deferred(c, n, d, check_printf_cb);
		break;
	case DS_INET_NTOA6: {
		/* the strict flag picks the code dtrace generates: a constant */
		struct dnode *f = n->args->next;
		if (f && !f->isconst)
			fail_cg(c, f, D_PROTO_ARG, "inet_ntoa6( ) argument #2 must be an integer "
				"constant");
		break;
	}
	case DS_TRACE:
		/* its argument's kind is checked when dtrace compiles the action (dt_cg.c): after
		 * the clause has cooked, and not at all when trace() is used as a value */
		if (n == c->stmt_call)
			gen_check_deferred(c, n, NULL, check_trace_cb);
		break;
	case DS_PRINT:
		/* the prototype now; the rest when dtrace compiles the action, after the clause
		 * has cooked, and never when it is used as a value (exit(print(0)) is exit's void
		 * argument) */
		check_print_proto(c, n->args);
		if (n == c->stmt_call)
			gen_check_deferred(c, n, NULL, check_print_cb);
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
	case DS_TRACEMEM:
		/* address and size are checked when dtrace compiles the action (dt_cg.c) */
		if (n == c->stmt_call)
			gen_check_deferred(c, n, NULL, check_tracemem_cb);
		break;
	default:
		break;
	}
	n->type = named_type(c, d->ret);
}
