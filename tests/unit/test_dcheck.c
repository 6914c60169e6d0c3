/* test_dcheck.c — the type checker over real parsed programs: typed trees, folding,
 * variables, prototypes, printf checks, action numbers, and dtrace's messages. */
#include "derr.h"
#include "t.h"

#include <stdint.h>

#include "dcheck.h"
#include "dfmt.h"
#include "dmacro.h"
#include "dparse.h"
#include "dtype.h"
#include "util.h"

static struct dck_options opts = { .strsize = 256 };

struct checked {
	struct dprog *prog;
	struct dck_prog *ck;
	int rc;
	struct derr e;
	char err[DERR_TEXT_MAX];   /* e as -x errtags prints it */
	char text[DERR_TEXT_MAX];  /* e as printed without -x errtags */
};

static void run(struct checked *r, const char *src)
{
	memset(r, 0, sizeof(*r));
	r->prog = dprog_new();
	if (dparse_script(r->prog, "t.d", src, strlen(src), &r->e) != 0)
		r->rc = 99;  /* a test bug: the program must parse */
	else
		r->rc = dcheck_program(r->prog, &opts, &r->ck, &r->e);
	if (r->rc != 0) {
		derr_format(&r->e, true, r->err, sizeof(r->err));
		derr_format(&r->e, false, r->text, sizeof(r->text));
	}
}

static void done(struct checked *r)
{
	dck_prog_free(r->ck);
	dprog_free(r->prog);
}

/* The typed S-expressions of every item, one per line. */
static char *typed(const char *src)
{
	struct checked r;
	run(&r, src);
	if (r.rc != 0) {
		char *s = xasprintf("ERROR %d: %s", r.rc, r.err);
		done(&r);
		return s;
	}
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	for (struct dnode *it = r.prog->items; it; it = it->next) {
		char *s = dck_sexpr(it);
		if (b.len)
			strbuf_putc(&b, '\n');
		strbuf_puts(&b, s);
		free(s);
	}
	done(&r);
	return strbuf_take(&b);
}

/* The message of a program that must fail, as -x errtags prints it (or without the tag). */
static char *error_of_tagged(const char *src, bool errtags)
{
	struct checked r;
	run(&r, src);
	char *s = r.rc == 0 ? xstrdup("(no error)") : xstrdup(errtags ? r.err : r.text);
	if (r.rc == 99) {
		free(s);
		s = xasprintf("(parse error) %s", r.err);
	}
	done(&r);
	return s;
}

static char *error_of(const char *src)
{
	return error_of_tagged(src, true);
}

#define T_TYPED(src, want) do { char *got_ = typed(src); T_EQ_STR(got_, want); free(got_); } while (0)
#define T_ERR(src, want) do { char *got_ = error_of(src); T_EQ_STR(got_, want); free(got_); } while (0)

/* The type and folded value of one expression, as "TYPE VALUE" or "TYPE" (not constant). */
static char *expr_of(const char *decls, const char *expr)
{
	char *src = xasprintf("%s\nBEGIN { %s; }", decls, expr);
	struct checked r;
	run(&r, src);
	free(src);
	char *s;
	if (r.rc != 0) {
		s = xasprintf("ERROR: %s", r.err);
	} else {
		struct dnode *cl = r.prog->items;
		while (cl->next)
			cl = cl->next;
		struct dnode *e = cl->body->args->lhs;
		char *t = dtype_spell(e->type, NULL, false);
		s = e->isconst ? xasprintf("%s %lld", t, (long long)e->cval) : xasprintf("%s", t);
		free(t);
	}
	done(&r);
	return s;
}

#define T_EXPR(decls, expr, want) do { char *got_ = expr_of(decls, expr); T_EQ_STR(got_, want); \
	free(got_); } while (0)

T_CASE(literals_and_builtins)
{
	T_TYPED("BEGIN { trace(1); trace(\"a\"); trace(execname); trace(pid); }",
		"(clause (stmt#1 (trace:void 1:int)) (stmt#2 (trace:void \"a\":string)) "
		"(stmt#3 (trace:void execname:string)) (stmt#4 (trace:void pid:pid_t)))");
	T_EXPR("", "4294967295", "long 4294967295");
	T_EXPR("", "0xffffffff", "unsigned int 4294967295");
	T_EXPR("", "1ul", "unsigned long 1");
	T_EXPR("", "'a'", "int 97");
	T_EXPR("", "10LL", "long long 10");
}

T_CASE(every_builtin)
{
	static const char *const want[][2] = {
		/* the Guide's types: processorid_t cpu (an id_t, as DTrace for Linux's sched.d); epid as DTrace
		 * for Linux's dt_open.c declares it */
		{"arg0", "int64_t"}, {"arg9", "int64_t"}, {"cpu", "processorid_t"}, {"epid", "uint64_t"},
		{"chip", "chipid_t"}, {"lgrp", "lgrp_id_t"}, {"pset", "psetid_t"},
		{"errno", "int"}, {"execname", "string"}, {"gid", "gid_t"}, {"id", "uint_t"},
		{"pid", "pid_t"}, {"ppid", "pid_t"}, {"probefunc", "string"},
		{"probemod", "string"}, {"probename", "string"}, {"probeprov", "string"},
		{"tid", "id_t"}, {"timestamp", "uint64_t"}, {"uid", "uid_t"},
		{"vtimestamp", "uint64_t"}, {"walltimestamp", "int64_t"}, {"ucaller", "uint64_t"},
		{"ustackdepth", "uint32_t"}, {"uregs[R_PC]", "uint64_t"}, {"uregs[0]", "uint64_t"},
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		T_EXPR("", want[i][0], want[i][1]);
	for (int b = DB_NONE + 1; b < DB_COUNT; b++)
		T_CHECK(strcmp(dbuiltin_name((enum dbuiltin)b), "?") != 0);
	/* the builtin is recorded on the node */
	struct checked r;
	run(&r, "BEGIN { trace(timestamp); trace(uregs[R_SP]); }");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dnode *s1 = r.prog->items->body->args;
		T_EQ_INT(s1->lhs->args->builtin, DB_TIMESTAMP);
		struct dnode *ix = s1->next->lhs->args;
		T_EQ_INT(ix->builtin, DB_UREGS);
		T_EQ_INT(ix->args->cval, 19);   /* R_SP is R_RSP in DTrace for Linux */
		T_EQ_INT(dck_ureg_ptregs_offset(ix->args->cval), 152);
	}
	done(&r);
}

T_CASE(ureg_offsets)
{
	/* dtrace's x86-64 numbering against struct pt_regs */
	static const struct { const char *name; int off; } regs[] = {
		{"R_R15", 0}, {"R_RBP", 32}, {"R_RBX", 40}, {"R_RAX", 80}, {"R_RCX", 88},
		{"R_RDX", 96}, {"R_RSI", 104}, {"R_RDI", 112}, {"R_RIP", 128}, {"R_RFL", 144},
		{"R_RSP", 152}, {"R_SS", 160}, {"R_PC", 128}, {"R_SP", 152}, {"R_FP", 32},
		{"R_PS", 144}, {"R_EAX", 80}, {"R_R8", 72}, {"R_R9", 64}, {"R_ERR", 120},
	};
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		char *s = expr_of("", regs[i].name);
		long long idx = atoll(strchr(s, ' ') + 1);
		if (dck_ureg_ptregs_offset(idx) != regs[i].off)
			printf("# %s index %lld\n", regs[i].name, idx);
		T_EQ_INT(dck_ureg_ptregs_offset(idx), regs[i].off);
		free(s);
	}
	T_EQ_INT(dck_ureg_ptregs_offset(-1), -1);
	T_EQ_INT(dck_ureg_ptregs_offset(21), -1);  /* R_DS: not in pt_regs */
	/* 21..25: the thread's ds, es, fsbase, gsbase, trap_nr (DTrace for Linux); no more */
	T_EQ_INT(dck_ureg_thread_member(20), -1);
	T_EQ_INT(dck_ureg_thread_member(21), 0);
	T_EQ_INT(dck_ureg_thread_member(25), 4);
	T_EQ_INT(dck_ureg_thread_member(26), -1);
	T_EQ_INT(dck_ureg_ptregs_offset(25), -1);  /* R_TRAPNO, not i386's R_EBX */
	T_EQ_INT(dck_ureg_ptregs_offset(1000), -1);
}

T_CASE(promotions)
{
	const char *d = "char c; unsigned char uc; short s; unsigned int u; long l; "
			"unsigned long ul; int i; uint64_t q64; int8_t i8; enum e { A, B = 5 } en;";
	/* no promotion to int (the Guide's "Type Conversions": the highest-ranked operand's
	 * type; dtrace's sizeof agrees: 1, 1, 2, 1, 1, 1, 2) */
	T_EXPR(d, "c + c", "char");
	T_EXPR(d, "uc + uc", "unsigned char");
	T_EXPR(d, "s * c", "short");
	T_EXPR(d, "uc - s", "short");
	T_EXPR(d, "c ? uc : c", "unsigned char");
	T_EXPR(d, "u + l", "long");
	T_EXPR(d, "u + i", "unsigned int");
	T_EXPR(d, "l + ul", "unsigned long");
	T_EXPR(d, "q64 + i", "uint64_t");
	T_EXPR(d, "i8 << 1", "int8_t");
	T_EXPR(d, "l << i", "long");
	T_EXPR(d, "u >> 2", "unsigned int");
	T_EXPR(d, "u < i", "int");
	T_EXPR(d, "-uc", "unsigned char");
	T_EXPR(d, "~u", "unsigned int");
	T_EXPR(d, "!l", "int");
	T_EXPR(d, "i ^^ l", "int");
	T_EXPR(d, "en + 1", "int");
	T_EXPR(d, "c ? u : l", "long");
	T_EXPR(d, "(char)i", "char");
	T_EXPR(d, "i, l", "long");
}

T_CASE(folding)
{
	T_EXPR("", "1 + 2 * 3", "int 7");
	/* D folds in 64 bits and keeps the result uncut (dtrace's dt_node_op2) */
	T_EXPR("", "2147483647 + 1", "int 2147483648");
	T_EXPR("", "0u - 1", "unsigned int -1");             /* all 64 bits; an int record keeps 32 */
	T_EXPR("", "0ul - 1", "unsigned long -1");            /* cval holds the 64 bits */
	T_EXPR("", "-7 / 2", "int -3");
	T_EXPR("", "-7 % 2", "int -1");
	T_EXPR("", "7u / 2", "unsigned int 3");
	T_EXPR("", "-1 < 0u", "int 0");                      /* -1 converts to UINT_MAX */
	T_EXPR("", "-1 < 0", "int 1");
	T_EXPR("", "1 << 4", "int 16");
	T_EXPR("", "-16 >> 2", "int 4611686018427387900");   /* dtrace shifts constants' uintmax_t */
	T_EXPR("", "0x80000000 >> 4", "unsigned int 134217728");
	T_EXPR("", "1 << 31", "int 2147483648");
	T_EXPR("", "(1 << 63) - 1", "int 9223372036854775807");
	T_EXPR("", "(int)(1 << 31)", "int 2147483648");      /* an int cast of an int keeps 64 bits */
	T_EXPR("", "(unsigned int)(1 << 31)", "unsigned int 2147483648"); /* the sign changes: cut */
	T_EXPR("", "(short)(1 << 31)", "short 0");           /* narrower: cut */
	T_EXPR("", "-(unsigned char)1", "unsigned char 255"); /* - of an unsigned constant is cut */
	T_EXPR("", "!(unsigned char)0", "unsigned char 1");  /* ! keeps a constant's type */
	T_EXPR("", "2147483647 + 1 > 0", "int 1");
	T_EXPR("", "(char)300", "char 44");
	T_EXPR("", "(unsigned char)-1", "unsigned char 255");
	T_EXPR("", "(uint16_t)65537", "uint16_t 1");
	T_EXPR("", "(int8_t)200", "int8_t -56");
	T_EXPR("", "~0", "int -1");
	T_EXPR("", "!5", "int 0");
	T_EXPR("", "3 && 0", "int 0");
	T_EXPR("", "3 || 0", "int 1");
	T_EXPR("", "3 ^^ 4", "int 0");
	T_EXPR("", "1 ? 5 : 6", "int 5");
	T_EXPR("", "sizeof (int)", "size_t 4");
	T_EXPR("", "sizeof (long) * 2", "size_t 16");
	T_EXPR("struct s { int a; char b; long c; };", "offsetof(struct s, c)", "int 8");
	T_EXPR("struct s { int a; char b; long c; };", "sizeof (struct s)", "size_t 16");
	T_EXPR("", "sizeof \"abc\"", "size_t 4");
	T_EXPR("", "sizeof (string)", "size_t 256");
	T_EXPR("enum color { RED, GREEN = 10, BLUE };", "BLUE", "enum color 11");
	T_EXPR("enum color { RED, GREEN = 10, BLUE };", "GREEN * 2", "int 20");
	T_EXPR("inline int TEN = 10;", "TEN + 1", "int 11");
	T_EXPR("", "R_RAX", "int 10");
	T_EXPR("", "0x7fffffffffffffff + 1", "long -9223372036854775808");
}

T_CASE(variables_inferred)
{
	struct checked r;
	run(&r, "BEGIN { x = 1; s = \"a\"; self->t = timestamp; this->p = (char *)arg0; "
		"a[1, \"k\"] = 2ul; self->m[pid] = execname; } END { trace(x); }");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dck_prog *p = r.ck;
		T_EQ_INT(p->nvars, 6);
		T_EQ_INT(p->nclass[DCK_GLOBAL], 2);
		T_EQ_INT(p->nclass[DCK_SELF], 2);
		T_EQ_INT(p->nclass[DCK_THIS], 1);
		T_EQ_INT(p->nclass[DCK_ASSOC], 1);
		T_EQ_INT(p->nclauses, 2);
		static const char *const want[][3] = {
			{"x", "int", "0"}, {"s", "string", "1"}, {"t", "uint64_t", "0"},
			{"p", "char *", "0"}, {"a", "unsigned long", "2"}, {"m", "string", "1"},
		};
		for (int i = 0; i < 6 && i < p->nvars; i++) {
			T_EQ_STR(p->vars[i]->name, want[i][0]);
			char *t = dtype_spell(p->vars[i]->type, NULL, false);
			T_EQ_STR(t, want[i][1]);
			free(t);
		}
		T_EQ_INT(p->vars[0]->read, 1);
		T_EQ_INT(p->vars[0]->written, 1);
		T_EQ_INT(p->vars[1]->read, 0);
		T_EQ_INT(p->vars[4]->nkeys, 2);
		char *k0 = dtype_spell(p->vars[4]->keys[0], NULL, false);
		char *k1 = dtype_spell(p->vars[4]->keys[1], NULL, false);
		T_EQ_STR(k0, "int");
		T_EQ_STR(k1, "string");
		free(k0);
		free(k1);
		T_EQ_INT(p->vars[5]->cls, DCK_SELF);
		T_EQ_INT(p->vars[5]->nkeys, 1);
		T_EQ_INT(p->vars[2]->id, 0);
		T_EQ_INT(p->vars[5]->id, 1);
		/* the nodes point at their variables */
		struct dnode *s1 = r.prog->items->body->args;
		T_CHECK(s1->lhs->lhs->var == p->vars[0]);
	}
	done(&r);
}

T_CASE(variables_later_clause_and_decls)
{
	/* read in a clause before the one that assigns: not declared yet, as in dtrace (the
	 * Guide: a variable is created by its first assignment, in program order) */
	T_ERR("tick-1s /self->ts/ { trace(timestamp - self->ts); } BEGIN { self->ts = timestamp; }",
	      "[D_VAR_UNDEF] line 1: self->ts has not yet been declared or assigned");
	T_TYPED("BEGIN { self->ts = timestamp; } tick-1s /self->ts/ { trace(timestamp - self->ts); }",
		"(clause (stmt#1 (=:uint64_t self->ts:uint64_t timestamp:uint64_t)))\n"
		"(clause (pred self->ts:uint64_t) (stmt#1 (trace:void (-:uint64_t timestamp:uint64_t "
		"self->ts:uint64_t))))");
	T_TYPED("int64_t n; BEGIN { n = 1; }",
		"(decl global \"int64_t\" n)\n(clause (stmt#1 (=:int64_t n:int64_t 1:int)))");
	T_TYPED("string names[int]; BEGIN { names[1] = \"one\"; trace(names[1]); }",
		"(decl global \"string\" names [\"int\"])\n"
		"(clause (stmt#1 (=:string ([]:string names 1:int) \"one\":string)) "
		"(stmt#2 (trace:void ([]:string names 1:int))))");
	T_TYPED("BEGIN { x++; y = x; }",
		"(clause (stmt#1 (post++:int64_t x:int64_t)) (stmt#2 (=:int64_t y:int64_t x:int64_t)))");
	T_TYPED("self int depth; BEGIN { self->depth += 2; }",
		"(decl self \"int\" depth)\n(clause (stmt#1 (+=:int self->depth:int 2:int)))");
}

T_CASE(inline_and_enum_rewrites)
{
	struct checked r;
	run(&r, "inline string NAME = \"fred\"; enum e { ZERO, ONE }; "
		"BEGIN { trace(NAME); trace(ONE); }");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dnode *cl = r.prog->items;
		while (cl->kind != DN_CLAUSE)
			cl = cl->next;
		struct dnode *a1 = cl->body->args->lhs->args;
		T_EQ_INT(a1->kind, DN_CAST);
		T_EQ_INT(a1->lhs->kind, DN_STRING);
		T_EQ_STR(a1->lhs->str, "fred");
		struct dnode *a2 = cl->body->args->next->lhs->args;
		T_EQ_INT(a2->kind, DN_INT);
		T_EQ_INT(a2->cval, 1);
		char *t = dtype_spell(a2->type, NULL, false);
		T_EQ_STR(t, "enum e");
		free(t);
	}
	done(&r);
	/* an inline is checked where it is defined, before any clause (dtrace cooks it as it
	 * parses it): a variable only a clause assigns is unknown to it */
	T_ERR("BEGIN { v = 3; } inline int64_t TWICE = v * 2; END { trace(TWICE); }",
	      "[D_IDENT_UNDEF] line 1: failed to resolve v: Unknown variable name");
}

/* A translated member becomes the translator's expression over the xlate's input (cast to the
 * input type where the input's type differs), cast to the member's type; the table answers
 * lookups by input and output type (dck_xlator_lookup). */
T_CASE(translator_rewrites)
{
	T_TYPED("struct in { int a; }; struct out { long b; };\n"
		"translator struct out < struct in *p > { b = p->a + 1; };\n"
		"struct in *v; void *w;\n"
		"BEGIN { trace(xlate<struct out *>(v)->b); trace(xlate<struct out>(w).b); }",
		"(translator \"struct out\" (in \"struct in *\" p) (member b (+ (-> (var p) a) (int 1))))\n"
		"(decl global \"struct in *\" v)\n(decl global \"void *\" w)\n"
		"(clause (stmt#1 (trace:void (cast:long (+:int (->:int v:struct in * a) 1:int)))) "
		"(stmt#2 (trace:void (cast:long (+:int (->:int (cast:struct in * w:void *) a) 1:int)))))");
	/* a whole translated struct assigned: member by member, 0 for what the translator omits */
	T_TYPED("struct in { int a; }; struct out { long b; int z; int u[2]; };\n"
		"translator struct out < struct in *p > { b = p->a; };\n"
		"struct in *v;\n"
		"BEGIN { s = xlate<struct out>(v); }",
		"(translator \"struct out\" (in \"struct in *\" p) (member b (-> (var p) a)))\n"
		"(decl global \"struct in *\" v)\n"
		"(clause (stmt#1 (,:int (=:long (.:long s:struct out b) (cast:long (->:int v:struct in * a))) "
		"(=:int (.:int s:struct out z) 0:int))))");
	struct checked r;
	run(&r, "struct in { int a; }; struct out { long b; }; typedef struct in in_t;\n"
		"translator struct out < struct in *p > { b = p->a; };\n");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dtype_ctx *tc = r.prog->types;
		struct dtype *in = dscope_find(tc, "in", DSYM_TAG, false)->type;
		struct dtype *out = dscope_find(tc, "out", DSYM_TAG, false)->type;
		struct dtype *in_t = dscope_find(tc, "in_t", DSYM_TYPEDEF, false)->type;
		const struct dnode *def = dck_xlator_lookup(r.ck, dtype_ptr(tc, in_t), out);
		T_CHECK(def && def->kind == DN_TRANSLATOR);
		T_CHECK(dck_xlator_lookup(r.ck, dtype_ptr(tc, tc->t_void), dtype_ptr(tc, out)) == def);
		T_CHECK(dck_xlator_lookup(r.ck, in, out) == NULL);
		T_CHECK(dck_xlator_lookup(r.ck, dtype_ptr(tc, in), in) == NULL);
	}
	done(&r);
}

T_CASE(pointers_members_strings)
{
	const char *d = "struct conn { int fd; char name[16]; struct conn *next; "
			"struct { int inner; } in; unsigned flag : 1; }; struct conn *cp; struct conn c1; "
			"int *ip; char *str; void *vp;";
	T_EXPR(d, "cp->fd", "int");
	T_EXPR(d, "cp->next->name", "char [16]");
	/* D programs have no anonymous members (dtrace's grammar); kernel types (BTF) do */
	T_EXPR(d, "c1.in.inner", "int");
	T_EXPR(d, "(*cp).fd", "int");
	T_EXPR(d, "ip + 1", "int *");
	T_EXPR(d, "ip - ip", "ptrdiff_t");
	T_EXPR(d, "ip[3]", "int");
	T_EXPR(d, "*ip", "int");
	T_EXPR(d, "&cp->fd", "int *");
	T_EXPR(d, "cp->name[2]", "char");
	T_EXPR(d, "ip == 0", "int");
	T_EXPR(d, "ip == vp", "int");
	T_EXPR(d, "stringof(ip)", "string");
	T_EXPR(d, "(string)str", "string");
	T_EXPR(d, "str == \"x\"", "int");
	T_EXPR(d, "\"a\" < \"b\"", "int");
	T_EXPR(d, "cp ? \"y\" : \"n\"", "string");
	T_EXPR(d, "(uintptr_t)cp", "uintptr_t");
	T_EXPR(d, "(long)ip", "long");
	T_EXPR(d, "(char *)vp", "char *");
	T_EXPR(d, "copyin(arg0, 8)", "void *");
	/* a bare unsigned is D's type "unsigned" (dtrace's intrinsic of that name) */
	T_EXPR(d, "cp->flag", "unsigned");
	/* char * and char[] stand in for strings */
	T_EXPR(d, "strlen(str)", "size_t");
	T_EXPR(d, "strlen(cp->name)", "size_t");
	T_EXPR(d, "str == execname", "int");
	T_EXPR(d, "cp->name != \"x\"", "int");
	T_EXPR(d, "str ? str : \"none\"", "string");
	T_EXPR(d, "\"abc\"[1]", "char");
	T_EXPR(d, "*execname", "char");
	/* NULL is 0; strings compare with it and with char * / void * (a string is a char array) */
	T_EXPR(d, "NULL", "int 0");
	T_EXPR(d, "strstr(\"ab\", \"c\") == NULL", "int");
	T_EXPR(d, "execname != vp", "int");
	T_EXPR(d, "str == NULL", "int");
	T_EXPR(d, "strtok(NULL, \",\")", "string");
	T_TYPED("BEGIN { this->p = (char *)alloca(8); *(uint64_t *)this->p = 1; }",
		"(clause (stmt#1 (=:char * this->p:char * (cast:char * (alloca:void * 8:int)))) "
		"(stmt#2 (=:uint64_t (*:uint64_t (cast:uint64_t * this->p:char *)) 1:int)))");
}

/* Floating-point values pass through (trace, printf) but D has no arithmetic on them. */
T_CASE(floating_point)
{
	T_TYPED("double d; float f; BEGIN { trace(d); printf(\"%f %e\\n\", d, f); }",
		"(decl global \"double\" d)\n(decl global \"float\" f)\n"
		"(clause (stmt#1 (trace:void d:double)) "
		"(stmt#2 (printf:void \"%f %e\\n\":string d:double f:float)))");
	T_ERR("double d; BEGIN { x = d + 1; }",
	      "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"double\" + \"int\"");
	T_ERR("double d; BEGIN { x = d * 2; }", "[D_OP_ARITH] line 1: operator * requires operands of arithmetic type");
	T_ERR("double d; BEGIN { x = -d; }", "[D_OP_ARITH] line 1: operator - requires an operand of arithmetic type");
	T_ERR("double d; BEGIN { x = (int)d; }", "[D_CAST_INVAL] line 1: invalid cast expression: \"double\" to \"int\"");
	T_ERR("double d; BEGIN { x = d; }", "[D_OP_INCOMPAT] line 1: operands have incompatible types: \"double\" = \"double\"");
	T_ERR("double d; BEGIN /d/ { trace(1); }", "[D_PRED_SCALAR] line 1: predicate result must be of scalar type");
	T_ERR("double d; BEGIN { printf(\"%d\\n\", d); }",
	      "[D_PRINTF_ARG_TYPE] line 1: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	      "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
	      "\t  argument: double");
}

T_CASE(subroutine_prototypes)
{
	T_EXPR("", "copyinstr(arg0)", "string");
	T_EXPR("", "copyinstr(arg0, 10)", "string");
	T_EXPR("", "strlen(execname)", "size_t");
	T_EXPR("", "strjoin(\"a\", execname)", "string");
	T_EXPR("", "substr(\"hello\", 1)", "string");
	T_EXPR("", "substr(\"hello\", 1, 2)", "string");
	T_EXPR("", "index(\"hello\", \"l\")", "int");
	T_EXPR("", "rindex(\"hello\", \"l\", 3)", "int");
	T_EXPR("", "strstr(\"hello\", \"l\")", "string");
	T_EXPR("", "strchr(\"hello\", 'l')", "string");
	T_EXPR("", "strrchr(\"hello\", 'l')", "string");
	T_EXPR("", "strtok(\"a b\", \" \")", "string");
	T_EXPR("", "lltostr(-5)", "string");
	T_EXPR("", "toupper(\"a\")", "string");
	T_EXPR("", "tolower(\"A\")", "string");
	T_EXPR("", "basename(\"/a/b\")", "string");
	T_EXPR("", "dirname(\"/a/b\")", "string");
	T_EXPR("", "htons(1)", "uint16_t");
	T_EXPR("", "htonl(1)", "uint32_t");
	T_EXPR("", "htonll(1)", "uint64_t");
	T_EXPR("", "ntohs(1)", "uint16_t");
	T_EXPR("", "ntohl(1)", "uint32_t");
	T_EXPR("", "ntohll(1)", "uint64_t");
	T_EXPR("", "rand()", "int");
	T_EXPR("", "progenyof(1)", "int");
	T_EXPR("", "alloca(16)", "void *");
	T_TYPED("BEGIN { this->p = alloca(8); bcopy(this->p, this->p, 4); copyinto(arg0, 4, this->p); "
		"tracemem(arg0, 16); exit(0); }",
		"(clause (stmt#1 (=:void * this->p:void * (alloca:void * 8:int))) "
		"(stmt#2 (bcopy:void this->p:void * this->p:void * 4:int)) "
		"(stmt#3 (copyinto:void arg0:int64_t 4:int this->p:void *)) "
		"(stmt#4 (tracemem:void arg0:int64_t 16:int)) (stmt#5 (exit:void 0:int)))");
	for (int s = DS_NONE + 1; s < DS_COUNT; s++)
		T_CHECK(strcmp(dsubr_name((enum dsubr)s), "?") != 0);
	T_CHECK(dsubr_is_action(DS_PRINTF));
	T_CHECK(dsubr_is_action(DS_EXIT));
	T_CHECK(!dsubr_is_action(DS_STRLEN));
	T_CHECK(!dsubr_is_action(DS_COPYIN));
}

T_CASE(destructive)
{
	T_ERR("BEGIN { system(\"ls\"); }", "could not enable tracing: Destructive actions not allowed");
	struct checked r;
	run(&r, "BEGIN { raise(9); }");
	T_EQ_INT(r.rc, -2);
	done(&r);
	opts.destructive = true;
	T_TYPED("BEGIN { system(\"echo %d\", 1); stop(); raise(9); copyoutstr(\"x\", arg0, 2); }",
		"(clause (stmt#1 (system:void \"echo %d\":string 1:int)) (stmt#2 (stop:void)) "
		"(stmt#3 (raise:void 9:int)) (stmt#4 (copyoutstr:void \"x\":string arg0:int64_t 2:int)))");
	opts.destructive = false;
}

T_CASE(printf_checked)
{
	struct checked r;
	run(&r, "BEGIN { printf(\"%d %s %p\\n\", 1, execname, (char *)0); }");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dnode *call = r.prog->items->body->args->lhs;
		T_CHECK(call->fmt != NULL);
		T_EQ_INT(call->subr, DS_PRINTF);
		T_EQ_INT(r.ck->nfmts, 1);
		if (call->fmt)
			T_EQ_INT(call->fmt->nargs, 3);
		/* the printf view of each argument, as dfmt_check saw it */
		struct dfmt_argtype at;
		struct dnode *a = call->args->next;
		dck_argtype(r.ck, a->type, &at);
		T_EQ_INT(at.cls, DFMT_ARG_INT);
		T_EQ_INT(at.size, 4);
		T_EQ_INT(at.is_signed, 1);
		T_EQ_STR(at.name, "int");
		dck_argtype(r.ck, a->next->type, &at);
		T_EQ_INT(at.cls, DFMT_ARG_STRING);
		T_EQ_INT(at.size, 256);
		T_EQ_STR(at.name, "string");
		dck_argtype(r.ck, a->next->next->type, &at);
		T_EQ_INT(at.cls, DFMT_ARG_PTR);
		T_EQ_INT(at.size, 8);
		T_EQ_STR(at.name, "char *");
		dck_argtype(r.ck, r.prog->types->t_uchar, &at);
		T_EQ_INT(at.is_signed, 0);
		T_EQ_INT(at.size, 1);
	}
	done(&r);
	T_ERR("BEGIN { printf(\"%d\\n\", \"str\"); }",
	      "[D_PRINTF_ARG_TYPE] line 1: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	      "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n"
	      "\t  argument: string");
	T_ERR("BEGIN { printf(\"%s %s\\n\", \"a\"); }",
	      "[D_PRINTF_ARG_PROTO] line 1: printf( ) prototype mismatch: conversion #2 (%s) is missing a corresponding "
	      "value argument");
	T_ERR("BEGIN { printf(\"%y\", 1); }", "[D_SYNTAX] line 1: format conversion #1 is undefined: %y");
}

T_CASE(action_numbering)
{
	/* one per statement; printf: one per value argument */
	T_TYPED("BEGIN { x = 1; printf(\"%d %d\\n\", 1, 2); trace(3); printf(\"hi\\n\"); "
		"if (x) { trace(4); } else trace(5); exit(0); }",
		"(clause (stmt#1 (=:int x:int 1:int)) (stmt#2 (printf:void \"%d %d\\n\":string 1:int "
		"2:int)) (stmt#4 (trace:void 3:int)) (stmt#5 (printf:void \"hi\\n\":string)) "
		"(if#6 x:int (block (stmt#7 (trace:void 4:int))) (stmt#8 (trace:void 5:int))) "
		"(stmt#9 (exit:void 0:int)))");
	struct checked r;
	run(&r, "BEGIN { printf(\"%d %d %d\", 1, 2, 3); trace(1); } END { trace(2); }");
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		struct dnode *st = r.prog->items->body->args;
		struct dnode *a = st->lhs->args->next;
		T_EQ_INT(st->action, 1);
		T_EQ_INT(a->action, 1);
		T_EQ_INT(a->next->action, 2);
		T_EQ_INT(a->next->next->action, 3);
		T_EQ_INT(st->next->action, 4);
		T_EQ_INT(r.prog->items->next->body->args->action, 1);  /* per clause */
	}
	done(&r);
}

static const struct dck_probe_args *test_args(void *arg, int clause)
{
	static struct dtype *types[2];
	static struct dck_probe_args pa = { .nargs = 2, .types = types };
	struct dprog *p = arg;
	types[0] = dtype_ptr(p->types, p->types->t_char);
	types[1] = NULL;
	return clause == 0 ? &pa : NULL;
}

T_CASE(args_array)
{
	struct checked r;
	memset(&r, 0, sizeof(r));
	r.prog = dprog_new();
	const char *src = "test:::probe { trace(args[0]); trace(args[1]); } BEGIN { trace(args[0]); }";
	T_EQ_INT(dparse_script(r.prog, "t.d", src, strlen(src), &r.e), 0);
	struct dck_options o = { .strsize = 256, .clause_args = test_args, .arg = r.prog };
	r.rc = dcheck_program(r.prog, &o, &r.ck, &r.e);
	T_EQ_INT(r.rc, -1);
	T_EQ_INT(r.e.tag, D_ARGS_IDX);
	T_EQ_INT(r.e.at, DERR_AT_LINE);
	T_EQ_INT(r.e.line, 1);
	T_EQ_STR(r.e.msg, "index 0 is out of range for :::BEGIN args[ ]");
	done(&r);
	memset(&r, 0, sizeof(r));
	r.prog = dprog_new();
	src = "test:::probe { trace(args[0]); trace(args[1]); trace(args[2]); }";
	T_EQ_INT(dparse_script(r.prog, "t.d", src, strlen(src), &r.e), 0);
	o.arg = r.prog;
	r.rc = dcheck_program(r.prog, &o, &r.ck, &r.e);
	T_EQ_INT(r.e.tag, D_ARGS_IDX);
	T_EQ_STR(r.e.msg, "index 2 is out of range for test:::probe args[ ]");
	done(&r);
	memset(&r, 0, sizeof(r));
	r.prog = dprog_new();
	src = "test:::probe { trace(args[0]); trace(args[1]); }";
	T_EQ_INT(dparse_script(r.prog, "t.d", src, strlen(src), &r.e), 0);
	o.arg = r.prog;
	r.rc = dcheck_program(r.prog, &o, &r.ck, &r.e);
	T_EQ_INT(r.rc, 0);
	if (r.rc == 0) {
		char *s = dck_sexpr(r.prog->items);
		T_EQ_STR(s, "(clause (stmt#1 (trace:void ([]:char * args 0:int))) "
			 "(stmt#2 (trace:void ([]:int64_t args 1:int))))");
		free(s);
		T_EQ_INT(r.prog->items->body->args->lhs->args->builtin, DB_ARGS);
	}
	done(&r);
}

/* Invalid programs and dtrace's exact messages. */
static const char *const invalid[][2] = {
	{"BEGIN { trace(y); }", "line 1: failed to resolve y: Unknown variable name"},
	{"BEGIN { trace(self->y); }", "line 1: self->y has not yet been declared or assigned"},
	{"BEGIN { trace(this->y); }", "line 1: this->y has not yet been declared or assigned"},
	{"BEGIN { trace(a[1]); }", "line 1: a has not yet been declared or assigned"},
	{"BEGIN { x = 1; x = \"s\"; }", "line 1: operands have incompatible types: \"int\" = \"string\""},
	{"BEGIN { s = \"a\"; s = 1; }", "line 1: operands have incompatible types: \"string\" = \"int\""},
	{"BEGIN { a[1] = 1; trace(a[1, 2]); }", "line 1: a[ ] prototype mismatch: 2 keys passed, 1 expected"},
	{"BEGIN { a[1] = 1; trace(a[\"k\"]); }", "line 1: a[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string"},
	{"BEGIN { a[1, 2] = 1; a[3] = 2; }", "line 1: a[ ] prototype mismatch: 1 key passed, 2 expected"},
	{"BEGIN { a[1] = 1; a = 2; }", "line 1: associative array 'a' may not be referenced as scalar"},
	{"BEGIN { x = 1; x[1] = 2; }", "line 1: cannot dereference non-pointer type"},
	{"BEGIN { this->a[1] = 2; }", "line 1: local variables may not be used as associative arrays: a"},
	{"BEGIN { execname = \"x\"; }", "line 1: operator = can only be applied to a writable variable"},
	{"BEGIN { pid++; }", "line 1: operator ++ can only be applied to a writable variable"},
	{"BEGIN { 1 = 2; }", "line 1: operator = requires modifiable lvalue as an operand"},
	/* a divisor folded to 0 while parsing is the parser's error, as dt_node_op2's */
	{"BEGIN { x = 1 / 0; }", "(parse error) [D_DIV_ZERO] line 1: expression contains division by zero"},
	{"BEGIN { x = 5 % (2 - 2); }", "(parse error) [D_DIV_ZERO] line 1: expression contains division by zero"},
	{"BEGIN { x = 1; x /= 0; }", "(parse error) [D_DIV_ZERO] line 1: expression contains division by zero"},
	{"BEGIN { x = \"a\" + 1; y = x * 2; }", "line 1: operator * requires operands of arithmetic type"},
	{"BEGIN { x = \"a\" * 2; }", "line 1: operator * requires operands of arithmetic type"},
	{"BEGIN { x = \"a\" | 2; }", "line 1: operator | requires operands of integral type"},
	{"BEGIN { x = \"a\" << 2; }", "line 1: operator << requires operands of integral type"},
	{"BEGIN { x = -\"a\"; }", "line 1: operator - requires an operand of arithmetic type"},
	{"BEGIN { x = ~\"a\"; }", "line 1: operator ~ requires an operand of integral type"},
	{"BEGIN { x = !\"a\"; }", "line 1: operator ! requires an operand of scalar type"},
	{"BEGIN { x = \"a\" && 1; }", "line 1: operator && requires operands of scalar type"},
	{"BEGIN { x = \"a\" == 1; }", "line 1: operands have incompatible types: \"string\" == \"int\""},
	{"BEGIN { x = \"a\" - \"b\"; }", "line 1: operands have incompatible types: \"string\" - \"string\""},
	{"BEGIN { s = \"a\"; s += \"b\"; }", "line 1: operands have incompatible types: \"string\" += \"string\""},
	{"BEGIN { x = 1; x %= \"a\"; }", "line 1: operator %= requires operands of integral type"},
	{"BEGIN { x = 1; x *= \"a\"; }", "line 1: operator *= requires operands of arithmetic type"},
	{"BEGIN { x = *arg0; }", "line 1: cannot dereference non-pointer type"},
	{"void *vp; BEGIN { x = *vp; }", "line 1: cannot dereference pointer to void"},
	/* a built-in variable is one of dtrace's dynamic variables (dtrace -n 'BEGIN { x = &arg0; }') */
	{"BEGIN { x = &arg0; }", "line 1: cannot take address of dynamic variable"},
	{"BEGIN { y = 1; x = &y; }", "line 1: cannot take address of dynamic variable"},
	{"BEGIN { x = &1; }", "line 1: unacceptable operand for unary & operator"},
	{"BEGIN { x = \"a\"; x++; }", "line 1: operator ++ requires operand of scalar type"},
	{"BEGIN { (1)++; }", "line 1: operator ++ requires modifiable lvalue as an operand"},
	{"void *vp; BEGIN { vp++; }", "line 1: operator ++ requires an operand of known size"},
	{"BEGIN { x = arg0->f; }", "line 1: operator -> must be applied to a pointer"},
	{"int *ip; BEGIN { x = ip->f; }", "line 1: operator -> cannot be applied to pointer to type \"int\"; must be applied to a struct or union pointer"},
	{"BEGIN { x = arg0.f; }", "line 1: operator . cannot be applied to type \"long\"; must be applied to a struct or union"},
	{"struct s { int a; }; struct s *p; BEGIN { x = p->b; }", "line 1: b is not a member of struct s"},
	{"struct fw; struct fw *p; BEGIN { x = p->b; }", "line 1: operator -> cannot be applied to a forward declaration: no struct fw definition is available"},
	{"BEGIN { x = (int)\"a\"; }", "line 1: invalid cast expression: \"string\" to \"int\""},
	{"struct s { int a; }; struct s v; BEGIN { x = (int)v; }", "line 1: invalid cast expression: \"struct s\" to \"int\""},
	{"BEGIN { y = 1; x = y ? \"a\" : 2; }", "line 1: operator ?: operands must have compatible types"},
	{"BEGIN { x = \"a\" ? 1 : 2; }", "line 1: operator ?: expression must be of scalar type"},
	{"BEGIN { y = 1; x = y ? trace(1) : trace(2); }", "line 1: action cannot be used in a conditional context"},
	/* a constant condition selects its branch first (dt_node_op3): x = trace(1) */
	{"BEGIN { x = 1 ? trace(1) : trace(2); }", "line 1: operands have incompatible types: \"void\" = \"void\""},
	{"BEGIN { x = 1; x ? (void)printf(\"y\") : (void)0; }", "line 1: tracing function printf( ) may not be called from a D expression (D program context required)"},
	{"BEGIN { total += 5; }", "line 1: total has not yet been declared or assigned"},
	{"int *ip; BEGIN { x = execname == ip; }", "line 1: operands have incompatible types: \"string\" == \"int *\""},
	{"BEGIN { *(int *)arg0 = 1; }", "line 1: operator = can only be applied to a writable variable"},
	{"BEGIN { trace(1), 2; }", "line 1: operator , operands cannot be actions"},
	{"BEGIN /\"a\"/ { trace(1); }", "line 1: predicate result must be of scalar type"},
	{"BEGIN { foo(1); }", "line 1: undefined function name: foo"},
	{"BEGIN { execname(1); }", "line 1: scalar 'execname' may not be referenced as a function"},
	{"BEGIN { x = 1; x(); }", "line 1: undefined function name: x"},
	{"BEGIN { strlen(); }", "line 1: strlen( ) prototype mismatch: 0 args passed, 1 expected"},
	{"BEGIN { strlen(\"a\", \"b\"); }", "line 1: strlen( ) prototype mismatch: 2 args passed, 1 expected"},
	{"BEGIN { substr(\"a\"); }", "line 1: substr( ) prototype mismatch: 1 arg passed, at least 2 expected"},
	{"BEGIN { substr(\"a\", 1, 2, 3); }", "line 1: substr( ) prototype mismatch: 4 args passed, at most 3 expected"},
	{"BEGIN { printf(); }", "line 1: printf( ) prototype mismatch: 0 args passed, at least 1 expected"},
	{"BEGIN { strlen(1); }", "line 1: strlen( ) argument #1 is incompatible with prototype:\n\tprototype: char *\n\t argument: int"},
	{"char *p; BEGIN { x = copyinstr(p); }", "line 1: copyinstr( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: char *"},
	{"BEGIN { exit(\"a\"); }", "line 1: exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string"},
	{"BEGIN { x = strjoin(\"a\", 1); }", "line 1: strjoin( ) argument #2 is incompatible with prototype:\n\tprototype: char *\n\t argument: int"},
	{"BEGIN { x = lltostr(\"a\"); }", "line 1: lltostr( ) argument #1 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string"},
	{"BEGIN { x = substr(\"a\", 1, \"b\"); }", "line 1: substr( ) argument #3 is incompatible with prototype:\n\tprototype: int\n\t argument: string"},
	{"BEGIN { x = rand(1); }", "line 1: rand( ) prototype mismatch: 1 arg passed, 0 expected"},
	{"BEGIN { s = \"%d\"; printf(s, 1); }", "line 1: printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string"},
	{"BEGIN { printf(1); }", "line 1: printf( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int"},
	{"BEGIN { trace(exit(0)); }", "line 1: trace( ) may not be applied to a void expression"},
	{"BEGIN { trace(1, 2); }", "line 1: trace( ) prototype mismatch: 2 args passed, 1 expected"},
	{"BEGIN { x = trace(1); }", "line 1: operands have incompatible types: \"void\" = \"void\""},
	{"BEGIN { x = printf(\"a\") + 1; }", "line 1: operands have incompatible types: \"void\" + \"int\""},
	{"BEGIN { tracemem(arg0, arg1); }", "line 1: tracemem( ) argument #2 must be a non-zero positive integral constant expression"},
	{"BEGIN { tracemem(arg0, 0); }", "line 1: tracemem( ) argument #2 must be a non-zero positive integral constant expression"},
	{"BEGIN { tracemem(\"a\", 4); }", "line 1: tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: string"},
	{"BEGIN { x = uregs[arg0]; }", "line 1: uregs[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: int64_t"},
	{"BEGIN { x = uregs[-1]; }", "line 1: index -1 is out of range for array uregs"},
	{"BEGIN { x = uregs[1, 2]; }", "line 1: uregs[ ] prototype mismatch: 2 args passed, 1 expected"},
	{"BEGIN { x = args[arg0]; }", "line 1: args[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: int64_t"},
	{"BEGIN { @a = count(); x = @a; }", "line 1: operands have incompatible types: \"scalar\" = \"aggregation\""},
	/* dtrace cooks a compound assignment's left side as an operand: @a is an undeclared variable */
	{"BEGIN { @a += count(); }", "line 1: @a has not yet been declared or assigned"},
	{"BEGIN { @a[1] *= 2; }", "line 1: operator *= requires operands of arithmetic type"},
	{"BEGIN { @a = count(); @a = count(); @b = avg(\"x\"); }", "line 1: avg( ) argument #1 must be of scalar type"},
	{"BEGIN { @a = lquantize(1, 0, 10, 0); }", "line 1: lquantize( ) argument #3 must be a non-zero positive integer constant"},
	{"BEGIN { @a = lquantize(1, 5, 1); }", "line 1: lquantize( ) base (argument #1) must be less than limit (argument #2)"},
	{"BEGIN { @a = lquantize(1, 0, 10, 1, \"x\"); }", "line 1: lquantize( ) increment value (argument #5) must be of scalar type"},
	{"BEGIN { @a = llquantize(1, 1, 0, 2, 10); }", "line 1: llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2"},
	{"BEGIN { @a = llquantize(1, 10, 0, 2, 15); }", "line 1: llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor"},
	{"BEGIN { @a = llquantize(1, 10, 0, 2, 10); @a = llquantize(1, 10, 0, 3, 10); }", "line 1: llquantize() hmag (argument #3) doesn't match previous declaration: expected 2, found 3"},
	{"BEGIN { @a[1] = count(); @b[\"x\"] = count(); printa(@a, @b); }", "line 1: printa( ): @b[ ] key #1 is incompatible with @a:\n        a key #1: int\n        b key #1: string"},
	{"BEGIN { @a = count(); normalize(@a, \"x\"); }", "line 1: normalize( ) argument #2 is incompatible with prototype:\n\tprototype: uint64_t\n\t argument: string"},
	{"BEGIN { printa(@a[1]); } BEGIN { @a = count(); }", "line 1: undefined aggregation: @a"},
	{"BEGIN { clear(@a); } BEGIN { @a = count(); }", "line 1: failed to resolve @a: Unknown variable name"},
	{"BEGIN { printa(@); }", "line 1: failed to resolve @_: Unknown variable name"},
	{"BEGIN { @a = count(); printa(\"%d\", @a); }", "line 1: printa( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument"},
	{"BEGIN { chill(1); }", "line 1: chill() is not implemented (yet)"},
	/* sizeof (void) is sized as the parser builds it (dt_node_op1): a parse error */
	{"BEGIN { x = sizeof (void); }", "(parse error) [D_SIZEOF_TYPE] line 1: cannot apply sizeof to an operand of unknown size"},
	{"struct s { int a : 3; }; struct s v; BEGIN { x = sizeof (v.a); }", "line 1: cannot apply sizeof to a bit-field"},
	{"struct s { int a : 3; }; struct s *p; BEGIN { x = &p->a; }", "line 1: cannot take address of bit-field"},
	{"BEGIN { x = stringof(trace(1)); }", "line 1: cannot apply stringof to a value of type void"},
	{"self int n; self string n; BEGIN { }", "line 1: identifier redeclared: n\n\t current: scalar string\n\tprevious: scalar int"},
	/* a declaration holds for the clauses before it (dtrace acts on it while parsing) */
	{"BEGIN { n = 1; } string n;", "line 1: operands have incompatible types: \"string\" = \"int\""},
	{"this int a[int];", "line 1: associative arrays may not be declared as local variables: a"},
	{"static int n;", "line 1: specified storage class not appropriate in D"},
	{"int pid;", "line 1: built-in identifier redeclared: pid"},
	{"inline int X = \"a\";", "line 1: inline X definition uses incompatible types: \"int\" = \"string\""},
	{"int a[4]; BEGIN { x = a[4]; }", "line 1: index outside array bounds: 4, max is 4"},
	{"int a[4]; BEGIN { a = 1; }", "line 1: operator = may not be applied to operand of type \"int [4]\""},
	{"BEGIN { x = 1; }\nBEGIN {\n  trace(\n  nope); }", "line 4: failed to resolve nope: Unknown variable name"},
	{"BEGIN { if (\"a\") trace(1); }", "line 1: operator && requires operands of scalar type"},
	/* x = creates x before its value is checked (dtrace -n 'BEGIN { x = x + 1; }') */
	{"BEGIN { x = x + 1; }", "line 1: x has not yet been declared or assigned"},
	{"BEGIN { x = 1; x += \"s\"; }", "line 1: operands have incompatible types: \"int\" += \"string\""},
	{"struct s { int a; }; BEGIN { x = offsetof(struct s, b); }", "line 1: failed to determine offset of b: Member name not found."},
	{"BEGIN { x = trace; }", "line 1: tracing function 'trace' may not be referenced as scalar"},
	{"inline int X = 1; inline int X = 2;", "line 1: identifier redefined: X\n\t current: inline definition\n\tprevious: scalar inline"},
	{"inline int pid = 1;", "line 1: identifier redefined: pid\n\t current: inline definition\n\tprevious: scalar "},
	{"BEGIN { x = args; }", "line 1: associative array 'args' may not be referenced as scalar"},
	/* dtrace turns an integer inline into a constant where it is named */
	{"inline int TEN = 10; BEGIN { TEN = 1; } END { TEN = 2; }", "line 1: operator = requires modifiable lvalue as an operand"},
	{"enum e { A }; BEGIN { A = 1; }", "line 1: operator = requires modifiable lvalue as an operand"},
	{"BEGIN { x = strlen; }", "line 1: function 'strlen' may not be referenced as scalar"},
	{"BEGIN { trace(curlwpsinfo); }", "line 1: built-in variable curlwpsinfo is not supported by usdtrace"},
	{"BEGIN { s = \"abc\"; s[0] = 'x'; }", "line 1: operator = can only be applied to a writable variable"},
	{"BEGIN { s = \"abc\"; *s = 'x'; }", "line 1: operator = can only be applied to a writable variable"},
	{"BEGIN { a[trace(1)] = 1; }", "line 1: void expression may not be used as associative array index: key #1"},
	{"BEGIN { printf(\"%d\\n\", 1, 2); }", "line 1: printf( ) prototype mismatch: only 1 arguments required by this format string"},
	/* translators (dcheck_xlate.c) */
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; translator struct out < struct in *q > { };", "line 1: translator from struct in * to struct out has already been declared"},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { c = p->s; };", "line 1: translator member c definition uses incompatible types: \"char\" = \"char *\""},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { d = 1; };", "line 1: translator member d is not a member of struct out"},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct nope < struct in *p > { };", "line 1: incomplete struct/union/enum struct nope"},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; struct in v; BEGIN { trace(xlate<struct out>(v).b); }", "line 1: cannot translate from \"struct in\" to \"struct out\""},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; struct in *v; BEGIN { trace(xlate<struct out>(v).c); }", "line 1: translator does not define conversion for member: c"},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; struct in *v; BEGIN { trace((int)xlate<struct out *>(v)); }", "line 1: invalid cast expression: \"pointer to translated data\" to \"int\""},
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; struct in *v; BEGIN { x = xlate<struct out>(v) + 1; }", "line 1: translated data can only be used through its members in usdtrace: xlate < struct out > ( ... ) must be followed by . and a member name"},
	/* trace( ) of translated data: dtrace's dynamic type */
	{"struct in { int a; char *s; }; struct out { int b; char c; }; translator struct out < struct in *p > { b = p->a; }; struct in *v; BEGIN { trace(xlate<struct out>(v)); }", "line 1: trace( ) may not be applied to a dynamic expression"},
};

T_CASE(invalid_programs)
{
	size_t n = sizeof(invalid) / sizeof(invalid[0]);
	T_CHECK(n >= 50);
	for (size_t i = 0; i < n; i++) {
		char *text = error_of_tagged(invalid[i][0], false);
		if (strcmp(text, invalid[i][1]) != 0)
			printf("# program: %s\n#  got: %s\n# want: %s\n", invalid[i][0], text, invalid[i][1]);
		T_EQ_STR(text, invalid[i][1]);
		free(text);
	}
}

/* Whole programs of the kind people write (the parser corpus' scripts without aggregations). */
T_CASE(realistic_programs)
{
	static const char *const progs[] = {
		"#pragma D option quiet\n"
		"inline int TOP = 10;\n"
		"dtrace:::BEGIN { printf(\"Tracing... Hit Ctrl-C to end.\\n\"); start = timestamp; }\n"
		"pid123::malloc:entry /arg0 >= 16 && (execname == \"postgres\" || pid == 123)/\n"
		"{ self->size = arg0; self->ts = vtimestamp; }\n"
		"pid123::malloc:return /self->ts/\n"
		"{ this->delta = vtimestamp - self->ts; self->ts = 0; self->size = 0; }\n"
		"python123:::function-entry { self->depth++;\n"
		"  printf(\"%*s-> %s:%s:%d\\n\", self->depth * 2, \"\", copyinstr(arg0), copyinstr(arg1), arg2); }\n"
		"postgresql*:::query-start { self->query = copyinstr(arg0); self->qstart[pid, tid] = timestamp; }\n"
		"profile:::tick-1sec /++ticks == TOP/ { exit(0); }\n"
		"syscall::open*:entry, syscall::openat:entry\n"
		"{ printf(\"%s %s\\n\", execname, probefunc == \"openat\" ? copyinstr(arg1) : copyinstr(arg0)); }\n"
		"END { printf(\"%Y elapsed %d ms\\n\", walltimestamp, (timestamp - start) / 1000000); }\n",

		"typedef struct request { int fd; const char *path; struct { long sec, nsec; } when; } request_t;\n"
		"enum state { IDLE, BUSY = 4 };\n"
		"self request_t *req;\n"
		"this string name;\n"
		"string names[int];\n"
		"uint64_t counts[string, int];\n"
		"int hits;\n"
		"pid1:libapp.so:handle_request:entry\n"
		"{ self->req = (request_t *)arg0; this->name = stringof(((request_t *)arg0)->path);\n"
		"  names[pid] = this->name; counts[execname, (int)arg1]++;\n"
		"  hits += sizeof (request_t) + offsetof(request_t, when) + BUSY; }\n"
		"pid1:libapp.so:handle_request:return\n"
		"/self->req && self->req->when.sec > 0 && !(arg1 & 0x80000000u)/\n"
		"{ x = (hits) - 1; y = (int) - 1; z = *(int *)copyin(arg0, sizeof (int)) >> 2;\n"
		"  if (arg1 == 0) trace(probemod); else if (arg1 < 0) { printf(\"error %d\\n\", arg1) } else ;\n"
		"  self->req = 0 }\n",

		"BEGIN { n[\"a\"]++; n[\"b\"]++; m[1] = n[\"a\"] + 1; trace(m[1]); }\n"
		"BEGIN { s = \"\"; this->buf = (char *)alloca(16); *this->buf = 'x'; this->buf[1] = 0;\n"
		"  trace(stringof(this->buf)); }\n"
		"tick-10ms /i++ < 3/ { s = strjoin(s, lltostr(i)); }\n"
		"tick-10ms /i >= 3/ { printf(\"%s %d %d\\n\", s, strlen(s), index(s, \"2\")); exit(0); }\n",
	};
	for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
		char *err = error_of(progs[i]);
		if (strcmp(err, "(no error)") != 0)
			printf("# program %zu: %s\n", i, err);
		T_EQ_STR(err, "(no error)");
		free(err);
	}
	/* the ++ made an int64_t array; an array read before its first assignment in program
	 * order is not declared yet (dtrace) */
	T_TYPED("BEGIN { n[\"a\"]++; trace(n[\"a\"]); }",
		"(clause (stmt#1 (post++:int64_t ([]:int64_t n \"a\":string))) "
		"(stmt#2 (trace:void ([]:int64_t n \"a\":string))))");
	T_ERR("tick-1s { trace(s[1]); } END { s[1] = \"x\"; }",
	      "[D_VAR_UNDEF] line 1: s has not yet been declared or assigned");
	/* a global scalar read before any assignment in source order is undefined (dtrace) */
	T_ERR("tick-1s { trace(s); } END { s = \"x\"; }",
	      "[D_IDENT_UNDEF] line 1: failed to resolve s: Unknown variable name");
	/* extern declares a kernel symbol (taken, as dtrace takes it); none exists here, so a
	 * use is an unknown name, DTrace for Linux's message */
	T_ERR("extern int e; BEGIN { trace(e); }",
	      "[D_IDENT_UNDEF] line 1: failed to resolve e: Unknown variable name");
}

/* Random well-formed expressions over operands of every kind: the checker must answer each
 * with success or a "line N: ..." message, never crash (ASan/UBSan build) or hang. */
static unsigned rng = 12345;
static unsigned next_rand(void)
{
	rng = rng * 1103515245u + 12345u;
	return (rng >> 16) & 0x7fff;
}

static void gen_expr(struct strbuf *b, int depth)
{
	static const char *const leaves[] = {
		"1", "0", "-1", "0xffffffffu", "9223372036854775807", "'c'", "\"str\"", "arg0",
		"execname", "pid", "timestamp", "x", "s", "self->t", "this->l", "a[1]", "cp",
		"cp->fd", "cp->name", "ip", "vp", "uc", "en", "RED", "TEN", "uregs[R_SP]",
		"sizeof (int)", "sizeof (struct conn)", "offsetof(struct conn, next)",
		"strlen(s)", "copyin(arg0, 4)", "rand()", "q64", "i8",
	};
	static const char *const binops[] = {
		"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "^^",
		"==", "!=", "<", "<=", ">", ">=", ",",
	};
	static const char *const unops[] = { "-", "+", "!", "~", "*", "&", "sizeof ", "stringof " };
	static const char *const casts[] = { "(int)", "(char)", "(uint64_t)", "(string)",
					     "(char *)", "(struct conn *)", "(void *)", "(int8_t)" };
	unsigned r = next_rand() % (depth > 4 ? 1 : 8);
	switch (r) {
	case 0:
		strbuf_puts(b, leaves[next_rand() % (sizeof(leaves) / sizeof(leaves[0]))]);
		break;
	case 1: case 2: case 3:
		strbuf_putc(b, '(');
		gen_expr(b, depth + 1);
		strbuf_printf(b, " %s ", binops[next_rand() % (sizeof(binops) / sizeof(binops[0]))]);
		gen_expr(b, depth + 1);
		strbuf_putc(b, ')');
		break;
	case 4:
		strbuf_printf(b, "%s(", unops[next_rand() % (sizeof(unops) / sizeof(unops[0]))]);
		gen_expr(b, depth + 1);
		strbuf_putc(b, ')');
		break;
	case 5:
		strbuf_printf(b, "%s(", casts[next_rand() % (sizeof(casts) / sizeof(casts[0]))]);
		gen_expr(b, depth + 1);
		strbuf_putc(b, ')');
		break;
	case 6:
		strbuf_putc(b, '(');
		gen_expr(b, depth + 1);
		strbuf_puts(b, " ? ");
		gen_expr(b, depth + 1);
		strbuf_puts(b, " : ");
		gen_expr(b, depth + 1);
		strbuf_putc(b, ')');
		break;
	default:
		strbuf_puts(b, "(");
		gen_expr(b, depth + 1);
		strbuf_puts(b, ")[");
		gen_expr(b, depth + 1);
		strbuf_puts(b, "]");
		break;
	}
}

T_CASE(random_expressions)
{
	const char *decls =
		"struct conn { int fd; char name[8]; struct conn *next; }; struct conn *cp; "
		"int *ip; void *vp; unsigned char uc; enum color { RED, GREEN } en; uint64_t q64; "
		"int8_t i8; inline int TEN = 10;\n"
		"BEGIN { x = 1; s = \"s\"; self->t = 2; this->l = 3; a[1] = 4; }\n";
	int ok = 0, bad = 0;
	for (int i = 0; i < 3000; i++) {
		struct strbuf b = {0};
		strbuf_puts(&b, decls);
		int kind = (int)(next_rand() % 4);
		strbuf_puts(&b, kind == 0 ? "tick-1s /" : "tick-1s { ");
		gen_expr(&b, 0);
		strbuf_puts(&b, kind == 0 ? "/ { trace(1); }" :
				kind == 1 ? "; }" : kind == 2 ? "); }" : "; }");
		char *src = b.s;
		if (kind == 2) {  /* as a trace() argument */
			char *p = strstr(src, "tick-1s { ") + strlen("tick-1s { ");
			char *t = xasprintf("%.*strace(%s", (int)(p - src), src, p);
			free(b.s);
			src = b.s = t;
		} else if (kind == 3) {  /* as an assignment's value */
			char *p = strstr(src, "tick-1s { ") + strlen("tick-1s { ");
			char *t = xasprintf("%.*sv%d = %s", (int)(p - src), src, i, p);
			free(b.s);
			src = b.s = t;
		}
		struct checked r;
		run(&r, src);
		if (r.rc == 0)
			ok++;
		else if (r.rc == -1 && r.e.at == DERR_AT_LINE)
			bad++;
		else if (r.rc != 99) {
			printf("# unexpected result %d for %s: %s\n", r.rc, src, r.err);
			T_CHECK(0);
		}
		done(&r);
		free(b.s);
	}
	/* both outcomes must occur, or the generator is not exercising the checker */
	T_CHECK(ok > 100);
	T_CHECK(bad > 100);
}

/* The pipeline as the tracer runs it: parse, expand macros, check. */
T_CASE(after_macro_expansion)
{
	struct dprog *p = dprog_new();
	struct derr err;
	const char *src = "BEGIN { x = $1 + 1; trace($$2); trace(-$1); exit($3); }";
	char *argv[] = { "t.d", "41", "hi", "0x10", NULL };
	struct dmacro_env env;
	dmacro_env_init(&env, 4, argv);
	T_EQ_INT(dparse_script(p, "t.d", src, strlen(src), &err), 0);
	T_EQ_INT(dmacro_expand(p, &env, &err), 0);
	struct dck_prog *ck = NULL;
	T_EQ_INT(dcheck_program(p, NULL, &ck, &err), 0);
	if (ck) {
		char *s = dck_sexpr(p->items);
		T_EQ_STR(s, "(clause (stmt#1 (=:int x:int 42:int)) (stmt#2 (trace:void \"hi\":string)) "
			 "(stmt#3 (trace:void -41:int)) (stmt#4 (exit:void 16:int)))");
		free(s);
	}
	dck_prog_free(ck);
	dprog_free(p);
}

T_CASE(no_leak_after_error_midway)
{
	/* an error after formats and variables were made: everything is freed (ASan checks) */
	T_ERR("BEGIN { x = 1; printf(\"%d\\n\", x); a[1] = 2; trace(zz); }",
	      "[D_IDENT_UNDEF] line 1: failed to resolve zz: Unknown variable name");
	struct checked r;
	run(&r, "BEGIN { x = 1; }");
	T_EQ_INT(r.rc, 0);
	done(&r);
	/* opt may be NULL */
	struct dprog *p = dprog_new();
	struct dck_prog *ck = NULL;
	const char *src = "BEGIN { trace(sizeof (string)); }";
	T_EQ_INT(dparse_script(p, "t.d", src, strlen(src), NULL), 0);
	T_EQ_INT(dcheck_program(p, NULL, &ck, NULL), 0);
	if (ck)
		T_EQ_INT(p->items->body->args->lhs->args->cval, 256);
	dck_prog_free(ck);
	dprog_free(p);
}

T_MAIN()
