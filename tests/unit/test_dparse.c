/* test_dparse.c — the declaration and provider parser: declarators, typedef/struct/union/enum,
 * constant expressions, providers and probes, pragmas, the declarations written back as D, and
 * the error messages with their positions. */
#include "derr.h"
#include "t.h"
#include "dparse.h"
#include "util.h"

static struct dprog *G;
static struct derr E;
static char err[DERR_TEXT_MAX];   /* E as -x errtags prints it */
static char text[DERR_TEXT_MAX];  /* E as printed without errtags */

static int parse(const char *s)
{
	dprog_free(G);
	G = NULL;
	err[0] = text[0] = '\0';
	int r = dparse_source("p.d", s, strlen(s), &G, &E);
	if (r != 0) {
		derr_format(&E, true, err, sizeof(err));
		derr_format(&E, false, text, sizeof(text));
	}
	return r;
}

static char *argspell(const char *prov, const char *probe, int i)
{
	struct dprovider *pv = dprog_find_provider(G, prov);
	struct dprobe *pr = pv ? dprovider_find_probe(pv, probe) : NULL;
	if (!pr || i >= pr->nargs)
		return xstrdup("(none)");
	return dtype_spell(pr->args[i].type, pr->args[i].name, true);
}

#define ARG_IS(prov, probe, i, want) do { char *s_ = argspell(prov, probe, i); T_EQ_STR(s_, want); free(s_); } while (0)

T_CASE(provider_basic)
{
	T_EQ_INT(parse("/* probes */\nprovider postgresql {\n"
		       "\tprobe query__start(const char *);\n"
		       "\tprobe query__done(const char *q, int rc);\n"
		       "\tprobe checkpoint__start();\n"
		       "\tprobe sort__done(void);\n"
		       "};\n"), 0);
	T_EQ_INT(G->nprovs, 1);
	struct dprovider *pv = &G->provs[0];
	T_EQ_STR(pv->name, "postgresql");
	T_EQ_INT(pv->nprobes, 4);
	T_EQ_STR(pv->probes[0].name, "query__start");
	T_EQ_INT(pv->probes[0].nargs, 1);
	T_EQ_INT(pv->probes[0].pos.line, 3);
	T_EQ_INT(pv->probes[0].pos.col, 8);
	ARG_IS("postgresql", "query__start", 0, "const char *");
	ARG_IS("postgresql", "query__done", 0, "const char *q");
	ARG_IS("postgresql", "query__done", 1, "int rc");
	T_EQ_INT(pv->probes[2].nargs, 0);
	T_EQ_INT(pv->probes[3].nargs, 0);
}

T_CASE(probe_argument_types)
{
	T_EQ_INT(parse("typedef unsigned int Oid; struct conn; typedef struct conn conn_t;\n"
		       "provider p { probe a(Oid, conn_t *, struct conn *c, string, int[4], "
		       "int (*)(int), char **argv, const volatile unsigned long long, uint32_t, float, "
		       "double, enum e *); };"), 0);
	ARG_IS("p", "a", 0, "Oid");
	ARG_IS("p", "a", 1, "conn_t *");
	ARG_IS("p", "a", 2, "struct conn *c");
	ARG_IS("p", "a", 3, "char *");
	ARG_IS("p", "a", 4, "int *");          /* arrays decay */
	ARG_IS("p", "a", 5, "int (*)(int)");
	ARG_IS("p", "a", 6, "char **argv");
	ARG_IS("p", "a", 7, "unsigned long long");  /* top-level qualifiers dropped */
	ARG_IS("p", "a", 8, "uint32_t");
	ARG_IS("p", "a", 11, "enum e *");
}

T_CASE(many_providers_and_merging)
{
	T_EQ_INT(parse("provider a { probe x(int); }; provider b { probe x(long); };\n"
		       "provider a { probe y(); };"), 0);
	T_EQ_INT(G->nprovs, 2);
	T_EQ_INT(G->provs[0].nprobes, 2);
	T_EQ_STR(G->provs[0].probes[1].name, "y");
	ARG_IS("b", "x", 0, "long");
}

T_CASE(twelve_arguments_and_more)
{
	T_EQ_INT(parse("provider e { probe m(int,int,int,int,int,int,int,int,int,int,int,char *); };"), 0);
	T_EQ_INT(G->provs[0].probes[0].nargs, 12);
	T_EQ_INT(parse("provider e { probe m(int,int,int,int,int,int,int,int,int,int,int,int, char *); };"), -1);
	T_EQ_STR(err, "[D_PROV_PRARGLEN] p.d:1:71: probe 'm' has more than 12 arguments");
}

T_CASE(pragmas)
{
	T_EQ_INT(parse("provider pg { probe a(); };\n"
		       "#pragma D attributes Evolving/Evolving/Common provider pg provider\n"
		       "#pragma D attributes Private/Private/Unknown provider pg module\n"
		       "#pragma D attributes evolving/stable/isa provider pg args\n"
		       "#pragma D option quiet\n"
		       "#pragma once\n"), 0);
	struct dprovider *pv = &G->provs[0];
	T_CHECK(pv->attrs[DATTR_PROVIDER].set);
	T_EQ_STR(pv->attrs[DATTR_PROVIDER].name_stability, "Evolving");
	T_EQ_STR(pv->attrs[DATTR_PROVIDER].dep_class, "Common");
	T_EQ_STR(pv->attrs[DATTR_MODULE].name_stability, "Private");
	T_EQ_STR(pv->attrs[DATTR_ARGS].data_stability, "Stable");
	T_EQ_STR(pv->attrs[DATTR_ARGS].dep_class, "ISA");
	T_CHECK(!pv->attrs[DATTR_NAME].set);
	T_EQ_INT(G->npragmas, 1);
	T_EQ_STR(G->pragmas[0], "D option quiet");
	T_EQ_INT(parse("provider pg { probe a(); };\n#pragma D attributes Evolving/Bogus/Common provider pg provider"), -1);
	T_EQ_STR(err, "[D_PRAGMA_MALFORM] p.d:2:1: #pragma D attributes: invalid stability 'Bogus'");
	T_EQ_INT(parse("\n#pragma D attributes Evolving/Evolving/Common provider nope provider"), -1);
	T_EQ_STR(err, "[D_PRAGMA_SCOPE] p.d:2:1: #pragma D attributes: provider 'nope' is not defined");
	T_EQ_INT(parse("#pragma D frobnicate"), -1);
	T_EQ_STR(err, "[D_PRAGMA_INVAL] p.d:1:1: unknown #pragma D directive 'frobnicate'");
	T_EQ_INT(parse("provider pg { probe a(); };\n#pragma D attributes Evolving/Evolving/Common provider pg probes"), -1);
	T_EQ_STR(err, "[D_PRAGMA_MALFORM] p.d:2:1: #pragma D attributes: invalid attribute kind 'probes'");
}

T_CASE(constant_expressions)
{
	T_EQ_INT(parse("enum { K = 4 }; struct s { char a[K * 2 + 1]; char b[sizeof(long) << 1]; "
		       "char c[(1 ? 3 : 5) % 4]; char d[-1 < 0u ? 1 : 7]; char e[(unsigned char)258]; "
		       "char f[offsetof(struct s2, y)]; }; "), -1);
	/* struct s2 is unknown: offsetof needs a complete type */
	T_EQ_STR(err, "[D_OFFSETOF_TYPE] p.d:1:168: offsetof needs a complete struct or union type");
	T_EQ_INT(parse("enum { K = 4 }; struct s2 { int x; long y; };\n"
		       "struct s { char a[K * 2 + 1]; char b[sizeof(long) << 1]; char c[(1 ? 3 : 5) % 4];"
		       " char d[-1 < 0u ? 1 : 7]; char e[(unsigned char)258]; char f[offsetof(struct s2, y)];"
		       " char g['A' - 64]; char h[~0 & 0x3]; char i[!0 + (2 > 1) + (3 ^^ 0)]; };"), 0);
	struct dtype *s = dscope_find(G->types, "s", DSYM_TAG, false)->type;
	int64_t want[] = { 9, 16, 3, 7, 2, 8, 1, 3, 3 };
	for (int i = 0; i < 9; i++)
		T_EQ_INT(s->members[i].type->array_len, want[i]);
	T_EQ_INT(parse("struct s { char a[1 / 0]; };"), -1);
	T_EQ_STR(err, "[D_DIV_ZERO] p.d:1:21: division by zero in constant expression");
	T_EQ_INT(parse("struct s { char a[x]; };"), -1);
	T_EQ_STR(err, "[D_UNKNOWN] p.d:1:19: 'x' is not a constant");
	T_EQ_INT(parse("struct s { char a[-1]; };"), -1);
	T_EQ_STR(err, "[D_DECL_ARRSUB] p.d:1:19: size of array is negative");
	T_EQ_INT(parse("struct s { char a[1 << 64]; };"), -1);
	T_EQ_STR(err, "[D_UNKNOWN] p.d:1:21: shift count out of range in constant expression");
}

T_CASE(declarations_written_back)
{
	const char *src =
		"typedef unsigned int LocalTransactionId;\n"
		"struct conn { int fd; struct peer { char host[64]; int port; } *peer; unsigned f : 3, : 0, g : 2; };\n"
		"typedef struct conn conn_t;\n"
		"typedef struct { conn_t *c; union { long l; void *p; } u; } wrap_t;\n"
		"enum state { IDLE, BUSY = 4 };\n"
		"typedef enum { LOW = -1, HIGH } level_t;\n"
		"enum { ANON_A = 7 };\n"
		"struct later;\n"
		"typedef int (*cb_t)(struct conn *, string);\n"
		"int some_variable;\n"
		"provider p { probe x(conn_t *, wrap_t *, level_t); };\n";
	T_EQ_INT(parse(src), 0);
	char *d1 = dprog_decls_text(G);
	T_EQ_STR(d1,
		"typedef unsigned int LocalTransactionId;\n"
		"struct peer {\n\tchar host[64];\n\tint port;\n};\n"
		"struct conn {\n\tint fd;\n\tstruct peer *peer;\n\tunsigned int f : 3;\n\tunsigned int : 0;\n\tunsigned int g : 2;\n};\n"
		"typedef struct conn conn_t;\n"
		"typedef struct {\n\tconn_t *c;\n\tunion {\n\t\tlong l;\n\t\tvoid *p;\n\t} u;\n} wrap_t;\n"
		"enum state {\n\tIDLE = 0,\n\tBUSY = 4\n};\n"
		"typedef enum {\n\tLOW = -1,\n\tHIGH = 0\n} level_t;\n"
		"enum {\n\tANON_A = 7\n};\n"
		"struct later;\n"
		"typedef int (*cb_t)(struct conn *, string);\n");
	/* and it parses back to the same declarations */
	char *again = xstrdup(d1);
	T_EQ_INT(parse(again), 0);
	char *d2 = dprog_decls_text(G);
	T_EQ_STR(d2, d1);
	free(d1);
	free(d2);
	free(again);
}

T_CASE(redefinitions)
{
	T_EQ_INT(parse("typedef int a; typedef int a; typedef unsigned int u; typedef unsigned u;"), 0);
	T_EQ_INT(parse("typedef int a;\ntypedef long a;"), -1);
	T_EQ_STR(err, "[D_DECL_IDRED] p.d:2:14: conflicting types for typedef 'a'");
	T_EQ_INT(parse("struct conn { int a; };\nstruct conn { int b; };"), -1);
	T_EQ_STR(err, "[D_DECL_TYPERED] p.d:2:8: redefinition of struct conn");
	T_EQ_INT(parse("struct x { int a; };\nunion x *p;"), -1);
	T_EQ_STR(err, "[D_DECL_TYPERED] p.d:2:7: 'x' defined as wrong kind of tag (it is struct x)");
	T_EQ_INT(parse("enum e { A };\nenum f { A };"), -1);
	T_EQ_STR(err, "[D_DECL_IDRED] p.d:2:10: redefinition of 'A'");
	T_EQ_INT(parse("struct s { int a; char a; };"), -1);
	T_EQ_STR(err, "[D_UNKNOWN] p.d:1:24: duplicate member 'a'");
	T_EQ_INT(parse("provider p { probe a(); probe a(int); };"), -1);
	T_EQ_STR(err, "[D_PROV_PRDUP] p.d:1:31: redefinition of probe 'a' in provider 'p'");
	T_EQ_INT(parse("typedef int t;\nint t;"), -1);
	T_EQ_STR(err, "[D_DECL_IDRED] p.d:2:5: redefinition of 't' as a different kind of symbol");
	/* builtin typedefs may be re-declared by the file (an outer scope) */
	T_EQ_INT(parse("typedef unsigned long uint32_t;"), 0);
}

T_CASE(syntax_errors)
{
	struct { const char *src, *msg; } cases[] = {
		{"provider p { probe a(conn_t *); };", "p.d:1:22: undefined type 'conn_t'"},
		{"provider p { probe a(int) };", "p.d:1:27: syntax error near '}'"},
		{"provider p { probe a(int); }", "p.d:1:29: syntax error near end of input"},
		{"provider p { probe a(int);", "p.d:1:27: syntax error near end of input"},
		{"provider p { int x; };", "p.d:1:14: syntax error near 'int'"},
		{"provider { probe a(); };", "p.d:1:10: syntax error near '{'"},
		{"provider struct { };", "p.d:1:10: 'struct' is a reserved word and cannot be used as a provider name"},
		{"provider p { probe a(void, int); };", "p.d:1:22: void must be sole parameter"},
		{"provider p { probe a(void); probe b(int, void); };", "p.d:1:42: void must be sole parameter"},
		{"struct s { int a; };\nprovider p { probe a(struct s); };",
		 "p.d:2:22: argument 1 of probe 'a' has type 'struct s': probe arguments must be integers, pointers or strings (pass a pointer)"},
		{"provider p { probe a(int, ...); };", "p.d:1:27: probe input prototype may not use a variable-length argument list"},
		{"provider p { probe a(int) : (int); };", "p.d:1:29: parameter declaration requires a name: parameter #1"},
		{"provider p { probe a(int x) : (int y); };", "p.d:1:36: parameter is not declared in probe output prototype: y, parameter #1"},
		{"translator struct x < int *p > { a = 1; };", "p.d:1:1: translator definitions are not supported in provider definitions"},
		{"inline int x = 3;", "p.d:1:1: inline definitions are not supported in provider definitions"},
		{"syscall::read:entry { }", "p.d:1:1: syntax error near 'syscall'"},
		{"int int x;", "p.d:1:5: invalid combination of type specifiers near 'int'"},
		{"unsigned signed x;", "p.d:1:10: invalid combination of type specifiers near 'signed'"},
		{"long long long x;", "p.d:1:11: invalid combination of type specifiers near 'long'"},
		{"struct s { struct nope n; };", "p.d:1:24: member 'n' has incomplete type"},
		{"struct s { };", "p.d:1:8: struct has no members"},
		{"typedef struct;", "p.d:1:15: syntax error near ';'"},
		{"typedef int;", "p.d:1:1: typedef declares no name"},
		{"int a = 3;", "p.d:1:7: initializers are not supported in D declarations"},
		{"const x;", "p.d:1:7: missing type specifier near 'x'"},
		{"static extern int x;", "p.d:1:8: multiple storage classes in declaration"},
		{"int f(int)[3];", "p.d:1:6: function cannot return an array"},
		{"void v;", "p.d:1:6: variable 'v' declared void"},
		{"struct s { int a[]; int b; };", "p.d:1:25: member 'a' has incomplete type"},
		{"int x[3] y;", "p.d:1:10: syntax error near 'y'"},
		{"int (*x;", "p.d:1:9: syntax error near end of input"},
		{"struct s { int a : -1; };", "p.d:1:20: invalid bit-field width -1"},
		{"struct s { int a : 0; };", "p.d:1:16: zero width for bit-field 'a'"},
		{"enum e { };", "p.d:1:6: enum has no enumerators"},
		{"provider p { probe int(); };", "p.d:1:20: syntax error near 'int'"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r = parse(cases[i].src);
		if (r != -1)
			printf("# accepted: %s\n", cases[i].src);
		else if (strcmp(text, cases[i].msg) != 0)
			printf("# %s\n#   got: %s\n#  want: %s\n", cases[i].src, err, cases[i].msg);
		T_EQ_INT(r, -1);
		T_EQ_STR(text, cases[i].msg);
	}
}

/* Hostile nesting is an error, not a stack overflow. */
T_CASE(nesting_is_bounded)
{
	struct strbuf b = {0};
	strbuf_puts(&b, "int ");
	for (int i = 0; i < 100000; i++)
		strbuf_putc(&b, '(');
	strbuf_puts(&b, "x");
	for (int i = 0; i < 100000; i++)
		strbuf_putc(&b, ')');
	strbuf_puts(&b, ";");
	T_EQ_INT(parse(b.s), -1);
	T_CHECK(strstr(E.msg, "nested too deeply") != NULL);
	strbuf_free(&b);
	strbuf_puts(&b, "struct s { char a[");
	for (int i = 0; i < 100000; i++)
		strbuf_puts(&b, "- ");
	strbuf_puts(&b, "1]; };");
	T_EQ_INT(parse(b.s), -1);
	T_CHECK(strstr(E.msg, "nested too deeply") != NULL);
	strbuf_free(&b);
	strbuf_puts(&b, "int ");
	for (int i = 0; i < 100000; i++)
		strbuf_putc(&b, '*');
	strbuf_puts(&b, "x;");
	T_EQ_INT(parse(b.s), -1);
	T_CHECK(strstr(E.msg, "too many levels of pointers") != NULL);
	strbuf_free(&b);
	/* depth accumulated through typedefs is bounded too */
	strbuf_puts(&b, "typedef int t0;\n");
	for (int i = 1; i < 3000; i++)
		strbuf_printf(&b, "typedef t%d *t%d;\n", i - 1, i);
	T_EQ_INT(parse(b.s), -1);
	T_EQ_STR(err, "[D_UNKNOWN] p.d:2050:15: type is nested too deeply");
	strbuf_free(&b);
	/* reasonable depth is fine */
	T_EQ_INT(parse("int ((((((((((*(((x)))))))))))))[2][3][4];"), 0);
}

T_CASE(lexer_errors_come_through)
{
	T_EQ_INT(parse("provider p {\n#define X 1\n};"), -1);
	T_EQ_STR(err, "[D_PRAGCTL_INVAL] p.d:2:1: invalid control directive: #define");
	dprog_free(G);
	G = NULL;
}

T_MAIN()
