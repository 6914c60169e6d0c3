/* test_probedesc.c — probe description parsing, dtrace globbing, "-" / "__" equivalence and
 * pid-qualified providers. */
#include "probedesc.h"
#include "t.h"

static int parse(const char *text, int which, struct probedesc *d)
{
	return probedesc_parse(text, which, d, NULL);
}

#define FIELDS(d, p, m, f, n) do { T_EQ_STR((d).prov, p); T_EQ_STR((d).mod, m); \
	T_EQ_STR((d).func, f); T_EQ_STR((d).name, n); } while (0)

T_CASE(parse_n_fills_from_the_right)
{
	struct probedesc d;
	T_EQ_INT(parse("entry", 'n', &d), 0);
	FIELDS(d, "", "", "", "entry");
	probedesc_free(&d);
	T_EQ_INT(parse("main:entry", 'n', &d), 0);
	FIELDS(d, "", "", "main", "entry");
	probedesc_free(&d);
	T_EQ_INT(parse("a.out:main:entry", 'n', &d), 0);
	FIELDS(d, "", "a.out", "main", "entry");
	probedesc_free(&d);
	T_EQ_INT(parse("python123:libpython.so:f:line", 'n', &d), 0);
	FIELDS(d, "python123", "libpython.so", "f", "line");
	probedesc_free(&d);
	T_EQ_INT(parse("python:::", 'n', &d), 0);
	FIELDS(d, "python", "", "", "");
	probedesc_free(&d);
	T_EQ_INT(parse("", 'n', &d), 0);
	FIELDS(d, "", "", "", "");
	probedesc_free(&d);
}

T_CASE(parse_P_m_f)
{
	struct probedesc d;
	T_EQ_INT(parse("python", 'P', &d), 0);
	FIELDS(d, "python", "", "", "");
	probedesc_free(&d);
	T_EQ_INT(parse("libc.so.6", 'm', &d), 0);
	FIELDS(d, "", "libc.so.6", "", "");
	probedesc_free(&d);
	T_EQ_INT(parse("libc:libc.so.6", 'm', &d), 0);
	FIELDS(d, "libc", "libc.so.6", "", "");
	probedesc_free(&d);
	T_EQ_INT(parse("malloc", 'f', &d), 0);
	FIELDS(d, "", "", "malloc", "");
	probedesc_free(&d);
	T_EQ_INT(parse("libc.so.6:malloc", 'f', &d), 0);
	FIELDS(d, "", "libc.so.6", "malloc", "");
	probedesc_free(&d);
	T_EQ_INT(parse("libc:libc.so.6:malloc", 'f', &d), 0);
	FIELDS(d, "libc", "libc.so.6", "malloc", "");
	probedesc_free(&d);
}

T_CASE(parse_rejects_bad_descriptions)
{
	struct probedesc d = {0};
	struct derr err;
	T_EQ_INT(probedesc_parse("a:b:c:d:e", 'n', &d, &err), -1);
	T_EQ_STR(err.msg, "invalid probe description \"a:b:c:d:e\": Overspecified probe description");
	T_EQ_INT(err.tag, D_PDESC_INVAL);
	T_EQ_INT(err.at, DERR_AT_NONE);
	T_CHECK(d.prov == NULL);
	T_EQ_INT(probedesc_parse("a:b", 'P', &d, &err), -1);
	T_EQ_INT(probedesc_parse("a:b:c", 'm', &d, &err), -1);
	T_EQ_INT(probedesc_parse("a:b:c:d", 'f', &d, &err), -1);
	T_EQ_INT(probedesc_parse("x", 'z', &d, &err), -1);
}

/* An unterminated [ is a pattern that matches nothing (dtrace's gmatch), not an error. */
T_CASE(unterminated_bracket_matches_nothing)
{
	struct probedesc d = {0};
	struct derr err;
	T_EQ_INT(probedesc_parse("foo[abc", 'n', &d, &err), 0);
	T_CHECK(!probedesc_glob(d.name, "foo[abc", false));
	T_CHECK(!probedesc_glob(d.name, "fooa", false));
	T_CHECK(!probedesc_glob("[", "[", false));
	T_CHECK(probedesc_glob("[ab]", "a", false));
	probedesc_free(&d);
}

T_CASE(glob_basics)
{
	T_CHECK(probedesc_glob("", "", false));
	T_CHECK(!probedesc_glob("", "a", false));
	T_CHECK(probedesc_glob("*", "", false));
	T_CHECK(probedesc_glob("*", "anything", false));
	T_CHECK(probedesc_glob("py*", "python", false));
	T_CHECK(!probedesc_glob("py*", "ruby", false));
	T_CHECK(probedesc_glob("*on", "python", false));
	T_CHECK(probedesc_glob("p?thon", "python", false));
	T_CHECK(!probedesc_glob("p?thon", "pthon", false));
	T_CHECK(probedesc_glob("[pq]ython", "python", false));
	T_CHECK(!probedesc_glob("[!p]ython", "python", false));
	T_CHECK(!probedesc_glob("[^p]ython", "python", false));
	T_CHECK(probedesc_glob("[!q]ython", "python", false));
	T_CHECK(probedesc_glob("[a-z]ython", "python", false));
	T_CHECK(!probedesc_glob("[A-Z]ython", "python", false));
	T_CHECK(probedesc_glob("[]x]", "]", false));
	T_CHECK(probedesc_glob("a\\*b", "a*b", false));
	T_CHECK(!probedesc_glob("a\\*b", "axb", false));
	T_CHECK(probedesc_glob("*a*b*c*", "xxaxxbxxcxx", false));
	T_CHECK(!probedesc_glob("*a*b*c*", "xxaxxcxxbxx", false));
	T_CHECK(!probedesc_glob("python", "python3", false));
}

T_CASE(glob_has_no_exponential_blowup)
{
	/* Backtracking matchers take ages on this; the DP matcher is quadratic. */
	const char *s = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	T_CHECK(!probedesc_glob("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", s, false));
	T_CHECK(probedesc_glob("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*", s, false));
}

T_CASE(dashes_match_double_underscores)
{
	T_CHECK(probedesc_glob("function-entry", "function__entry", true));
	T_CHECK(probedesc_glob("function__entry", "function__entry", true));
	T_CHECK(!probedesc_glob("function-entry", "function__entry", false));
	T_CHECK(!probedesc_glob("function-entry", "function_entry", true));
	T_CHECK(probedesc_glob("function-*", "function__return", true));
	T_CHECK(probedesc_glob("*-*-*", "import__find__load__start", true));
	T_CHECK(!probedesc_glob("*-*-*-*-*", "import__find__load__start", true));
	T_CHECK(probedesc_glob("a-b", "a-b", true));
}

T_CASE(display_name)
{
	char *s = probedesc_display_name("function__entry");
	T_EQ_STR(s, "function-entry");
	free(s);
	s = probedesc_display_name("import__find__load__start");
	T_EQ_STR(s, "import-find-load-start");
	free(s);
	s = probedesc_display_name("a___b");
	T_EQ_STR(s, "a-_b");
	free(s);
	s = probedesc_display_name("plain");
	T_EQ_STR(s, "plain");
	free(s);
}

T_CASE(provider_with_pid)
{
	T_CHECK(probedesc_match_provider("", "python", 123));
	T_CHECK(probedesc_match_provider("python", "python", 123));
	T_CHECK(probedesc_match_provider("python123", "python", 123));
	T_CHECK(probedesc_match_provider("python$123", "python", 123));
	T_CHECK(!probedesc_match_provider("python124", "python", 123));
	T_CHECK(!probedesc_match_provider("python$124", "python", 123));
	T_CHECK(!probedesc_match_provider("python12", "python", 123));
	T_CHECK(!probedesc_match_provider("python1123", "python", 123));
	T_CHECK(!probedesc_match_provider("python$$123", "python", 123));
	T_CHECK(!probedesc_match_provider("python123", "python", 0));
	T_CHECK(probedesc_match_provider("python", "python", 0));
	T_CHECK(probedesc_match_provider("py*", "python", 123));
	T_CHECK(probedesc_match_provider("python12*", "python", 123));
	T_CHECK(!probedesc_match_provider("python9*", "python", 123));
	T_CHECK(!probedesc_match_provider("ruby", "python", 123));
	/* a provider whose own name ends in digits still matches literally */
	T_CHECK(probedesc_match_provider("h2", "h2", 55));
	T_CHECK(probedesc_match_provider("h255", "h2", 55));
}

T_CASE(full_match)
{
	struct probedesc d;
	T_EQ_INT(parse("python$77:python3.11:_PyEval*:function-entry", 'n', &d), 0);
	T_CHECK(probedesc_match(&d, "python", 77, "python3.11", "_PyEval_EvalFrameDefault",
				"function__entry"));
	T_CHECK(!probedesc_match(&d, "python", 78, "python3.11", "_PyEval_EvalFrameDefault",
				 "function__entry"));
	T_CHECK(!probedesc_match(&d, "python", 77, "libc.so.6", "_PyEval_EvalFrameDefault",
				 "function__entry"));
	T_CHECK(!probedesc_match(&d, "python", 77, "python3.11", "main", "function__entry"));
	T_CHECK(!probedesc_match(&d, "python", 77, "python3.11", "_PyEval_EvalFrameDefault",
				 "function__return"));
	probedesc_free(&d);
	T_EQ_INT(parse("", 'n', &d), 0);
	T_CHECK(probedesc_match(&d, "x", 1, "m", NULL, "n"));
	probedesc_free(&d);
	/* a non-empty function pattern does not match a probe with no known function */
	T_EQ_INT(parse("f:", 'n', &d), 0);
	T_CHECK(!probedesc_match(&d, "x", 1, "m", NULL, "n"));
	probedesc_free(&d);
}

T_MAIN()
