/* test_dfmt.c — D printf formats. Numeric conversions are checked against the C library's
 * snprintf (dtrace hands them to printf(3C) too); dtrace's own conversions and messages against
 * expectations written from its documented behaviour and its source. */
#include "t.h"
#include "dfmt.h"
#include "derr.h"

#include <stdint.h>
#include <time.h>

/* ---- helpers ---- */

static struct dfmt_argtype AT_INT(unsigned size, bool sgn)
{
	static const char *const names[2][9] = {
		{ 0, "uint8_t", "uint16_t", 0, "uint32_t", 0, 0, 0, "uint64_t" },
		{ 0, "char", "short", 0, "int", 0, 0, 0, "int64_t" },
	};
	/* uint16_t and short are shorts; D's int64_t and uint64_t are longs */
	enum dfmt_irank rank = size == 2 ? DFMT_IR_SHORT : size == 8 ? DFMT_IR_LONG : DFMT_IR_OTHER;
	return (struct dfmt_argtype){ DFMT_ARG_INT, size, sgn, names[sgn][size], rank, size == 8, false };
}
/* a long long (%llx's type) and a long (%lx's) that are not named int64_t/uint64_t */
static const struct dfmt_argtype AT_LLONG = { DFMT_ARG_INT, 8, true, "long long",
					      DFMT_IR_LLONG, false, false };
static const struct dfmt_argtype AT_LONG = { DFMT_ARG_INT, 8, false, "unsigned long",
					     DFMT_IR_LONG, false, false };
static const struct dfmt_argtype AT_STR = { .cls = DFMT_ARG_STRING, .size = 256, .name = "string" };
static const struct dfmt_argtype AT_DBL = { .cls = DFMT_ARG_FLOAT, .size = 8, .is_signed = true,
					    .name = "double" };
static const struct dfmt_argtype AT_PTR = { .cls = DFMT_ARG_PTR, .size = 8, .name = "char *" };
static const struct dfmt_argtype AT_STACK = { .cls = DFMT_ARG_STACK, .size = 8, .name = "stack" };
static const struct dfmt_argtype AT_STRUCT = { .cls = DFMT_ARG_OTHER, .size = 16,
					       .name = "struct foo" };

static struct dfmt_value VI(unsigned size, bool sgn, uint64_t bits)
{
	struct dfmt_value v = { .kind = DFMT_V_INT, .size = size, .is_signed = sgn };
	v.u.u = bits;
	return v;
}
static struct dfmt_value VD(double d)
{
	struct dfmt_value v = { .kind = DFMT_V_FLOAT, .size = 8 };
	v.u.d = d;
	return v;
}
static struct dfmt_value VSN(const char *s, size_t n)
{
	struct dfmt_value v = { .kind = DFMT_V_STRING, .size = (unsigned)n };
	v.u.s.p = s;
	v.u.s.len = n;
	return v;
}
static struct dfmt_value VS(const char *s) { return VSN(s, strlen(s) + 1); }

/* Parse, check and format; returns the text, or "ERR: message". Caller frees. */
static char *runx(const char *text, const struct dfmt_argtype *at, size_t nat,
		  const struct dfmt_value *v, size_t nv, const struct dfmt_value *agg, size_t nagg,
		  const struct dfmt_argtype *aggtype, const struct dfmt_ctx *ctx)
{
	char err[512];
	struct derr e;
	struct dfmt *f = dfmt_parse(text, &e);
	if (!f)
		return xasprintf("ERR: %s", e.msg);
	if (dfmt_check(f, "printf", at, nat, 2, aggtype, false, &e) < 0) {
		dfmt_free(f);
		return xasprintf("ERR: %s", e.msg);
	}
	struct strbuf b = { 0 };
	if (dfmt_format(f, v, nv, agg, nagg, ctx, &b, err, sizeof(err)) < 0) {
		strbuf_free(&b);
		dfmt_free(f);
		return xasprintf("ERR: %s", err);
	}
	dfmt_free(f);
	return strbuf_take(&b);
}

static char *run1(const char *text, struct dfmt_argtype at, struct dfmt_value v)
{
	return runx(text, &at, 1, &v, 1, NULL, 0, NULL, NULL);
}
static char *run0(const char *text) { return runx(text, NULL, 0, NULL, 0, NULL, 0, NULL, NULL); }

#define EQ(call, exp) do { char *s_ = (call); T_EQ_STR(s_, (exp)); free(s_); } while (0)

static char w[512]; /* snprintf witness */
#define WIT(...) (snprintf(w, sizeof(w), __VA_ARGS__), w)

/* ---- literal text and %% ---- */

T_CASE(literal_only)
{
	EQ(run0("hello, world\n"), "hello, world\n");
	EQ(run0("100%% sure"), "100% sure");
	EQ(run0("%%"), "%");
}

/* ---- integers, against snprintf ---- */

T_CASE(int_flags_match_c)
{
	static const char *const fmts[] = { "%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%+5d",
		"%.3d", "%8.3d", "%-8.3d|", "%i", "%x", "%#x", "%X", "%#X", "%o", "%#o", "%u",
		"%08x", "%-#10x|", "%+05d", "% 05d" };
	static const int vals[] = { 0, 7, -7, 42, -123456, 2147483647, -2147483647 - 1 };
	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
		for (size_t j = 0; j < sizeof(vals) / sizeof(vals[0]); j++) {
			const char *fm = fmts[i];
			char last = fm[strlen(fm) - 1] == '|' ? fm[strlen(fm) - 2] : fm[strlen(fm) - 1];
			if (strchr("xXou", last))
				WIT(fm, (unsigned)vals[j]);
			else
				WIT(fm, vals[j]);
			EQ(run1(fm, AT_INT(4, true), VI(4, true, (uint64_t)(int64_t)vals[j])), w);
		}
}

T_CASE(int64_match_c)
{
	static const char *const fmts[] = { "%d", "%20d", "%x", "%#o", "%u", "%-22d|", "%lld",
		"%llx" };
	static const char *const cfmts[] = { "%lld", "%20lld", "%llx", "%#llo", "%llu", "%-22lld|",
		"%lld", "%llx" };
	static const long long vals[] = { 0, -1, INT64_MIN, INT64_MAX, 1234567890123LL };
	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
		for (size_t j = 0; j < sizeof(vals) / sizeof(vals[0]); j++) {
			if (strchr(cfmts[i], 'x') || strchr(cfmts[i], 'o') || strchr(cfmts[i], 'u'))
				WIT(cfmts[i], (unsigned long long)vals[j]);
			else
				WIT(cfmts[i], vals[j]);
			EQ(run1(fmts[i], AT_INT(8, true), VI(8, true, (uint64_t)vals[j])), w);
		}
}

/* D sizes: a value is read at its own size, then widened as dtrace does. */
T_CASE(int_sizes_and_signedness)
{
	EQ(run1("%d", AT_INT(1, true), VI(1, true, 0xff)), "-1");
	EQ(run1("%d", AT_INT(1, false), VI(1, false, 0xff)), "255");
	/* %i is %d (dt_printf.c checks both with pfcheck_dint): unsigned types print unsigned */
	EQ(run1("%i", AT_INT(1, false), VI(1, false, 0xff)), "255");
	EQ(run1("%i", AT_INT(1, true), VI(1, true, 0xff)), "-1");
	EQ(run1("%u", AT_INT(1, true), VI(1, true, 0xff)), "255");
	EQ(run1("%x", AT_INT(1, true), VI(1, true, 0xff)), "ff");
	EQ(run1("%x", AT_INT(2, true), VI(2, true, 0xfffe)), "fffe");
	EQ(run1("%d", AT_INT(2, true), VI(2, true, 0x8000)), "-32768");
	EQ(run1("%d", AT_INT(4, false), VI(4, false, 0xffffffff)), "4294967295");
	EQ(run1("%d", AT_INT(8, false), VI(8, false, UINT64_MAX)), "18446744073709551615");
	EQ(run1("%i", AT_INT(8, false), VI(8, false, UINT64_MAX)), "18446744073709551615");
	EQ(run1("%d", AT_INT(8, true), VI(8, true, UINT64_MAX)), "-1");
	/* Upper bits beyond the size are ignored. */
	EQ(run1("%d", AT_INT(1, true), VI(1, true, 0x1234567f)), "127");
}

/* dtrace's flag parser: a '0' after '-' wins, a '-' after '0' wins. */
T_CASE(zero_and_minus_order)
{
	EQ(run1("[%-05d]", AT_INT(4, true), VI(4, true, 42)), "[00042]");
	EQ(run1("[%0-5d]", AT_INT(4, true), VI(4, true, 42)), "[42   ]");
	EQ(run1("[%?d]", AT_INT(4, true), VI(4, true, 1)), "[               1]");
}

T_CASE(char_conversion)
{
	EQ(run1("%c", AT_INT(4, true), VI(4, true, 'A')), "A");
	EQ(run1("[%3c]", AT_INT(1, true), VI(1, true, 'z')), "[  z]");
	EQ(run1("[%-3c]", AT_INT(2, true), VI(2, true, 'z')), "[z  ]");
	EQ(run1("%c", AT_INT(8, true), VI(8, true, 'A')),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: int64_t");
}

T_CASE(grouping_flag_uses_locale)
{
	/* dtrace passes ' to printf(3C): grouping is the locale's (none in the C locale). */
	WIT("%'d", 1234567);
	EQ(run1("%'d", AT_INT(4, true), VI(4, true, 1234567)), w);
	WIT("%'.2f", 1234567.891);
	EQ(run1("%'.2f", AT_DBL, VD(1234567.891)), w);
}

/* ---- floating point ---- */

T_CASE(float_match_c)
{
	static const char *const fmts[] = { "%f", "%e", "%E", "%g", "%G", "%F", "%10.3f",
		"%-12.2e|", "%+g", "%#g", "%012.4f", "% f" };
	static const double vals[] = { 0.0, 1.5, -2.25, 3.14159265358979, 1e300, -1e-300, 123456789.0 };
	for (size_t i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++)
		for (size_t j = 0; j < sizeof(vals) / sizeof(vals[0]); j++) {
			WIT(fmts[i], vals[j]);
			EQ(run1(fmts[i], AT_DBL, VD(vals[j])), w);
		}
}

/* dtrace only emits a precision when it is > 0, so "%.0f" prints six decimals. */
T_CASE(zero_precision_dropped)
{
	EQ(run1("%.0f", AT_DBL, VD(1.5)), "1.500000");
	EQ(run1("%.d", AT_INT(4, true), VI(4, true, 0)), "0");
	EQ(run1("[%.0s]", AT_STR, VS("abc")), "[abc]");
}

T_CASE(float_needs_float)
{
	EQ(run1("%f", AT_INT(4, true), VI(4, true, 1)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %f\n\t prototype: float, double, or long double\n\t  argument: int");
}

/* ---- strings ---- */

T_CASE(strings)
{
	EQ(run1("[%s]", AT_STR, VS("hello")), "[hello]");
	EQ(run1("[%8s]", AT_STR, VS("hello")), "[   hello]");
	EQ(run1("[%-8s]", AT_STR, VS("hello")), "[hello   ]");
	EQ(run1("[%.3s]", AT_STR, VS("hello")), "[hel]");
	EQ(run1("[%6.2s]", AT_STR, VS("hello")), "[    he]");
	EQ(run1("[%s]", AT_STR, VS("")), "[]");
	/* A record of strsize bytes: the string ends at its NUL. */
	EQ(run1("[%s]", AT_STR, VSN("ab\0cd", 5)), "[ab]");
}

T_CASE(string_without_nul_is_bounded)
{
	char *p = xmalloc(4); /* exactly 4 bytes, no terminator: ASan catches any over-read */
	memcpy(p, "wxyz", 4);
	EQ(run1("[%s]", AT_STR, VSN(p, 4)), "[wxyz]");
	EQ(run1("[%S]", AT_STR, VSN(p, 4)), "[wxyz]");
	EQ(run1("[%s]", AT_STR, VSN(p, 2)), "[wx]");
	free(p);
	struct dfmt_value nul = VSN(NULL, 0);
	EQ(run1("[%s]", AT_STR, nul), "[]");
}

T_CASE(escaped_strings)
{
	/* strchr2esc: C escapes for the usual controls, \ooo for other bytes, "\0" for the NUL
	 * that ends the record's string, nothing after it. */
	const char s[] = "a\nb\t\"q\"\\ \x01\x7f\xff";
	EQ(run1("%S", AT_STR, VSN(s, sizeof(s))), "a\\nb\\t\\\"q\\\"\\\\ \\001\\177\\377\\0");
	EQ(run1("%S", AT_STR, VSN("x\0yy", 5)), "x\\0");
	EQ(run1("%S", AT_STR, VSN("\a\b\f\r\v", 5)), "\\a\\b\\f\\r\\v");
	EQ(run1("[%8S]", AT_STR, VSN("a\n", 2)), "[     a\\n]");
	EQ(run1("%C", AT_INT(4, true), VI(4, true, '\n')), "\\n");
	EQ(run1("%C", AT_INT(1, true), VI(1, true, 'q')), "q");
	EQ(run1("%C", AT_INT(1, true), VI(1, true, 0x80)), "\\200");
}

T_CASE(string_needs_string)
{
	EQ(run1("%s", AT_INT(4, true), VI(4, true, 1)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int");
	EQ(run1("%d", AT_STR, VS("x")),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string");
	EQ(run1("%d", AT_STRUCT, VI(8, false, 0)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: struct foo");
}

/* ---- pointers and symbols ---- */

T_CASE(pointer_is_hex)
{
	EQ(run1("%p", AT_PTR, VI(8, false, 0x7fff1234)), "7fff1234");
	EQ(run1("%#p", AT_PTR, VI(8, false, 0x7fff1234)), "0x7fff1234");
	EQ(run1("%p", AT_INT(4, true), VI(4, true, 0xffffffff)), "ffffffff");
	EQ(run1("%p", AT_STR, VS("x")),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %p\n\t prototype: pointer or integer\n\t  argument: string");
}

static bool test_symbolize(void *arg, uint64_t addr, struct dfmt_sym *out)
{
	(void)arg;
	if (addr >= 0x401000 && addr < 0x401100) {
		out->module = "a.out";
		out->func = "main";
		out->func_addr = 0x401000;
		return true;
	}
	if (addr >= 0x7f0000000000 && addr < 0x7f0000100000) {
		out->module = "libc.so.6";
		out->func = NULL;
		return true;
	}
	return false;
}

T_CASE(addresses)
{
	struct dfmt_ctx ctx = { .symbolize = test_symbolize };
	struct dfmt_argtype at = AT_PTR;
	struct dfmt_value v[] = { VI(8, false, 0x401010), VI(8, false, 0x401000),
				  VI(8, false, 0x7f0000000040), VI(8, false, 0x1234) };
	static const char *const want[] = { "a.out`main+0x10", "a.out`main", "libc.so.6`0x7f0000000040",
					    "0x1234" };
	for (int i = 0; i < 4; i++) {
		EQ(runx("%a", &at, 1, &v[i], 1, NULL, 0, NULL, &ctx), want[i]);
		/* Without a symbol source every address is hex. */
		char *hex = xasprintf("0x%llx", (unsigned long long)v[i].u.u);
		EQ(runx("%a", &at, 1, &v[i], 1, NULL, 0, NULL, NULL), hex);
		free(hex);
	}
	EQ(runx("[%-20a]", &at, 1, &v[0], 1, NULL, 0, NULL, &ctx), "[a.out`main+0x10     ]");
}

static bool test_ksymbolize(void *arg, uint64_t addr, struct dfmt_sym *out)
{
	(void)arg;
	if (addr < 0xffffffff81000000ull || addr >= 0xffffffff81000100ull)
		return false;
	out->module = "vmlinux";
	out->func = "do_syscall_64";
	out->func_addr = 0xffffffff81000000ull;
	return true;
}

/* %a names kernel symbols (dtrace's printf: %a is a kernel address, %A the target's): a user
 * address is hex to it; a context with no kernel symbolizer falls back to the one it has. */
T_CASE(kernel_addresses)
{
	struct dfmt_ctx ctx = { .symbolize = test_symbolize,
				.ksymbolize = test_ksymbolize };
	struct dfmt_argtype at = AT_PTR;
	struct dfmt_value k = VI(8, false, 0xffffffff81000010ull), u = VI(8, false, 0x401010);
	EQ(runx("%a", &at, 1, &k, 1, NULL, 0, NULL, &ctx), "vmlinux`do_syscall_64+0x10");
	EQ(runx("%a", &at, 1, &u, 1, NULL, 0, NULL, &ctx), "0x401010");
}

T_CASE(uaddr_needs_target_or_usym)
{
	char err[512];
	struct derr e;
	struct dfmt *f = dfmt_parse("%A", &e);
	T_CHECK(f != NULL);
	struct dfmt_argtype at = AT_PTR;
	T_EQ_INT(dfmt_check(f, "printf", &at, 1, 2, NULL, false, &e), -1);
	T_EQ_STR(e.msg, "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		 "\tconversion: %A\n\t prototype: pointer or integer (with -p/-c) or _usymaddr "
		 "(without -p/-c)\n\t  argument: char *");
	T_EQ_INT(dfmt_check(f, "printf", &at, 1, 2, NULL, true, &e), 0);
	struct dfmt_argtype us = { .cls = DFMT_ARG_USYMADDR, .size = 8, .is_signed = false, .name = "_usymaddr_t" };
	T_EQ_INT(dfmt_check(f, "printf", &us, 1, 2, NULL, false, &e), 0);
	struct dfmt_ctx ctx = { .symbolize = test_symbolize };
	struct dfmt_value v = VI(8, false, 0x401004);
	struct strbuf b = { 0 };
	T_EQ_INT(dfmt_format(f, &v, 1, NULL, 0, &ctx, &b, err, sizeof(err)), 0);
	T_EQ_STR(b.s, "a.out`main+0x4");
	strbuf_free(&b);
	dfmt_free(f);
}

T_CASE(stacks)
{
	struct dfmt_ctx ctx = { .symbolize = test_symbolize };
	uint64_t pcs[] = { 0x401020, 0x7f0000000010, 0x99, 0, 0x401000 };
	struct dfmt_value v = { .kind = DFMT_V_STACK, .size = 8 };
	v.u.stack.pcs = pcs;
	v.u.stack.n = 5;
	struct dfmt_argtype at = AT_STACK;
	/* A newline, then each frame on its own line, not indented (DTrace for Linux's printa
	 * "%k": the stackindent option is for unformatted stacks); a 0 pc ends the stack. */
	EQ(runx("%k", &at, 1, &v, 1, NULL, 0, NULL, &ctx),
	   "\na.out`main+0x20\nlibc.so.6`0x7f0000000010\n0x99\n");
	/* %-4k: the width becomes the indentation. */
	EQ(runx("%-4k|", &at, 1, &v, 1, NULL, 0, NULL, &ctx),
	   "\n    a.out`main+0x20\n    libc.so.6`0x7f0000000010\n    0x99\n|");
	/* %20k: each frame right-aligned in 20, with no indentation before. */
	v.u.stack.n = 1;
	EQ(runx("%20k", &at, 1, &v, 1, NULL, 0, NULL, &ctx),
	   "\n     a.out`main+0x20\n");
	/* An empty or absent stack is just the newline. */
	struct dfmt_value none = { .kind = DFMT_V_STACK };
	none.u.stack.n = 3;
	EQ(runx("%k|", &at, 1, &none, 1, NULL, 0, NULL, &ctx), "\n|");
	EQ(run1("%k", AT_INT(8, true), VI(8, true, 0)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %k\n\t prototype: stack\n\t  argument: int64_t");
}

/* ---- time ---- */

T_CASE(walltime)
{
	setenv("TZ", "UTC", 1);
	tzset();
	EQ(run1("%Y", AT_INT(8, true), VI(8, true, 1795319112ULL * 1000000000ULL + 999)),
	   "2026 Nov 22 03:45:12");
	EQ(run1("%Y", AT_INT(8, false), VI(8, false, 0)), "1970 Jan  1 00:00:00");
	EQ(run1("[%25Y]", AT_INT(8, false), VI(8, false, 1000000000ULL * 1000000000ULL)),
	   "[     2001 Sep  9 01:46:40]");
	EQ(run1("%T", AT_INT(8, false), VI(8, false, 1000000000ULL * 1000000000ULL)),
	   "Sun, 09 Sep 2001 01:46:40 UTC");
	EQ(run1("%Y", AT_INT(4, true), VI(4, true, 0)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %Y\n\t prototype: int64_t\n\t  argument: int");
	/* The value is read unsigned, as walltimestamp is a uint64_t (observed: TZ=UTC dtrace -qn
	 * 'BEGIN { printf("%Y|%.4Y\n", -1LL, (int64_t)0x8000000000000000ULL); exit(0); }'):
	 * all-ones is in 2554, not a nanosecond before the epoch; INT64_MIN is in 2262. */
	EQ(run1("%Y", AT_INT(8, false), VI(8, false, UINT64_MAX)), "2554 Jul 21 23:34:33");
	EQ(run1("%.4Y", AT_INT(8, true), VI(8, true, (uint64_t)INT64_MIN)), "2262");
}

/* ---- dynamic width and precision ---- */

T_CASE(dynamic_width_precision)
{
	struct dfmt_argtype at[3] = { AT_INT(4, true), AT_INT(4, true), AT_DBL };
	struct dfmt_value v[3] = { VI(4, true, 10), VI(4, true, 3), VD(3.14159) };
	WIT("[%*.*f]", 10, 3, 3.14159);
	EQ(runx("[%*.*f]", at, 3, v, 3, NULL, 0, NULL, NULL), w);
	v[0] = VI(4, true, (uint64_t)-10);
	WIT("[%*.*f]", -10, 3, 3.14159);
	EQ(runx("[%*.*f]", at, 3, v, 3, NULL, 0, NULL, NULL), w);
	struct dfmt_argtype at2[2] = { AT_INT(8, true), AT_STR };
	struct dfmt_value v2[2] = { VI(8, true, 6), VS("ab") };
	EQ(runx("[%*s]", at2, 2, v2, 2, NULL, 0, NULL, NULL), "[    ab]");
	/* A hostile dynamic width is clamped to DFMT_FIELD_MAX. */
	v2[0] = VI(8, true, 999999999);
	char *s = runx("%*s", at2, 2, v2, 2, NULL, 0, NULL, NULL);
	T_EQ_INT(strlen(s), DFMT_FIELD_MAX);
	T_CHECK(strcmp(s + DFMT_FIELD_MAX - 2, "ab") == 0);
	free(s);
	v2[0] = VI(4, true, 0x80000000); /* INT_MIN: no overflow on negation */
	s = runx("%*s", at2, 2, v2, 2, NULL, 0, NULL, NULL);
	T_EQ_INT(strlen(s), DFMT_FIELD_MAX);
	T_CHECK(strncmp(s, "ab ", 3) == 0);
	free(s);
	struct dfmt_argtype at3[3] = { AT_INT(4, true), AT_INT(4, true), AT_DBL };
	struct dfmt_value v3[3] = { VI(4, true, 0), VI(4, true, 2000000000), VD(1.0) };
	s = runx("%*.*f", at3, 3, v3, 3, NULL, 0, NULL, NULL);
	T_EQ_INT(strlen(s), 2 + DFMT_FIELD_MAX);
	free(s);
}

T_CASE(dynamic_width_errors)
{
	struct dfmt_argtype at[2] = { AT_STR, AT_INT(4, true) };
	struct dfmt_value v[2] = { VS("x"), VI(4, true, 1) };
	EQ(runx("%*d", at, 2, v, 2, NULL, 0, NULL, NULL),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: % * d\n\t prototype: int\n\t  argument: string");
	EQ(runx("%.*d", at, 0, v, 0, NULL, 0, NULL, NULL),
	   "ERR: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding "
	   "\".*\" argument");
	EQ(run0("%**d"), "ERR: format conversion #1 has more than one '*' specified for the "
			 "output width");
}

/* ---- hostile literal widths ---- */

T_CASE(huge_literal_width_rejected)
{
	EQ(run1("%999999999d", AT_INT(4, true), VI(4, true, 1)),
	   "ERR: format conversion #1 width is larger than 67108864");
	EQ(run1("%.99999999999999999999f", AT_DBL, VD(1)),
	   "ERR: format conversion #1 precision is larger than 67108864");
	char *s = run1("%65535d", AT_INT(4, true), VI(4, true, 1));
	T_EQ_INT(strlen(s), 65535);
	free(s);
}

/* ---- %ls: an array of 4-byte integers as a wide string ---- */

T_CASE(wide_strings)
{
	static const int32_t hi[4] = { 'H', 'i', '!', 0 };
	struct dfmt_argtype wa = { .cls = DFMT_ARG_WSTR, .size = sizeof(hi), .is_signed = true, .name = "int [4]" };
	struct dfmt_value wv = VSN((const char *)hi, sizeof(hi));
	EQ(run1("[%ls]", wa, wv), "[Hi!]");
	struct dfmt_argtype wa3[3] = { wa, wa, wa };
	struct dfmt_value wv3[3] = { wv, wv, wv };
	EQ(runx("[%5ls|%-5ls|%.1ls]", wa3, 3, wv3, 3, NULL, 0, NULL, NULL), "[  Hi!|Hi!  |H]");
	/* %ws is no C conversion; the C library (and so dtrace) prints it as written */
	EQ(run1("[%ws]", wa, wv), "[%ws]");
	/* so is %wc (dtrace checks an int and prints "%wc") */
	struct dfmt_argtype it = { .cls = DFMT_ARG_INT, .size = 4, .is_signed = true, .name = "int" };
	EQ(run1("[%wc]", it, VI(4, true, 66)), "[%wc]");
	/* no zero within the array: its elements end the string */
	static const int32_t full[2] = { 'a', 'b' };
	EQ(run1("%ls", wa, VSN((const char *)full, sizeof(full))), "ab");
	struct dfmt_argtype str = { .cls = DFMT_ARG_STRING, .size = 256, .is_signed = false, .name = "string" };
	EQ(run1("%ls", str, VS("x")), "ERR: printf( ) argument #2 is incompatible with conversion "
	   "#1 prototype:\n\tconversion: %ls\n\t prototype: wchar_t []\n\t  argument: string");
}

/* ---- malformed formats, argument counts ---- */

T_CASE(parse_errors)
{
	EQ(run0("%y"), "ERR: format conversion #1 is undefined: %y");
	EQ(run0("%% then %y"), "ERR: format conversion #2 is undefined: %y"); /* %% counts */
	EQ(run0("%lf"), "ERR: format conversion #1 is undefined: %lf");
	EQ(run0("%5%"), "ERR: format conversion #1 cannot be combined with other format flags: %%");
	EQ(run0("abc%"), "ERR: format conversion #1 name expected before end of format string");
	EQ(run0("%-"), "ERR: format conversion #1 name expected before end of format string");
	EQ(run0("%1$d"), "ERR: format conversion #1 uses unsupported positional format (%n$)");
	EQ(run0("%1.2.3d"), "ERR: format conversion #1 has more than one '.' specified");
	/* dtrace knows no %I or %P (observed: "format conversion #1 is undefined: %P") */
	EQ(run0("%I"), "ERR: format conversion #1 is undefined: %I");
	EQ(run0("%P"), "ERR: format conversion #1 is undefined: %P");
	EQ(run0("%ls"), "ERR: printf( ) prototype mismatch: conversion #1 (%ls) is missing a "
	   "corresponding value argument");
	EQ(run0("%hhhhhhhhhhd"), "ERR: format conversion #1 is undefined: %hhhhhhd");
	EQ(run0(""), "ERR: printf( ) format string is empty");
	EQ(run0("%**d"), "ERR: format conversion #1 has more than one '*' specified for the output width");
	EQ(run0("%.**d"),
	   "ERR: format conversion #1 has more than one '*' specified for the output precision");
}

/* The tag of a parse or check error (the record's), DTAG_NONE when there is none. */
static enum dtag tag_of(const char *text, const struct dfmt_argtype *at, size_t nat,
			const struct dfmt_argtype *aggtype)
{
	struct derr e;
	struct dfmt *f = dfmt_parse(text, &e);
	if (f && dfmt_check(f, "printf", at, nat, 2, aggtype, false, &e) == 0)
		e.tag = DTAG_NONE;
	dfmt_free(f);
	return e.tag;
}

T_CASE(error_tags)
{
	struct dfmt_argtype at[2] = { AT_INT(4, true), AT_STR };
	T_EQ_INT(tag_of("%y", NULL, 0, NULL), D_SYNTAX);
	T_EQ_INT(tag_of("%1$d", NULL, 0, NULL), D_SYNTAX);
	T_EQ_INT(tag_of("", NULL, 0, NULL), D_PRINTF_FMT_EMPTY);
	T_EQ_INT(tag_of("%*d", NULL, 0, NULL), D_PRINTF_DYN_PROTO);
	T_EQ_INT(tag_of("%*d", at + 1, 1, NULL), D_PRINTF_DYN_TYPE);
	T_EQ_INT(tag_of("%@d", NULL, 0, NULL), D_PRINTF_AGG_CONV);
	T_EQ_INT(tag_of("%d %d", at, 1, NULL), D_PRINTF_ARG_PROTO);
	T_EQ_INT(tag_of("%d", at + 1, 1, NULL), D_PRINTF_ARG_TYPE);
	T_EQ_INT(tag_of("%d", at, 2, NULL), D_PRINTF_ARG_EXTRA);
	T_EQ_INT(tag_of("%d", at, 1, NULL), DTAG_NONE); /* no error */
	/* a message as -x errtags shows it: the tag, no position (the checker gives the line) */
	struct derr e;
	T_CHECK(dfmt_parse("%y", &e) == NULL);
	char text[DERR_TEXT_MAX];
	T_EQ_STR(derr_format(&e, true, text, sizeof(text)), "[D_SYNTAX] format conversion #1 is undefined: %y");
}

T_CASE(argument_count)
{
	struct dfmt_argtype at[3] = { AT_INT(4, true), AT_STR, AT_INT(4, true) };
	struct dfmt_value v[3] = { VI(4, true, 1), VS("s"), VI(4, true, 3) };
	EQ(runx("%d %s %d", at, 3, v, 3, NULL, 0, NULL, NULL), "1 s 3");
	EQ(runx("%d %s %d", at, 2, v, 2, NULL, 0, NULL, NULL),
	   "ERR: printf( ) prototype mismatch: conversion #3 (%d) is missing a corresponding "
	   "value argument");
	EQ(runx("%d %s", at, 3, v, 3, NULL, 0, NULL, NULL),
	   "ERR: printf( ) prototype mismatch: only 2 arguments required by this format string");
	EQ(runx("%s %d", at, 2, v, 2, NULL, 0, NULL, NULL),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n\t  argument: int");
	EQ(runx("%d %d", at, 2, v, 2, NULL, 0, NULL, NULL),
	   "ERR: printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
	   "\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string");
}

/* ---- length modifiers ---- */

T_CASE(length_modifiers)
{
	/* dtrace's typed conversions. */
	EQ(run1("%hd", AT_INT(2, true), VI(2, true, 0xffff)), "-1");
	EQ(run1("%hu", AT_INT(2, false), VI(2, false, 0xffff)), "65535");
	EQ(run1("%hx", AT_INT(2, true), VI(2, true, 0xffff)), "ffff");
	EQ(run1("%ld", AT_INT(8, true), VI(8, true, (uint64_t)-5)), "-5");
	EQ(run1("%lu", AT_INT(8, false), VI(8, false, 5)), "5");
	EQ(run1("%llx", AT_INT(8, false), VI(8, false, 0xdeadbeefcafeULL)), "deadbeefcafe");
	EQ(run1("%lx", AT_INT(8, true), VI(8, true, 255)), "ff");
	/* %hx %lx %llx want the type they name, not one as wide: a long long is no argument for
	 * %lx nor a long for %llx, unless named int64_t/uint64_t (Guide, "Size Prefixes") */
	EQ(run1("%llx", AT_LLONG, VI(8, true, 255)), "ff");
	EQ(run1("%lX", AT_LONG, VI(8, false, 255)), "FF");
	EQ(run1("%lx", AT_LLONG, VI(8, true, 255)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %lx\n\t prototype: long\n\t  argument: long long");
	EQ(run1("%llX", AT_LONG, VI(8, false, 255)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %llX\n\t prototype: long long\n\t  argument: unsigned long");
	EQ(run1("%hd", AT_INT(4, true), VI(4, true, 1)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %hd\n\t prototype: short\n\t  argument: int");
	EQ(run1("%ld", AT_INT(4, true), VI(4, true, 1)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %ld\n\t prototype: long\n\t  argument: int");
	EQ(run1("%lu", AT_INT(8, true), VI(8, true, 1)),
	   "ERR: printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
	   "\tconversion: %lu\n\t prototype: unsigned long\n\t  argument: int64_t");
	/* hh j z t are not modifiers for dtrace (DTrace for Linux: "format conversion #1 is
	 * undefined: %hhd"), so "%zu" is the undefined conversion %z followed by text. */
	EQ(run1("%hhd", AT_INT(4, true), VI(4, true, 300)), "ERR: format conversion #1 is undefined: %hhd");
	EQ(run1("%hhx", AT_INT(1, false), VI(1, false, 1)), "ERR: format conversion #1 is undefined: %hhx");
	EQ(run1("%zu", AT_INT(8, false), VI(8, false, 7)), "ERR: format conversion #1 is undefined: %z");
	EQ(run1("%jd", AT_INT(1, true), VI(1, true, 0xff)), "ERR: format conversion #1 is undefined: %j");
	EQ(run0("%z"), "ERR: format conversion #1 is undefined: %z");
}

/* ---- %@ ---- */

T_CASE(aggregation_values)
{
	struct derr e;
	struct dfmt_argtype keyt = AT_STR;
	struct dfmt_argtype aggt = AT_INT(8, true);
	struct dfmt_value key = VS("bash");
	struct dfmt_value agg[2] = { VI(8, true, 42), VI(8, true, (uint64_t)-7) };
	EQ(runx("%-10s %@8d\n", &keyt, 1, &key, 1, agg, 1, &aggt, NULL), "bash             42\n");
	/* Several aggregations: one %@ each; extra %@ repeat the last. */
	EQ(runx("%s %@d %@d %@d", &keyt, 1, &key, 1, agg, 2, &aggt, NULL), "bash 42 -7 -7");
	/* count() is unsigned. */
	struct dfmt_argtype cnt = AT_INT(8, false);
	struct dfmt_value big = VI(8, false, UINT64_MAX);
	EQ(runx("%@d", NULL, 0, NULL, 0, &big, 1, &cnt, NULL), "18446744073709551615");
	/* A quantize() under %@ prints its distribution verbatim, ignoring the width. */
	struct dfmt_value q = { .kind = DFMT_V_TEXT };
	q.u.s.p = "\n  value  ---\n";
	q.u.s.len = strlen(q.u.s.p);
	EQ(runx("%s%@10d|", &keyt, 1, &key, 1, &q, 1, &aggt, NULL), "bash\n  value  ---\n|");
	/* printf() has no aggregation. */
	EQ(run0("%@d"), "ERR: %@ conversion requires an aggregation and is not for use with printf( )");
	struct dfmt *f = dfmt_parse("%@s", &e);
	T_EQ_INT(dfmt_check(f, "printa", NULL, 0, 2, &aggt, false, &e), -1);
	T_EQ_STR(e.msg, "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
		 "\tconversion: %s\n\t prototype: char [] or string (or use stringof)\n"
		 "\t  argument: int64_t");
	dfmt_free(f);
}

/* ---- run-time mismatches fail cleanly ---- */

T_CASE(runtime_value_mismatch)
{
	char err[512];
	struct derr e;
	struct dfmt *f = dfmt_parse("%d %s", &e);
	struct dfmt_argtype at[2] = { AT_INT(4, true), AT_STR };
	T_EQ_INT(dfmt_check(f, "printf", at, 2, 2, NULL, false, &e), 0);
	T_EQ_INT(f->nargs, 2);
	struct dfmt_value v[2] = { VS("x"), VI(4, true, 1) };
	struct strbuf b = { 0 };
	T_EQ_INT(dfmt_format(f, v, 2, NULL, 0, NULL, &b, err, sizeof(err)), -1);
	T_EQ_STR(err, "conversion #1 (%d) cannot print a string value");
	T_EQ_INT(dfmt_format(f, v, 0, NULL, 0, NULL, &b, err, sizeof(err)), -1);
	T_EQ_STR(err, "conversion #1 (%d) has no value");
	strbuf_free(&b);
	dfmt_free(f);
}

/* ---- random formats never crash ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

T_CASE(random_formats_are_safe)
{
	static const char alphabet[] = "%%%%dxsSfYkaApcC@*.-+ #0'?1239lhLjzt$XyQ \n\\";
	char text[24], err[512];
	struct derr e;
	int parsed = 0, formatted = 0;
	uint64_t pcs[2] = { 0x401000, 0 };
	for (int iter = 0; iter < 30000; iter++) {
		size_t n = 1 + rng() % (sizeof(text) - 1);
		for (size_t i = 0; i < n; i++)
			text[i] = alphabet[rng() % (sizeof(alphabet) - 1)];
		text[n] = '\0';
		struct dfmt *f = dfmt_parse(text, &e);
		if (!f) {
			T_CHECK(e.msg[0] != '\0');
			continue;
		}
		parsed++;
		/* Give each conversion an argument of a class it accepts; widths get ints (a huge one now
		 * and then: each pads up to the 64 MiB cap, and one in three made this test 15 s). */
		struct dfmt_argtype at[64];
		struct dfmt_value v[64];
		size_t na = 0;
		for (size_t i = 0; i < f->npieces && na < 60; i++) {
			struct dfmt_piece *pc = &f->pieces[i];
			if (!pc->conv || pc->kind == DFMT_K_PCT)
				continue;
			for (int d = 0; d < 2; d++)
				if (pc->flags & (d ? DFMT_F_DYNPREC : DFMT_F_DYNWIDTH)) {
					at[na] = AT_INT(4, true);
					v[na++] = VI(4, true, rng() % 64 ? rng() % 40 : rng());
				}
			if (pc->flags & DFMT_F_AGG)
				continue;
			switch (pc->kind) {
			case DFMT_K_FLOAT: at[na] = AT_DBL; v[na] = VD((double)(int64_t)rng() / 7); break;
			case DFMT_K_STR: case DFMT_K_ESTR: at[na] = AT_STR; v[na] = VSN("a\n\377b", 4); break;
			case DFMT_K_STACK: at[na] = AT_STACK; v[na] = (struct dfmt_value){ .kind = DFMT_V_STACK };
				v[na].u.stack.pcs = pcs; v[na].u.stack.n = 2; break;
			case DFMT_K_SINT: case DFMT_K_ECHR: at[na] = AT_INT(pc->name[0] == 'l' ? 8 : 4, true);
				if (strchr(pc->name, 'h')) at[na] = AT_INT(2, true);
				if (strchr(pc->name, 'c') || pc->kind == DFMT_K_ECHR) at[na] = AT_INT(4, true);
				v[na] = VI(at[na].size, true, rng()); break;
			case DFMT_K_UADDR: at[na] = (struct dfmt_argtype){ .cls = DFMT_ARG_USYMADDR, .size = 8, .is_signed = false, .name = "u" };
				v[na] = VI(8, false, rng()); break;
			default: at[na] = AT_INT(8, rng() & 1); v[na] = VI(8, at[na].is_signed, rng()); break;
			}
			na++;
		}
		struct dfmt_argtype aggt = AT_INT(8, true);
		struct dfmt_value agg = VI(8, true, rng());
		if (dfmt_check(f, "printa", at, na, 2, &aggt, false, &e) == 0) {
			struct strbuf b = { 0 };
			struct dfmt_ctx ctx = { .symbolize = test_symbolize };
			if (dfmt_format(f, v, na, &agg, 1, &ctx, &b, err, sizeof(err)) == 0)
				formatted++;
			/* The same format with every value of the wrong kind: an error, no crash. */
			struct dfmt_value bad[64];
			for (size_t i = 0; i < na; i++)
				bad[i] = v[i].kind == DFMT_V_STRING ? VI(8, true, 1) : VSN("zz", 2);
			b.len = 0;
			(void)dfmt_format(f, bad, na, &bad[0], na ? 1 : 0, &ctx, &b, err, sizeof(err));
			(void)dfmt_format(f, v, na / 2, NULL, 0, NULL, &b, err, sizeof(err));
			strbuf_free(&b);
		}
		dfmt_free(f);
	}
	/* The generator must actually reach the formatter, or this case proves nothing. */
	T_CHECK(parsed > 1000);
	T_CHECK(formatted > 500);
}

T_MAIN()
