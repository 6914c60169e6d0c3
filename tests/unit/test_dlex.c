/* test_dlex.c — the D lexer: every token kind, constants and escapes, comments, positions,
 * cpp line markers, pragmas and errors. */
#include "t.h"
#include "dlex.h"
#include "util.h"

static struct dtoklist L;
static struct derr E;
static char err[DERR_TEXT_MAX];   /* E as -x errtags prints it */

static int lex_n(const char *s, size_t n)
{
	dtoklist_free(&L);
	err[0] = '\0';
	int r = dlex_tokenize("f.d", s, n, &L, &E);
	if (r != 0)
		derr_format(&E, true, err, sizeof(err));
	return r;
}

static int lex(const char *s)
{
	return lex_n(s, strlen(s));
}

static int tok_eq(size_t i, enum dtok_kind k, const char *text)
{
	if (i >= L.ntoks)
		return 0;
	const struct dtok *t = &L.toks[i];
	return t->kind == k && strlen(text) == t->len && memcmp(t->text, text, t->len) == 0;
}

T_CASE(identifiers_and_keywords)
{
	T_EQ_INT(lex("provider probe foo _bar9 int8_t struct sizeof string self this translator"), 0);
	T_EQ_INT(L.ntoks, 12);
	T_CHECK(tok_eq(0, DTOK_KEYWORD, "provider"));
	T_CHECK(tok_eq(1, DTOK_KEYWORD, "probe"));
	T_CHECK(tok_eq(2, DTOK_IDENT, "foo"));
	T_CHECK(tok_eq(3, DTOK_IDENT, "_bar9"));
	T_CHECK(tok_eq(4, DTOK_IDENT, "int8_t"));
	T_CHECK(tok_eq(5, DTOK_KEYWORD, "struct"));
	T_CHECK(tok_eq(7, DTOK_KEYWORD, "string"));
	T_CHECK(tok_eq(10, DTOK_KEYWORD, "translator"));
	T_EQ_INT(L.toks[11].kind, DTOK_EOF);
}

T_CASE(all_punctuators_longest_match)
{
	const char *ops[] = { "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
		"!=", "&&", "||", "^^", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "+", "-", "*",
		"/", "%", "&", "|", "^", "~", "!", "<", ">", "=", "?", ":", ";", ",", ".", "(", ")",
		"[", "]", "{", "}", "`" };
	struct strbuf b = {0};
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		strbuf_printf(&b, "%s ", ops[i]);
	T_EQ_INT(lex(b.s), 0);
	T_EQ_INT(L.ntoks, sizeof(ops) / sizeof(ops[0]) + 1);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		T_CHECK(tok_eq(i, DTOK_PUNCT, ops[i]));
	strbuf_free(&b);
	/* Without blanks the longest operator wins: a->b, x<<=2, i+++j */
	T_EQ_INT(lex("a->b x<<=2 i+++j"), 0);
	T_CHECK(tok_eq(1, DTOK_PUNCT, "->"));
	T_CHECK(tok_eq(4, DTOK_PUNCT, "<<="));
	T_CHECK(tok_eq(7, DTOK_PUNCT, "++"));
	T_CHECK(tok_eq(8, DTOK_PUNCT, "+"));
}

T_CASE(integer_constants_and_types)
{
	T_EQ_INT(lex("42 0x2A 017 0 4294967295 2147483648 0xffffffff 10u 5L 7ull 9LLU 0x7fffffffffffffff 18446744073709551615u"), 0);
	T_EQ_UINT(L.toks[0].ival, 42);
	T_CHECK(!L.toks[0].is_unsigned && L.toks[0].longness == 0);
	T_EQ_UINT(L.toks[1].ival, 42);
	T_EQ_UINT(L.toks[2].ival, 15);
	T_EQ_UINT(L.toks[3].ival, 0);
	/* decimal beyond int is long; hex beyond int is unsigned int (C rules, LP64) */
	T_CHECK(!L.toks[4].is_unsigned && L.toks[4].longness == 1);
	T_CHECK(!L.toks[5].is_unsigned && L.toks[5].longness == 1);
	T_CHECK(L.toks[6].is_unsigned && L.toks[6].longness == 0);
	T_CHECK(L.toks[7].is_unsigned && L.toks[7].longness == 0);
	T_CHECK(!L.toks[8].is_unsigned && L.toks[8].longness == 1);
	T_CHECK(L.toks[9].is_unsigned && L.toks[9].longness == 2);
	T_CHECK(L.toks[10].is_unsigned && L.toks[10].longness == 2);
	T_EQ_UINT(L.toks[11].ival, 0x7fffffffffffffffull);
	T_EQ_UINT(L.toks[12].ival, 18446744073709551615ull);
	T_CHECK(L.toks[12].is_unsigned);
	T_EQ_INT(lex("1.5 2e10 3.0f .5"), 0);
	T_EQ_INT(L.toks[0].kind, DTOK_FLOAT);
	T_EQ_INT(L.toks[1].kind, DTOK_FLOAT);
	T_EQ_INT(L.toks[2].kind, DTOK_FLOAT);
	T_EQ_INT(L.toks[3].kind, DTOK_FLOAT);
}

T_CASE(integer_errors)
{
	T_EQ_INT(lex("x = 09;"), -1);
	T_EQ_STR(err, "[D_INT_DIGIT] f.d:1:5: invalid digit '9' in octal constant");
	T_EQ_INT(lex("\n  18446744073709551616"), -1);
	T_EQ_STR(err, "[D_INT_OFLOW] f.d:2:3: integer constant '18446744073709551616' is too large");
	T_EQ_INT(lex("12abc"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:1: invalid suffix 'abc' on integer constant");
	T_EQ_INT(lex("1lL"), -1);
	T_EQ_INT(lex("0x"), -1);
	T_EQ_STR(err, "[D_INT_DIGIT] f.d:1:1: invalid hexadecimal constant '0x'");
	T_EQ_INT(lex("9223372036854775808"), -1);
	T_EQ_STR(err, "[D_INT_OFLOW] f.d:1:1: integer constant '9223372036854775808' is too large for long");
}

T_CASE(strings_and_escapes)
{
	T_EQ_INT(lex("\"a\\tb\\n\\\\\\\"\\x41\\101\\0z\" \"\""), 0);
	T_EQ_INT(L.toks[0].kind, DTOK_STRING);
	T_EQ_INT(L.toks[0].slen, 10);
	T_CHECK(memcmp(L.toks[0].str, "a\tb\n\\\"AA\0z", 10) == 0);
	T_EQ_INT(L.toks[1].slen, 0);
	T_EQ_STR(L.toks[1].str, "");
	T_EQ_INT(lex("'a' '\\n' '\\377' '\\'' 'ab'"), 0);
	T_EQ_INT(L.toks[0].kind, DTOK_CHAR);
	T_EQ_UINT(L.toks[0].ival, 'a');
	T_EQ_UINT(L.toks[1].ival, '\n');
	T_EQ_INT((int64_t)L.toks[2].ival, 255);  /* dtrace: unsigned bytes, no sign extension */
	T_EQ_UINT(L.toks[3].ival, '\'');
	T_EQ_UINT(L.toks[4].ival, ('a' << 8) | 'b');
}

/* In strings dtrace decodes only the escapes it knows; \?, \' and unknown ones keep their
 * backslash, while \\ and \" lose it. */
T_CASE(string_kept_escapes)
{
	T_EQ_INT(lex("\"a\\qb\\?\\'\\\\\\\"\""), 0);
	T_EQ_STR(L.toks[0].str, "a\\qb\\?\\'\\\"");
}

T_CASE(string_errors)
{
	T_EQ_INT(lex("x \"abc"), -1);
	T_EQ_STR(err, "[D_STR_NL] f.d:1:3: unterminated string constant");
	T_EQ_INT(lex("\"ab\ncd\""), -1);
	T_EQ_STR(err, "[D_STR_NL] f.d:1:1: unterminated string constant");
	T_EQ_INT(lex("'\\q'"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:2: invalid escape sequence '\\q'");
	T_EQ_INT(lex("''"), -1);
	T_EQ_STR(err, "[D_CHR_NULL] f.d:1:1: empty character constant");
	T_EQ_INT(lex("'\\x'"), -1);
	T_EQ_STR(err, "[D_UNKNOWN] f.d:1:2: \\x used with no following hex digits");
	T_EQ_INT(lex("\"\\x100\""), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:2: hex escape sequence out of range");
	T_EQ_INT(lex("'abcde'"), -1);
	T_EQ_STR(err, "[D_CHR_OFLOW] f.d:1:1: character constant is too long");
}

T_CASE(aggregations_and_macro_variables)
{
	T_EQ_INT(lex("@counts @ $1 $$2 $target $pid"), 0);
	T_CHECK(tok_eq(0, DTOK_AGG, "@counts"));
	T_CHECK(tok_eq(1, DTOK_AGG, "@"));
	T_CHECK(tok_eq(2, DTOK_MACRO, "$1"));
	T_CHECK(tok_eq(3, DTOK_MACRO, "$$2"));
	T_CHECK(tok_eq(4, DTOK_MACRO, "$target"));
	T_CHECK(tok_eq(5, DTOK_MACRO, "$pid"));
	T_EQ_INT(lex("a $ b"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:3: invalid macro variable '$'");
	T_EQ_INT(lex("$$pid $$target"), 0);
	T_CHECK(tok_eq(0, DTOK_MACRO, "$$pid"));
	T_CHECK(tok_eq(1, DTOK_MACRO, "$$target"));
	T_EQ_INT(lex("$$-"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:1: invalid macro variable '$$'");
}

T_CASE(comments_and_positions)
{
	T_EQ_INT(lex("/* one\n two */ a // c\n\tb /**/c"), 0);
	T_EQ_INT(L.ntoks, 4);
	T_EQ_INT(L.toks[0].line, 2);
	T_EQ_INT(L.toks[0].col, 9);
	T_EQ_INT(L.toks[1].line, 3);
	T_EQ_INT(L.toks[1].col, 2);
	T_EQ_INT(L.toks[2].col, 8);
	T_EQ_STR(L.toks[2].file, "f.d");
	T_EQ_INT(lex("a\n /* never closed\n\n"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:2:2: unterminated comment");
}

T_CASE(line_markers)
{
	T_EQ_INT(lex("# 1 \"probes.d\"\n# 1 \"<built-in>\" 1\n# 7 \"probes.d\" 2\n  x\n#line 20 \"other.d\"\ny\n#line 40\nz"), 0);
	T_EQ_INT(L.ntoks, 4);
	T_EQ_STR(L.toks[0].file, "probes.d");
	T_EQ_INT(L.toks[0].line, 7);
	T_EQ_INT(L.toks[0].col, 3);
	T_EQ_STR(L.toks[1].file, "other.d");
	T_EQ_INT(L.toks[1].line, 20);
	T_EQ_STR(L.toks[2].file, "other.d");
	T_EQ_INT(L.toks[2].line, 40);
	/* errors point into the original file */
	T_EQ_INT(lex("# 12 \"orig.d\"\nint a = 08;"), -1);
	T_EQ_STR(err, "[D_INT_DIGIT] orig.d:12:9: invalid digit '8' in octal constant");
	T_EQ_INT(lex("# x \"f\"\n"), -1);
	T_EQ_STR(err, "[D_PRAGCTL_INVAL] f.d:1:1: invalid control directive: #x");
	T_EQ_INT(lex("# 5 \"unterminated\n"), -1);
	T_EQ_STR(err, "[D_UNKNOWN] f.d:1:1: invalid line marker");
}

T_CASE(pragmas_and_directives)
{
	T_EQ_INT(lex("a\n#pragma D attributes Evolving/Evolving/Common provider p provider  \n  # pragma D option quiet\nb"), 0);
	T_EQ_INT(L.ntoks, 3);
	T_EQ_INT(L.npragmas, 2);
	T_EQ_STR(L.pragmas[0].text, "D attributes Evolving/Evolving/Common provider p provider");
	T_EQ_INT(L.pragmas[0].line, 2);
	T_EQ_STR(L.pragmas[1].text, "D option quiet");
	T_EQ_INT(L.pragmas[1].col, 3);
	T_EQ_INT(L.toks[1].line, 4);
	T_EQ_INT(lex("int a;\n#define N 3\n"), -1);
	T_EQ_STR(err, "[D_PRAGCTL_INVAL] f.d:2:1: invalid control directive: #define");
	T_EQ_INT(lex("#include <x.h>"), -1);
	T_EQ_STR(err, "[D_PRAGCTL_INVAL] f.d:1:1: invalid control directive: #include");
	T_EQ_INT(lex("#!/usr/sbin/dtrace -s\nx"), 0);
	T_EQ_INT(L.ntoks, 2);
	T_EQ_INT(L.toks[0].line, 2);
	/* a '#' that does not start a line is a stray character */
	T_EQ_INT(lex("a # b"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:3: invalid character '#'");
}

T_CASE(stray_bytes)
{
	T_EQ_INT(lex("a \\ b"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:3: invalid character '\\'");
	T_EQ_INT(lex("a \x01"), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:3: invalid character (byte 0x01)");
	static const char nul[] = "a\0b";
	T_EQ_INT(lex_n(nul, 3), -1);
	T_EQ_STR(err, "[D_SYNTAX] f.d:1:2: invalid character (NUL byte) in input");
	/* the record: tag, position and message apart */
	T_EQ_INT(E.tag, D_SYNTAX);
	T_EQ_INT(E.at, DERR_AT_FILE);
	T_EQ_STR(E.file, "f.d");
	T_EQ_INT(E.line, 1);
	T_EQ_INT(E.col, 2);
	T_EQ_STR(E.msg, "invalid character (NUL byte) in input");
	dtoklist_free(&L);
}

T_CASE(helpers)
{
	T_EQ_INT(lex("struct -> foo"), 0);
	T_CHECK(dtok_is(&L.toks[0], "struct"));
	T_CHECK(dtok_is(&L.toks[1], "->"));
	T_CHECK(!dtok_is(&L.toks[1], "-"));
	char *s = dtok_str(&L.toks[2]);
	T_EQ_STR(s, "foo");
	free(s);
	s = dtok_str(&L.toks[3]);
	T_EQ_STR(s, "end of input");
	free(s);
	T_CHECK(dlex_is_keyword("xlate", 5));
	T_CHECK(!dlex_is_keyword("xlat", 4));
	dtoklist_free(&L);
}

T_MAIN()
