/* dcheck_names.c — names: the built-in variables (and the register and fault names D
 * predefines), the table of variable names, inlines and their expansion, and identifiers
 * (check_ident: a variable, a built-in, an inline, an enum constant or a kernel symbol). */
#include "dcheck_impl.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* --- built-in names ----------------------------------------------------------------------- */

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
	[DB_CURTASK] = "__usdtrace_curtask", [DB_LGRP] = "lgrp", [DB_CHIP] = "chip",
	[DB_PSET] = "pset", [DB_IPL] = "ipl",
};

/* The D type of each scalar built-in, as the Guide's table of built-in variables names it
 * (and DTrace for Linux's messages: processorid_t cpu, from its sched.d; epid is uint64_t there,
 * its dt_open.c, where the Guide has uint_t). */
static const char *const builtin_types[DB_COUNT] = {
	[DB_ARG0] = "int64_t", [DB_ARG1] = "int64_t", [DB_ARG2] = "int64_t", [DB_ARG3] = "int64_t",
	[DB_ARG4] = "int64_t", [DB_ARG5] = "int64_t", [DB_ARG6] = "int64_t", [DB_ARG7] = "int64_t",
	[DB_ARG8] = "int64_t", [DB_ARG9] = "int64_t", [DB_CPU] = "processorid_t", [DB_EPID] = "uint64_t",
	[DB_ERRNO] = "int", [DB_EXECNAME] = "string", [DB_GID] = "gid_t", [DB_ID] = "uint_t",
	[DB_PID] = "pid_t", [DB_PPID] = "pid_t", [DB_PROBEFUNC] = "string",
	[DB_PROBEMOD] = "string", [DB_PROBENAME] = "string", [DB_PROBEPROV] = "string",
	[DB_TID] = "id_t", [DB_TIMESTAMP] = "uint64_t", [DB_UID] = "uid_t",
	[DB_UREGS] = "uint64_t", [DB_VTIMESTAMP] = "uint64_t", [DB_WALLTIMESTAMP] = "int64_t",
	[DB_UCALLER] = "uint64_t", [DB_USTACKDEPTH] = "uint32_t", [DB_CALLER] = "uintptr_t",
	[DB_STACKDEPTH] = "uint32_t", [DB_LGRP] = "lgrp_id_t", [DB_CHIP] = "chipid_t",
	[DB_PSET] = "psetid_t", [DB_IPL] = "uint_t",
};

const char *dbuiltin_name(enum dbuiltin b)
{
	if (b <= DB_NONE || b >= DB_COUNT)
		return "?";
	return builtin_names[b];
}

enum dbuiltin builtin_lookup(const char *name)
{
	for (int b = DB_NONE + 1; b < DB_COUNT; b++)
		if (strcmp(builtin_names[b], name) == 0)
			return (enum dbuiltin)b;
	return DB_NONE;
}

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

/* DTrace for Linux's built-in variables we do not provide (kernel state, or not meaningful
 * here). Solaris's zonename, execargs and uregs32 are not among them: DTrace for Linux has no
 * such names, so they are plain unknown names (or a program's own variables). */
static const char *const unsupported_vars[] = {
	"curcpu", "curlwpsinfo", "curpsinfo",
};

bool dck_predefined_ident(const char *name)
{
	int64_t v;
	if (builtin_lookup(name) != DB_NONE || subr_lookup(name) != DS_NONE ||
	    agg_func_lookup(name) >= 0 || builtin_inline(name, &v) || kernel_subr(name))
		return true;
	for (size_t i = 0; i < sizeof(unsupported_vars) / sizeof(unsupported_vars[0]); i++)
		if (strcmp(unsupported_vars[i], name) == 0)
			return true;
	return false;
}

void refuse_callable_as_scalar(struct ck *c, struct dnode *n)
{
	/* dtrace's global identifiers hold its functions: a name of one used as a variable
	 * is that function, refused by its kind (dt_xcook_ident, dt_idkind_name) */
	if (agg_func_lookup(n->name) >= 0)
		fail_at(c, n, D_IDENT_BADREF, "aggregating function '%s' may not be referenced as scalar",
			n->name);
	enum dsubr s = subr_lookup(n->name);
	if (s != DS_NONE)
		fail_at(c, n, D_IDENT_BADREF, "%s '%s' may not be referenced as scalar",
			subrs[s].action ? "tracing function" : "function", n->name);
}

/* dtrace's x86-64 register names for uregs[] (DTrace for Linux's regs.d): indexes 0..20
 * follow struct pt_regs, 21..25 are thread members (R_DS .. R_TRAPNO); the i386 and generic
 * names are aliases. */
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

int dck_ureg_ptregs_offset(int64_t index)
{
	return index >= 0 && index <= 20 ? (int)index * 8 : -1;
}

int dck_ureg_thread_member(int64_t index)
{
	return index >= 21 && index < UREG_SLOTS ? (int)(index - 21) : -1;
}

/* --- variables --------------------------------------------------------------------------- */

const char *space_prefix(enum dck_varclass cls)
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
struct name_ent *name_lookup(struct ck *c, char space, const char *name, bool add)
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
	c->names[j] = (struct name_ent){ space, xstrdup(name), NULL };
	c->nnames++;
	return &c->names[j];
}

struct dck_var *var_find(struct ck *c, char space, const char *name)
{
	struct name_ent *e = name_lookup(c, space, name, false);
	if (e && e->var && space == 'g' && bound_hides(c, name, NULL))
		return NULL;  /* a library's variable bound to a later version */
	return e ? e->var : NULL;
}

struct dck_var *var_new(struct ck *c, enum dck_varclass cls, const char *name,
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

const char *idkind_name(const struct dck_var *v)
{
	return v->nkeys > 0 || v->cls == DCK_ASSOC ? "associative array" : "scalar";
}

/* --- identifiers -------------------------------------------------------------------------- */

struct inline_def *inline_find(struct ck *c, const char *name)
{
	for (size_t i = 0; i < c->ninl; i++)
		if (strcmp(c->inl[i].name, name) == 0)
			return bound_hides(c, name, NULL) ? NULL : &c->inl[i];
	return NULL;
}

struct dnode *copy_tree(struct ck *c, const struct dnode *n)
{
	return dnode_copy_tree(&c->prog->pool, n);
}

bool is_enumconst(struct ck *c, const char *name)
{
	struct dscope_ent *e = dscope_find(c->tc, name, DSYM_ENUMCONST, false);
	return e && e->kind == DSYM_ENUMCONST && !bound_hides(c, name, NULL);
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
void inline_subst(struct ck *c, struct dnode **slot, const struct dnode *prm,
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
void expand_inline_call(struct ck *c, struct dnode *n, const struct inline_def *in)
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
bool expand_xlate_inline(struct ck *c, struct dnode *n)
{
	struct inline_def *in = n->kind == DN_IDENT ? inline_find(c, n->name) : NULL;
	if (!in || in->def->lhs->kind != DN_XLATE)
		return false;
	replace_node(n, copy_tree(c, in->def->lhs));
	return true;
}

/* The translation n names (an xlate, or an inline of one) as xlate_value finds it, or NULL. */
static const struct dnode *xlate_node(struct ck *c, const struct dnode *n)
{
	if (n->kind == DN_UNARY && n->op == DOP_DEREF)
		n = n->lhs;
	if (n->kind == DN_IDENT) {
		/* DTrace for Linux's curcpu is a built-in variable holding a real pointer
		 * (DIF_VAR_CURCPU), not translated data: trace(curcpu) prints the pointer */
		if (strcmp(n->name, "curcpu") == 0)
			return NULL;
		/* not one with parameters named alone (sizeof (fds): dtrace "associative
		 * array 'fds' may not be referenced as scalar") */
		struct inline_def *in = inline_find(c, n->name);
		return in && !in->body && in->def->lhs->kind == DN_XLATE ? in->def->lhs : NULL;
	}
	if (n->kind == DN_INDEX && n->lhs->kind == DN_IDENT) {
		/* an inline of translated data with parameters (fds[0]): sizeof (fds[0]) is
		 * sizeof (fileinfo_t), as dtrace gives it */
		struct inline_def *in = inline_find(c, n->lhs->name);
		return in && in->body && in->def->lhs->kind == DN_XLATE && in->def->lhs->ctype ?
			in->def->lhs : NULL;
	}
	return n->kind == DN_XLATE && n->ctype ? n : NULL;
}

struct dtype *xlate_out_type(struct ck *c, const struct dnode *n)
{
	const struct dnode *x = xlate_node(c, n);
	return x ? x->ctype : NULL;
}

struct dtype *xlate_value_type(struct ck *c, const struct dnode *n)
{
	const struct dnode *x = xlate_node(c, n);
	if (!x)
		return NULL;
	if (!(n->kind == DN_UNARY && n->op == DOP_DEREF))
		return x->ctype;
	return res(x->ctype)->kind == DTY_PTR ? res(x->ctype)->base : x->ctype;
}

bool xlate_value(struct ck *c, const struct dnode *n, bool *ptr)
{
	struct dtype *t = xlate_value_type(c, n);
	if (!t)
		return false;
	*ptr = res(t)->kind == DTY_PTR;
	return true;
}

/* `name[a, ...]` of an inline of translated data with parameters (io.d's fds[fd]: xlate
 * <fileinfo_t> (... fd ...)) becomes the translation with the arguments put for the
 * parameters, as expand_xlate_inline does for one without. Whether n was one. */
bool expand_xlate_inline_call(struct ck *c, struct dnode *n)
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

/* `sym or mod`sym that names no kernel variable: dtrace's symbol lookup fails, in its
 * words for a module it does not know ("Module is no longer loaded": observed with
 * dtrace -n 'BEGIN { trace(ext4`x); }' where ext4 is not a loaded module) and for one it
 * does, the kernel itself included ("Unknown symbol name": `x, vmlinux`x, genunix`x), and
 * for C`x and D`x, dtrace's modules of types (C`pid_t, observed). */
_Noreturn static void unknown_kernel_symbol(struct ck *c, struct dnode *n)
{
	const char *bq = strrchr(n->name, '`');
	char mod[128];
	snprintf(mod, sizeof(mod), "%.*s", (int)(bq - n->name), n->name);
	bool known = !*mod || strcmp(mod, "vmlinux") == 0 || strcmp(mod, "genunix") == 0 ||
		     strcmp(mod, "C") == 0 || strcmp(mod, "D") == 0 ||  /* the type containers */
		     !c->opt->kernel_module || c->opt->kernel_module(c->opt->arg, mod);
	fail_at(c, n, D_IDENT_UNDEF, "failed to resolve %s: %s", n->name,
		known ? "Unknown symbol name" : "Module is no longer loaded");
}

/* Whether inline `in` is one of the library's that stand for DTrace for Linux's built-in
 * variables: assigning to one, or taking its address, is refused as for pid (dtrace -n
 * 'BEGIN { cwd = "x"; }': "operator = can only be applied to a writable variable";
 * 'BEGIN { x = &root; }': "cannot take address of dynamic variable"; 'BEGIN { curpsinfo++; }':
 * "operator ++ can only be applied to a writable variable"). */
static bool is_dt_builtin_inline(const struct inline_def *in)
{
	/* (the library defines them whenever a program names them: a program's own inline of
	 * such a name is a redeclaration, so the name alone tells) */
	static const char *const names[] = { "cwd", "root", "curcpu", "curpsinfo", "curlwpsinfo" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(in->name, names[i]) == 0)
			return true;
	return false;
}

void check_ident(struct ck *c, struct dnode *n)
{
	if (is_self_or_this(n))
		fail_at(c, n, D_IDENT_BADREF, "pointer '%s' may not be referenced as scalar", n->name);
	struct inline_def *in = inline_find(c, n->name);
	if (in && in->body)
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", n->name);
	if (in) {
		/* an inline: a cast to its type over a copy of its (checked) expression */
		char *name = xstrdup(n->name);
		bool dtb = is_dt_builtin_inline(in);
		if (expand_xlate_inline(c, n)) {
			/* a pointer to translated data (curcpu, curpsinfo) is a pointer as any other
			 * when used whole, as dtrace's curcpu is: the translation made in scratch
			 * memory; translated data itself used as a value is dtrace's error */
			if (res(n->ctype)->kind == DTY_PTR) {
				char *tmp = xasprintf("__xlate_%s", name);
				dxl_materialize(c, n, tmp);
				free(tmp);
			} else {
				check_expr(c, n);
			}
			free(name);
			n->dt_builtin = dtb;  /* (after the rewrite, which may replace the node's fields) */
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
		/* dtrace's inline is an lvalue that is not writable and has no address, except
		 * one it folds to an integer constant, a value (dtrace -n 'inline string s = "a";
		 * BEGIN { s = "b"; }': can only be applied to a writable variable; with inline
		 * int x = 1, x = 2: requires modifiable lvalue) */
		/* (a void * one is refused for its unknown size first, as dt_builtin would skip) */
		n->dt_builtin = dtb || (!(n->lhs->isconst && is_integer(n->lhs->type)) &&
					!is_vfptr(n->type));
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
	if (e && e->kind == DSYM_ENUMCONST && !bound_hides(c, n->name, NULL)) {
		struct dtype *et = enum_of(c, n->name, e);
		free(n->name);
		n->name = NULL;
		n->kind = DN_INT;
		n->ival = (uint64_t)e->value;
		set_int_const(n, et, n->ival);
		return;
	}
	enum dbuiltin b = builtin_lookup(n->name);
	if (b != DB_NONE && version_hides(c, n->name))
		b = DB_NONE;  /* a later D version's variable (ucaller below D 1.2): unknown */
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
	refuse_callable_as_scalar(c, n);
	if (!v && strchr(n->name, '`'))
		unknown_kernel_symbol(c, n);
	if (!v) {
		for (size_t i = 0; i < sizeof(unsupported_vars) / sizeof(unsupported_vars[0]); i++)
			if (strcmp(unsupported_vars[i], n->name) == 0)
				fail_at(c, n, D_UNKNOWN, "built-in variable %s is not supported by usdtrace", n->name);
		fail_at(c, n, D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", n->name);
	}
	if (v->cls == DCK_ASSOC)
		fail_at(c, n, D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", v->name);
	if (!v->type)
		fail_at(c, n, D_VAR_UNDEF, "%s has not yet been declared or assigned", v->name);
	n->var = v;
	n->type = v->type;
	v->read = true;
}

void check_selfthis(struct ck *c, struct dnode *n)
{
	char space = n->kind == DN_SELF ? 's' : 't';
	struct dck_var *v = var_find(c, space, n->name);
	if (!v || !v->type || (c->in_inline_def && !v->declared))
		fail_at(c, n, D_VAR_UNDEF, "%s%s has not yet been declared or assigned",
			space == 's' ? "self->" : "this->", n->name);
	/* self->a read without keys when a is a thread-local associative array: dtrace cooks it
	 * as the array's identifier given no keys, and holds that against the array's key list
	 * (dtrace -n 'BEGIN { self->a[1] = 1; trace(self->a); }': a[ ] prototype mismatch: 0
	 * keys passed, 1 expected); a global array's name alone is refused as scalar instead */
	if (v->nkeys > 0)
		fail_at(c, n, D_PROTO_LEN, "%s[ ] prototype mismatch: 0 keys passed, %d expected", v->name,
			v->nkeys);
	n->var = v;
	n->type = v->type;
	v->read = true;
}

bool dck_names_self_assoc(struct ck *c, const struct dnode *n)
{
	if (n->kind != DN_SELF)
		return false;
	const struct dck_var *v = var_find(c, 's', n->name);
	return v && v->nkeys > 0;
}
