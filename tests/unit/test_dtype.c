/* test_dtype.c — the type system: builtin sizes, layout of structs/unions/bitfields/enums,
 * typedef resolution, type identity and spelling back as C. Layouts are also checked against
 * gcc itself by tests/sh/prov_dtype_gcc.sh. */
#include "t.h"
#include "dparse.h"
#include "dprocfs.h"
#include "dtype.h"
#include "util.h"

static struct dprog *G;
static struct derr E;
static char err[DERR_TEXT_MAX];   /* E as -x errtags prints it */

static int parse(const char *s)
{
	dprog_free(G);
	G = NULL;
	err[0] = '\0';
	int r = dparse_source("t.d", s, strlen(s), &G, &E);
	if (r != 0)
		derr_format(&E, true, err, sizeof(err));
	return r;
}

static struct dtype *tag(const char *name)
{
	struct dscope_ent *e = dscope_find(G->types, name, DSYM_TAG, false);
	return e ? e->type : NULL;
}

static struct dtype *tdef(const char *name)
{
	struct dscope_ent *e = dscope_find(G->types, name, DSYM_TYPEDEF, false);
	return e && e->kind == DSYM_TYPEDEF ? e->type : NULL;
}

static int64_t off(const char *tagname, const char *member)
{
	const struct dmember *m = dtype_find_member(tag(tagname), member);
	return m ? m->offset : -99;
}

/* The declared type of x in `typedef <decl>;` spelled back. */
static char *spell_of(const char *decl, const char *name)
{
	char *src = xasprintf("typedef %s;", decl);
	int r = parse(src);
	free(src);
	if (r != 0)
		return xstrdup(err);
	return dtype_spell(tdef(name)->base, NULL, false);
}

T_CASE(builtin_sizes)
{
	T_EQ_INT(parse(""), 0);
	struct dtype_ctx *c = G->types;
	T_EQ_INT(dtype_sizeof(c->t_char), 1);
	T_EQ_INT(dtype_sizeof(c->t_short), 2);
	T_EQ_INT(dtype_sizeof(c->t_int), 4);
	T_EQ_INT(dtype_sizeof(c->t_long), 8);
	T_EQ_INT(dtype_sizeof(c->t_llong), 8);
	T_EQ_INT(dtype_sizeof(c->t_float), 4);
	T_EQ_INT(dtype_sizeof(c->t_double), 8);
	T_EQ_INT(dtype_sizeof(c->t_ldouble), 16);
	T_EQ_INT(dtype_alignof(c->t_ldouble), 16);
	T_EQ_INT(dtype_sizeof(c->t_void), -1);
	T_CHECK(!dtype_is_complete(c->t_void));
	static const struct { const char *n; int size; bool uns; } fixed[] = {
		{"int8_t", 1, 0}, {"uint8_t", 1, 1}, {"int16_t", 2, 0}, {"uint16_t", 2, 1},
		{"int32_t", 4, 0}, {"uint32_t", 4, 1}, {"int64_t", 8, 0}, {"uint64_t", 8, 1},
		{"intptr_t", 8, 0}, {"uintptr_t", 8, 1}, {"size_t", 8, 1}, {"ssize_t", 8, 0},
		{"off_t", 8, 0}, {"pid_t", 4, 0}, {"uid_t", 4, 1}, {"gid_t", 4, 1}, {"time_t", 8, 0},
		{"caddr_t", 8, 1}, {"mode_t", 4, 1},
		/* the kernel's: dtrace -qn 'BEGIN { trace((T)-1); trace(sizeof(T)); exit(0); }' */
		{"dev_t", 4, 1}, {"nlink_t", 4, 1}, {"blkcnt_t", 8, 1}, {"wchar_t", 2, 1},
	};
	/* names neither D nor the kernel has: dtrace "failed to resolve socklen_t: Unknown
	 * variable name" */
	static const char *const none[] = { "intmax_t", "uintmax_t", "off64_t", "ino64_t",
		"useconds_t", "blksize_t", "socklen_t", "u_char", "u_long", "longlong_t" };
	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
		T_CHECK(tdef(none[i]) == NULL);
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		struct dtype *t = tdef(fixed[i].n);
		T_CHECK(t != NULL);
		if (!t)
			continue;
		T_EQ_INT(dtype_sizeof(t), fixed[i].size);
		T_EQ_INT(dtype_resolve(t)->is_unsigned, fixed[i].uns);
		char *s = dtype_spell(t, NULL, true);
		T_EQ_STR(s, fixed[i].n);  /* typedef names spell as themselves */
		free(s);
	}
}

T_CASE(struct_layout)
{
	T_EQ_INT(parse("struct s { char c; int i; char d; long l; short sh; char tail[3]; };"), 0);
	struct dtype *s = tag("s");
	T_EQ_INT(off("s", "c"), 0);
	T_EQ_INT(off("s", "i"), 4);
	T_EQ_INT(off("s", "d"), 8);
	T_EQ_INT(off("s", "l"), 16);
	T_EQ_INT(off("s", "sh"), 24);
	T_EQ_INT(off("s", "tail"), 26);
	T_EQ_INT(dtype_sizeof(s), 32);
	T_EQ_INT(dtype_alignof(s), 8);
	T_EQ_INT(parse("union u { char c[5]; int i; }; struct o { char a; union u u; long double ld; };"), 0);
	T_EQ_INT(dtype_sizeof(tag("u")), 8);
	T_EQ_INT(dtype_alignof(tag("u")), 4);
	T_EQ_INT(off("o", "u"), 4);
	T_EQ_INT(off("o", "ld"), 16);
	T_EQ_INT(dtype_sizeof(tag("o")), 32);
}

T_CASE(bitfields)
{
	T_EQ_INT(parse("struct b { unsigned a : 3, b : 5, c : 25; char d; unsigned long e : 40, f : 30; };"), 0);
	const struct dmember *m = dtype_find_member(tag("b"), "c");
	/* c does not fit in the first 32-bit unit after 8 bits: it starts the next one */
	T_EQ_INT(m->offset * 8 + m->bit_offset, 32);
	m = dtype_find_member(tag("b"), "d");
	T_EQ_INT(m->offset, 8);
	m = dtype_find_member(tag("b"), "e");
	T_EQ_INT(m->offset * 8 + m->bit_offset, 72);
	m = dtype_find_member(tag("b"), "f");
	T_EQ_INT(m->offset * 8 + m->bit_offset, 128);
	T_EQ_INT(dtype_sizeof(tag("b")), 24);
	/* zero width aligns; unnamed fields do not raise the alignment */
	T_EQ_INT(parse("struct z { char a; int : 0; char b; }; struct n { char a; long : 4; };"), 0);
	T_EQ_INT(off("z", "b"), 4);
	T_EQ_INT(dtype_sizeof(tag("z")), 5);
	T_EQ_INT(dtype_alignof(tag("n")), 1);
	T_EQ_INT(dtype_sizeof(tag("n")), 2);
	T_EQ_INT(parse("struct e { int a : 33; };"), -1);
	T_EQ_STR(err, "[D_DECL_BFSIZE] t.d:1:16: width of bit-field 'a' exceeds its type");
	T_EQ_INT(parse("struct e { char *p : 3; };"), -1);
	T_EQ_STR(err, "[D_DECL_BFTYPE] t.d:1:18: bit-field 'p' has non-integer type");
}

T_CASE(enums)
{
	T_EQ_INT(parse("enum c { R, G = 5, B, NEG = -2, LAST = B + 1 };"), 0);
	struct dtype *e = tag("c");
	T_EQ_INT(e->nenums, 5);
	T_EQ_INT(e->enums[2].value, 6);
	T_EQ_INT(e->enums[3].value, -2);
	T_EQ_INT(e->enums[4].value, 7);
	T_EQ_INT(dtype_sizeof(e), 4);
	T_CHECK(!e->is_unsigned);
	T_EQ_INT(parse("enum big { X = 0x100000000 };"), 0);
	T_EQ_INT(dtype_sizeof(tag("big")), 8);
	T_EQ_INT(parse("enum pos { P = 1 };"), 0);
	T_CHECK(tag("pos")->is_unsigned);
}

T_CASE(nested_anonymous_and_flexible)
{
	T_EQ_INT(parse("struct a { int k; union { char c; double d; }; struct in { short x; } in; char flex[]; };"), 0);
	T_EQ_INT(off("a", "in"), 16);
	T_EQ_INT(dtype_sizeof(tag("a")), 24);
	T_CHECK(tag("in") != NULL);  /* nested tags have file scope, as in C */
	T_EQ_INT(dtype_sizeof(tag("in")), 2);
	const struct dmember *m = dtype_find_member(tag("a"), "d");
	T_CHECK(m && m->name == NULL);  /* found through the anonymous union */
	T_EQ_INT(off("a", "flex"), 18);
}

/* dtype_member_at: the member itself inside anonymous members, with the holders' offsets
 * (gcc: offsetof(struct m, c) == 12, offsetof(struct m, f2) is in the unit at 20). */
T_CASE(member_at_through_anonymous)
{
	T_EQ_INT(parse("struct m { long a; struct { int b; int c; }; unsigned pad; "
		       "struct { unsigned f1 : 3, f2 : 4; }; union { char u1; struct { short s0, s1; }; }; };"), 0);
	int64_t o = 0;
	const struct dmember *m = dtype_member_at(tag("m"), "c", &o);
	T_CHECK(m && m->name && strcmp(m->name, "c") == 0);
	T_EQ_INT(o, 12);
	o = 0;
	m = dtype_member_at(tag("m"), "f2", &o);
	T_CHECK(m && m->bit_width == 4 && m->bit_offset == 3);
	T_EQ_INT(o, 20);
	o = 0;
	m = dtype_member_at(tag("m"), "s1", &o);
	T_CHECK(m != NULL);
	T_EQ_INT(o, 26);
	o = 5;
	T_CHECK(dtype_member_at(tag("m"), "nosuch", &o) == NULL && o == 5);
}

T_CASE(spelling)
{
	struct { const char *decl, *name, *want; } cases[] = {
		{"char *x", "x", "char *"},
		{"const char *x", "x", "const char *"},
		{"char *const x", "x", "char *const"},
		{"int (*x)[4]", "x", "int (*)[4]"},
		{"int *x[4]", "x", "int *[4]"},
		{"int (*x)(int, char *)", "x", "int (*)(int, char *)"},
		{"void (*(*x)(int))(long)", "x", "void (*(*)(int))(long)"},
		{"char **x[2][3]", "x", "char **[2][3]"},
		{"unsigned x", "x", "unsigned int"},
		{"long long unsigned int x", "x", "unsigned long long"},
		{"signed char x", "x", "signed char"},
		{"short int x", "x", "short"},
		{"struct conn *x", "x", "struct conn *"},
		{"const volatile uint32_t x", "x", "const volatile uint32_t"},
		{"string x", "x", "string"},
		{"int (*x)(void)", "x", "int (*)(void)"},
		{"int (*x)(const char *, ...)", "x", "int (*)(const char *, ...)"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = spell_of(cases[i].decl, cases[i].name);
		T_EQ_STR(s, cases[i].want);
		free(s);
	}
	/* string is char * in C; names are placed inside the declarator */
	T_EQ_INT(parse("typedef string *sp; typedef string sa[2];"), 0);
	char *s = dtype_spell(tdef("sp")->base, NULL, true);
	T_EQ_STR(s, "char **");
	free(s);
	s = dtype_spell(tdef("sa")->base, "v", true);
	T_EQ_STR(s, "char *v[2]");
	free(s);
	s = dtype_spell(tdef("sa")->base, "v", false);
	T_EQ_STR(s, "string v[2]");
	free(s);
}

T_CASE(identity_and_typedefs)
{
	T_EQ_INT(parse("typedef unsigned int u; typedef u v; typedef const u cu; struct s { int a; };"
		       "typedef struct s S;"), 0);
	T_CHECK(dtype_same(tdef("u"), G->types->t_uint));
	T_CHECK(dtype_same(tdef("v"), tdef("u")));
	T_CHECK(!dtype_same(tdef("cu"), tdef("u")));
	T_CHECK(!dtype_same(tdef("u"), G->types->t_int));
	T_CHECK(dtype_same(tdef("S"), tag("s")));
	T_EQ_INT(dtype_sizeof(tdef("S")), 4);
	T_CHECK(dtype_is_integer(tdef("v")));
	T_CHECK(!dtype_is_integer(tdef("S")));
	T_CHECK(dtype_is_scalar(dtype_ptr(G->types, tdef("S"))));
	/* a forward-declared struct completed later completes every use */
	T_EQ_INT(parse("struct f; typedef struct f F; typedef const struct f CF; struct f { long x, y; };"), 0);
	T_EQ_INT(dtype_sizeof(tdef("F")), 16);
	T_EQ_INT(dtype_sizeof(tdef("CF")), 16);
	dprog_free(G);
	G = NULL;
}

/* dprocfs.h's offsets are where its D text puts the members: the kernel providers build their
 * psinfo_t copies at those offsets, which D code then reads by the text's layout. */
T_CASE(procfs_offsets_match_text)
{
	T_EQ_INT(parse(DPROCFS_TYPES), 0);
	T_EQ_INT(dtype_sizeof(tag("psinfo")), DPROCFS_PS_SIZE);
	T_EQ_INT(off("psinfo", "pr_nlwp"), DPROCFS_PS_NLWP);
	T_EQ_INT(off("psinfo", "pr_pid"), DPROCFS_PS_PID);
	T_EQ_INT(off("psinfo", "pr_ppid"), DPROCFS_PS_PPID);
	T_EQ_INT(off("psinfo", "pr_pgid"), DPROCFS_PS_PGID);
	T_EQ_INT(off("psinfo", "pr_sid"), DPROCFS_PS_SID);
	T_EQ_INT(off("psinfo", "pr_uid"), DPROCFS_PS_UID);
	T_EQ_INT(off("psinfo", "pr_euid"), DPROCFS_PS_EUID);
	T_EQ_INT(off("psinfo", "pr_gid"), DPROCFS_PS_GID);
	T_EQ_INT(off("psinfo", "pr_egid"), DPROCFS_PS_EGID);
	T_EQ_INT(off("psinfo", "pr_addr"), DPROCFS_PS_ADDR);
	T_EQ_INT(off("psinfo", "pr_fname"), DPROCFS_PS_FNAME);
	T_EQ_INT(off("psinfo", "pr_psargs"), DPROCFS_PS_PSARGS);
	T_EQ_INT(off("psinfo", "pr_dmodel"), DPROCFS_PS_DMODEL);
	T_EQ_INT(dtype_sizeof(tag("lwpsinfo")), DPROCFS_LWPS_SIZE);
	T_EQ_INT(off("lwpsinfo", "pr_lwpid"), DPROCFS_LWPS_LWPID);
	T_EQ_INT(off("lwpsinfo", "pr_addr"), DPROCFS_LWPS_ADDR);
	T_EQ_INT(off("lwpsinfo", "pr_state"), DPROCFS_LWPS_STATE);
	T_EQ_INT(off("lwpsinfo", "pr_sname"), DPROCFS_LWPS_SNAME);
	T_EQ_INT(off("lwpsinfo", "pr_pri"), DPROCFS_LWPS_PRI);
	T_EQ_INT(off("lwpsinfo", "pr_clname"), DPROCFS_LWPS_CLNAME);
	T_EQ_INT(off("lwpsinfo", "pr_name"), DPROCFS_LWPS_NAME);
	T_EQ_INT(off("lwpsinfo", "pr_onpro"), DPROCFS_LWPS_ONPRO);
	T_EQ_INT(dtype_sizeof(tag("cpuinfo")), DPROCFS_CPU_SIZE);
	T_EQ_INT(off("cpuinfo", "cpu_id"), DPROCFS_CPU_ID);
	T_EQ_INT(off("cpuinfo", "cpu_pset"), DPROCFS_CPU_PSET);
	for (const char *const *t = dprocfs_type_names; *t; t++)
		T_CHECK(tdef(*t) || tag(*t));
}

T_MAIN()
