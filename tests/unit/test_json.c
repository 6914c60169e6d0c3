/* test_json.c — the JSON writer (src/print/json.c) and folded stacks (src/print/fold.c).
 * Expectations from RFC 8259 (what a string must escape: '"', '\\', U+0000..U+001F) and the
 * UTF-8 definition of RFC 3629 (no overlong forms, no surrogates, nothing above U+10FFFF);
 * folded lines from the format FlameGraph's flamegraph.pl reads ("frame;frame count"). */
#include "t.h"
#include "fold.h"
#include "json.h"

#include <math.h>
#include <stdint.h>

static struct strbuf b;
static const char *out(void) { return b.s ? b.s : ""; }
static void reset(void) { b.len = 0; if (b.s) b.s[0] = '\0'; }
static const char *str(const char *s, size_t n) { reset(); json_str(&b, s, n); return out(); }

T_CASE(json_escapes_what_rfc8259_requires)
{
	T_EQ_STR(str("a\"b\\c", 5), "\"a\\\"b\\\\c\"");
	T_EQ_STR(str("\n\t\r\b\f", 5), "\"\\n\\t\\r\\b\\f\"");
	T_EQ_STR(str("\001\037 ~\177", 5), "\"\\u0001\\u001f ~\177\"");
	T_EQ_STR(str("x\0y", 3), "\"x\\u0000y\"");   /* every byte of n, NULs too */
	T_EQ_STR(str("", 0), "\"\"");
}

T_CASE(json_keeps_valid_utf8)
{
	/* U+00E9, U+20AC, U+1F600, U+10FFFF */
	T_EQ_STR(str("\303\251", 2), "\"\303\251\"");
	T_EQ_STR(str("\342\202\254", 3), "\"\342\202\254\"");
	T_EQ_STR(str("\360\237\230\200", 4), "\"\360\237\230\200\"");
	T_EQ_STR(str("\364\217\277\277", 4), "\"\364\217\277\277\"");
}

T_CASE(json_escapes_bytes_that_are_not_utf8)
{
	T_EQ_STR(str("\200", 1), "\"\\u0080\"");                       /* lone continuation */
	T_EQ_STR(str("\300\200", 2), "\"\\u00c0\\u0080\"");            /* overlong NUL */
	T_EQ_STR(str("\340\200\200", 3), "\"\\u00e0\\u0080\\u0080\""); /* overlong 3-byte */
	T_EQ_STR(str("\355\240\200", 3), "\"\\u00ed\\u00a0\\u0080\""); /* surrogate U+D800 */
	T_EQ_STR(str("\364\220\200\200", 4), "\"\\u00f4\\u0090\\u0080\\u0080\""); /* > U+10FFFF */
	T_EQ_STR(str("a\342\202", 3), "\"a\\u00e2\\u0082\"");          /* cut short */
	T_EQ_STR(str("\377z", 2), "\"\\u00ffz\"");
}

T_CASE(json_numbers)
{
	reset();
	json_int(&b, INT64_MIN);
	strbuf_putc(&b, ' ');
	json_uint(&b, UINT64_MAX);
	strbuf_putc(&b, ' ');
	json_int(&b, 0);
	strbuf_putc(&b, ' ');
	json_double(&b, 0.5);
	strbuf_putc(&b, ' ');
	json_double(&b, NAN);
	strbuf_putc(&b, ' ');
	json_double(&b, INFINITY);
	T_EQ_STR(out(), "-9223372036854775808 18446744073709551615 0 0.5 null null");
	reset();
	json_cstr(&b, NULL);
	json_key(&b, "k");
	T_EQ_STR(out(), "null\"k\":");
}

/* A symbolizer: module "m", function f at 0x1000, g at 0x2000 (0x100 bytes each), pid 7
 * only; nothing known elsewhere. */
static bool sym(void *arg, uint32_t pid, uint64_t addr, struct dfmt_sym *o)
{
	(void)arg;
	if (pid != 7)
		return false;
	o->module = "m";
	o->func = addr >= 0x1000 && addr < 0x1100 ? "f" : addr >= 0x2000 && addr < 0x2100 ? "g" : NULL;
	o->func_addr = addr & ~0xfffull;
	return true;
}

static void key(unsigned char *k, uint64_t pid, uint64_t f0, uint64_t f1, int64_t n)
{
	memset(k, 0, 40);
	memcpy(k, &pid, 8);
	memcpy(k + 8, &f0, 8);
	memcpy(k + 16, &f1, 8);
	memcpy(k + 32, &n, 8);
}

T_CASE(fold_lines)
{
	/* keys: ustack() of 2 frames (+ the 0 after them), then an int */
	struct agg_keydesc kd[2] = { { AGG_KEY_STACK, 8 + 3 * 8, false }, { AGG_KEY_INT, 8, true } };
	char eb[128];
	struct agg_desc *d = agg_desc_new("a", 1, AGG_COUNT, NULL, 0, kd, 2, eb, sizeof eb);
	T_CHECK(d != NULL);
	if (!d)
		return;
	struct agg_usym u = { sym, NULL, NULL, 14 };
	d->usym = &u;
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char k[40];
	int64_t v;
	/* leaf first: f called from g; two offsets in f fold into one line, added */
	key(k, 7, 0x1010, 0x2020, -1);
	v = 3;
	agg_data_add(&a, k, &v, 1);
	key(k, 7, 0x1040, 0x2020, -1);
	v = 4;
	agg_data_add(&a, k, &v, 1);
	/* a frame outside any symbol, in another process; a 0 value is left out */
	key(k, 7, 0x1800, 0, 5);
	v = 2;
	agg_data_add(&a, k, &v, 1);
	key(k, 9, 0x1010, 0, 5);
	v = 1;
	agg_data_add(&a, k, &v, 1);
	key(k, 7, 0x2000, 0, 6);
	v = 0;
	agg_data_add(&a, k, &v, 1);
	T_CHECK(fold_applies(d));
	reset();
	T_EQ_INT(fold_print(&a, NULL, &b), 0);
	T_EQ_STR(out(), "0x1010;5 1\nm`0x1800;5 2\nm`g;m`f;-1 7\n");
	T_CHECK(a.printed);
	agg_data_free(&a);
	agg_desc_free(d);

	struct agg_desc *q = agg_desc_new("q", 2, AGG_QUANTIZE, NULL, 0, kd, 2, eb, sizeof eb);
	T_CHECK(q && !fold_applies(q));
	agg_desc_free(q);
	struct agg_desc *n = agg_desc_new("n", 3, AGG_COUNT, NULL, 0, kd + 1, 1, eb, sizeof eb);
	T_CHECK(n && !fold_applies(n));
	agg_desc_free(n);
}

T_MAIN()
