/* test_agg.c — aggregations: bucket rules against hand-computed dtrace buckets and a brute-force
 * model of dtrace's bucket loops, per-CPU merging, sorting options, trunc/normalize/clear, and
 * output compared with dtrace's documented output.
 *
 * Sources for expected values:
 *  [G]  Oracle Linux DTrace Guide, "quantize" (Example 7-36, write() times by process) and
 *       "lquantize" (Example 7-24, write() fds by process): the histogram tables.
 *  [F]  libdtrace's printing formats (dt_consume.c): a row is the keys ("  %-50s" per string,
 *       " %16lld" / " %8d" / " %5d" / " %3d" per integer by size), the value (" %16lld"), "\n";
 *       the histogram header "\n%16s %41s %-9s\n"; a bar line "%16lld |" + '@' x depth + ' ' x
 *       (40 - depth) + " %-9lld\n", depth = count * 40 / total rounded to nearest.
 *  [L]  DTrace for Linux's llquantize layout (its consumer's dt_print_llquantize): steps -
 *       steps/factor bins per magnitude, magnitude 0 included (there only one bin in
 *       steps/factor is reachable), negative values mirrored below a zero bin, an overflow
 *       bin at each end.
 * The tests rebuild rows from those formats with their own helpers, never from agg_print.c. */
#include <limits.h>
#include <stdio.h>
#include "t.h"
#include "agg.h"

static char eb[256];

/* ---- helpers that spell out dtrace's formats [F] ---- */
static char *rep(char c, int n)
{
	static char bufs[8][128];
	static int k;
	char *b = bufs[k++ % 8];
	memset(b, c, (size_t)n);
	b[n] = '\0';
	return b;
}

static void hrow(struct strbuf *b, const char *label, int ats, long long count)
{
	strbuf_printf(b, "%16s |%s%s %-9lld\n", label, rep('@', ats), rep(' ', 40 - ats), count);
}

static void hhead(struct strbuf *b)
{
	strbuf_puts(b, "\n           value  ------------- Distribution ------------- count    \n");
}

static struct agg_desc *mk(enum agg_func f, const int64_t *args, size_t nargs,
			   const struct agg_keydesc *k, size_t nk)
{
	struct agg_desc *d = agg_desc_new("a", 1, f, args, nargs, k, nk, eb, sizeof eb);
	if (!d) {
		printf("# agg_desc_new: %s\n", eb);
		exit(2);
	}
	return d;
}

/* one CPU's value after the updates, added to the snapshot under key */
static void put(struct agg_data *a, const void *key, const int64_t *vals, size_t n)
{
	int64_t *w = xcalloc(a->desc->nwords, sizeof *w);
	for (size_t i = 0; i < n; i++)
		agg_update(a->desc, w, vals[i], 1);
	agg_data_add(a, key, w, 1);
	free(w);
}

static void strkey(unsigned char *k, size_t size, const char *s)
{
	memset(k, 0, size);
	memcpy(k, s, strlen(s));
}

/* ---- bucket rules ---- */

/* dtrace_aggregate_quantize: bucket i is labelled -(2^(62-i)) below 63, 0 at 63, 2^(i-64)
 * above; a negative value goes to the first bucket whose label is >= it, a non-negative one to
 * the bucket before the first label greater than it (or the last). Written independently. */
static int64_t model_label(int i)
{
	if (i < 63)
		return -(int64_t)(1ULL << (62 - i));
	if (i == 63)
		return 0;
	return (int64_t)(1ULL << (i - 64));
}

static int model_quantize(int64_t v)
{
	if (v < 0) {
		for (int i = 0; i < 63; i++)
			if (v <= model_label(i))
				return i;
		return -1;
	}
	for (int i = 64; i < 127; i++)
		if (v < model_label(i))
			return i - 1;
	return 126;
}

T_CASE(quantize_bucket_hand)
{
	T_EQ_INT(agg_quantize_bucket(0), 63);
	T_EQ_INT(agg_quantize_bucket(1), 64);
	T_EQ_INT(agg_quantize_bucket(2), 65);
	T_EQ_INT(agg_quantize_bucket(3), 65);
	T_EQ_INT(agg_quantize_bucket(4), 66);
	T_EQ_INT(agg_quantize_bucket(1023), 73);
	T_EQ_INT(agg_quantize_bucket(1024), 74);
	T_EQ_INT(agg_quantize_bucket(-1), 62);
	T_EQ_INT(agg_quantize_bucket(-2), 61);
	T_EQ_INT(agg_quantize_bucket(-3), 61);
	T_EQ_INT(agg_quantize_bucket(-4), 60);
	T_EQ_INT(agg_quantize_bucket(INT64_MAX), 126);
	T_EQ_INT(agg_quantize_bucket((int64_t)1 << 62), 126);
	T_EQ_INT(agg_quantize_bucket(-((int64_t)1 << 62)), 0);
	T_EQ_INT(agg_quantize_bucket(INT64_MIN), 0);
	T_EQ_INT(agg_quantize_bucketval(63), 0);
	T_EQ_INT(agg_quantize_bucketval(74), 1024);
	T_EQ_INT(agg_quantize_bucketval(60), -4);
}

T_CASE(quantize_bucket_model)
{
	int64_t vs[] = {INT64_MIN, INT64_MIN + 1, INT64_MAX, INT64_MAX - 1, 0};
	for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
		T_EQ_INT(agg_quantize_bucket(vs[i]), model_quantize(vs[i]));
	for (int s = 0; s < 63; s++)
		for (int d = -1; d <= 1; d++) {
			int64_t v = ((int64_t)1 << s) + d;
			T_EQ_INT(agg_quantize_bucket(v), model_quantize(v));
			T_EQ_INT(agg_quantize_bucket(-v), model_quantize(-v));
		}
	uint64_t x = 88172645463325252ULL; /* xorshift: a spread of arbitrary values */
	for (int i = 0; i < 20000; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		int64_t v = (int64_t)(x >> (x & 63));
		if (x & 64)
			v = -v;
		T_EQ_INT(agg_quantize_bucket(v), model_quantize(v));
	}
}

T_CASE(lquantize_bucket_hand)
{
	T_EQ_INT(agg_lquantize_levels(0, 10, 1), 10);
	T_EQ_INT(agg_lquantize_bucket(-1, 0, 10, 1), 0);
	T_EQ_INT(agg_lquantize_bucket(0, 0, 10, 1), 1);
	T_EQ_INT(agg_lquantize_bucket(9, 0, 10, 1), 10);
	T_EQ_INT(agg_lquantize_bucket(10, 0, 10, 1), 11);
	T_EQ_INT(agg_lquantize_bucket(INT64_MAX, 0, 10, 1), 11);
	T_EQ_INT(agg_lquantize_bucket(INT64_MIN, 0, 10, 1), 0);
	T_EQ_INT(agg_lquantize_bucket(-11, -10, 10, 5), 0);
	T_EQ_INT(agg_lquantize_bucket(-10, -10, 10, 5), 1);
	T_EQ_INT(agg_lquantize_bucket(-6, -10, 10, 5), 1);
	T_EQ_INT(agg_lquantize_bucket(-5, -10, 10, 5), 2);
	T_EQ_INT(agg_lquantize_bucket(0, -10, 10, 5), 3);
	T_EQ_INT(agg_lquantize_bucket(9, -10, 10, 5), 4);
	T_EQ_INT(agg_lquantize_bucket(10, -10, 10, 5), 5);
	/* a range the step does not divide: levels = 3, the overflow starts at 9 */
	T_EQ_INT(agg_lquantize_bucket(8, 0, 10, 3), 3);
	T_EQ_INT(agg_lquantize_bucket(9, 0, 10, 3), 4);
}

T_CASE(llquantize_bucket_hand)
{
	/* factor 10, magnitudes 0..2, 20 steps [L]: 3 x 18 bins a side, zero bin 55:
	 * 1 at 56, 2 at 58 ... 9 at 72 (ghosts between), 10 at 74, 15 at 75 ... 950 at 109 */
	T_EQ_INT(agg_llquantize_nbuckets(10, 0, 2, 20), 2 * 54 + 3);
	T_EQ_INT(agg_llquantize_zerobin(10, 0, 2, 20), 55);
	T_EQ_INT(agg_llquantize_bucket(0, 10, 0, 2, 20), 55);
	T_EQ_INT(agg_llquantize_bucket(1, 10, 0, 2, 20), 56);
	T_EQ_INT(agg_llquantize_bucket(2, 10, 0, 2, 20), 58);
	T_EQ_INT(agg_llquantize_bucket(9, 10, 0, 2, 20), 72);
	T_EQ_INT(agg_llquantize_bucket(10, 10, 0, 2, 20), 74);
	T_EQ_INT(agg_llquantize_bucket(14, 10, 0, 2, 20), 74);
	T_EQ_INT(agg_llquantize_bucket(15, 10, 0, 2, 20), 75);
	T_EQ_INT(agg_llquantize_bucket(99, 10, 0, 2, 20), 91);
	T_EQ_INT(agg_llquantize_bucket(100, 10, 0, 2, 20), 92);
	T_EQ_INT(agg_llquantize_bucket(999, 10, 0, 2, 20), 109);
	T_EQ_INT(agg_llquantize_bucket(1000, 10, 0, 2, 20), 110);
	T_EQ_INT(agg_llquantize_bucket(INT64_MAX, 10, 0, 2, 20), 110);
	T_EQ_INT(agg_llquantize_bucket(-1, 10, 0, 2, 20), 54);
	T_EQ_INT(agg_llquantize_bucket(-15, 10, 0, 2, 20), 35);
	T_EQ_INT(agg_llquantize_bucket(-1000, 10, 0, 2, 20), 0);
	T_EQ_INT(agg_llquantize_bucket(INT64_MIN, 10, 0, 2, 20), 0);
	int64_t v;
	T_CHECK(agg_llquantize_binval(75, 10, 0, 2, 20, &v));
	T_EQ_INT(v, 15);
	T_CHECK(agg_llquantize_binval(35, 10, 0, 2, 20, &v));
	T_EQ_INT(v, -15);
	T_CHECK(!agg_llquantize_binval(57, 10, 0, 2, 20, &v));   /* a ghost */
	/* factor 2, magnitudes 2..4, 4 steps: 2 bins a magnitude, zero bin 7 (|v| < 4) */
	T_EQ_INT(agg_llquantize_nbuckets(2, 2, 4, 4), 2 * 6 + 3);
	T_EQ_INT(agg_llquantize_bucket(3, 2, 2, 4, 4), 7);
	T_EQ_INT(agg_llquantize_bucket(-3, 2, 2, 4, 4), 7);
	T_EQ_INT(agg_llquantize_bucket(4, 2, 2, 4, 4), 8);
	T_EQ_INT(agg_llquantize_bucket(6, 2, 2, 4, 4), 9);
	T_EQ_INT(agg_llquantize_bucket(8, 2, 2, 4, 4), 10);
	T_EQ_INT(agg_llquantize_bucket(31, 2, 2, 4, 4), 13);
	T_EQ_INT(agg_llquantize_bucket(32, 2, 2, 4, 4), 14);
}

/* every reachable bin: its lower bound lands in it, one less in the reachable bin before, and
 * the negated bound in the mirror bin */
T_CASE(llquantize_bucket_model)
{
	int64_t params[][4] = {{10, 0, 2, 20}, {10, 1, 3, 10}, {2, 0, 10, 2}, {4, 1, 5, 16},
			       {10, 0, 6, 100}};
	for (size_t p = 0; p < sizeof params / sizeof params[0]; p++) {
		int64_t f = params[p][0], lo = params[p][1], hi = params[p][2], ns = params[p][3];
		int nb = agg_llquantize_nbuckets(f, lo, hi, ns);
		int bin0 = agg_llquantize_zerobin(f, lo, hi, ns), prev = bin0;
		T_EQ_INT(nb, 2 * bin0 + 1);
		for (int i = bin0 + 1; i < nb; i++) {
			int64_t v;
			if (!agg_llquantize_binval(i, f, lo, hi, ns, &v))
				continue;
			T_EQ_INT(agg_llquantize_bucket(v, f, lo, hi, ns), i);
			T_EQ_INT(agg_llquantize_bucket(v - 1, f, lo, hi, ns), prev);
			T_EQ_INT(agg_llquantize_bucket(-v, f, lo, hi, ns), 2 * bin0 - i);
			prev = i;
		}
	}
}

T_CASE(desc_rejects_bad_parameters)
{
	int64_t l1[] = {0, 10, 0}, l2[] = {10, 0, 1}, l3[] = {0, 1000000, 1};
	int64_t q1[] = {1, 0, 2, 10}, q2[] = {10, 3, 2, 10}, q3[] = {10, 0, 2, 15},
		q4[] = {10, 0, 30, 10};
	T_CHECK(!agg_desc_new("a", 1, AGG_LQUANTIZE, l1, 3, NULL, 0, eb, sizeof eb));
	T_CHECK(strstr(eb, "step") != NULL);
	T_CHECK(!agg_desc_new("a", 1, AGG_LQUANTIZE, l2, 3, NULL, 0, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_LQUANTIZE, l3, 3, NULL, 0, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_LLQUANTIZE, q1, 4, NULL, 0, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_LLQUANTIZE, q2, 4, NULL, 0, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_LLQUANTIZE, q3, 4, NULL, 0, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_LLQUANTIZE, q4, 4, NULL, 0, eb, sizeof eb));
	T_CHECK(strstr(eb, "overflow") != NULL);
	T_CHECK(!agg_desc_new("a", 1, AGG_COUNT, l1, 3, NULL, 0, eb, sizeof eb));
	struct agg_keydesc bad = {AGG_KEY_INT, 3, true}, stk = {AGG_KEY_STACK, 8, false};
	T_CHECK(!agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &bad, 1, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &stk, 1, eb, sizeof eb));
	struct agg_desc *d = mk(AGG_QUANTIZE, NULL, 0, NULL, 0);
	T_EQ_INT(d->nwords, 127);
	T_EQ_INT(d->keysize, 8);
	agg_desc_free(d);
}

/* ---- merging ---- */

T_CASE(merge_across_cpus)
{
	struct agg_desc *c = mk(AGG_COUNT, NULL, 0, NULL, 0), *s = mk(AGG_SUM, NULL, 0, NULL, 0);
	struct agg_desc *av = mk(AGG_AVG, NULL, 0, NULL, 0);
	struct agg_desc *mn = mk(AGG_MIN, NULL, 0, NULL, 0), *mx = mk(AGG_MAX, NULL, 0, NULL, 0);
	int64_t pc[3] = {0}, ps[3] = {0}, pa[6] = {0}, pmn[3] = {0}, pmx[3] = {0}, out[2];
	/* CPU 0: 4, 3; CPU 1: untouched (zeros, as the kernel leaves it); CPU 2: 3 */
	int64_t cpu0[] = {4, 3}, cpu2[] = {3};
	for (int i = 0; i < 2; i++) {
		agg_update(c, &pc[0], cpu0[i], 1); agg_update(s, &ps[0], cpu0[i], 1);
		agg_update(av, &pa[0], cpu0[i], 1); agg_update(mn, &pmn[0], cpu0[i], 1);
		agg_update(mx, &pmx[0], cpu0[i], 1);
	}
	agg_update(c, &pc[2], cpu2[0], 1); agg_update(s, &ps[2], cpu2[0], 1);
	agg_update(av, &pa[4], cpu2[0], 1); agg_update(mn, &pmn[2], cpu2[0], 1);
	agg_update(mx, &pmx[2], cpu2[0], 1);
	agg_merge(c, pc, 3, out); T_EQ_INT(out[0], 3);
	agg_merge(s, ps, 3, out); T_EQ_INT(out[0], 10);
	agg_merge(av, pa, 3, out); T_EQ_INT(agg_scalar(av, out, 1), 3); /* 10 / 3 truncates */
	agg_merge(mn, pmn, 3, out); T_EQ_INT(out[0], 3);
	agg_merge(mx, pmx, 3, out); T_EQ_INT(out[0], 4);

	/* negative values: the untouched CPU's zeros must not win min or max */
	int64_t nmn[2] = {0}, nmx[2] = {0}, na[4] = {0};
	agg_update(mx, &nmx[0], -5, 1); agg_update(mx, &nmx[0], -7, 1);
	agg_merge(mx, nmx, 2, out); T_EQ_INT(out[0], -5);
	agg_update(mn, &nmn[1], 5, 1); agg_update(mn, &nmn[1], 2, 1);
	agg_merge(mn, nmn, 2, out); T_EQ_INT(out[0], 2);
	agg_update(mn, &nmn[0], INT64_MIN, 1);
	agg_merge(mn, nmn, 2, out); T_EQ_INT(out[0], INT64_MIN);
	agg_update(mx, &nmx[1], INT64_MAX, 1);
	agg_merge(mx, nmx, 2, out); T_EQ_INT(out[0], INT64_MAX);
	/* avg of -10 over 3: -3 (C's truncation toward zero, as dtrace) */
	agg_update(av, &na[0], -4, 1); agg_update(av, &na[0], -4, 1); agg_update(av, &na[2], -2, 1);
	agg_merge(av, na, 2, out); T_EQ_INT(agg_scalar(av, out, 1), -3);
	agg_desc_free(c); agg_desc_free(s); agg_desc_free(av); agg_desc_free(mn); agg_desc_free(mx);
}

T_CASE(merge_stddev)
{
	struct agg_desc *d = mk(AGG_STDDEV, NULL, 0, NULL, 0);
	int64_t p[8] = {0}, out[4];
	/* 2 4 4 4 5 5 7 9: mean 5, population standard deviation exactly 2 */
	int64_t a[] = {2, 4, 4, 4}, b[] = {5, 5, 7, 9};
	for (int i = 0; i < 4; i++) {
		agg_update(d, &p[0], a[i], 1);
		agg_update(d, &p[4], b[i], 1);
	}
	agg_merge(d, p, 2, out);
	T_EQ_INT(out[0], 8);
	T_EQ_INT(out[1], 40);
	T_EQ_UINT(agg_stddev(out, 1), 2);
	/* integers all the way: {1, 2}: 5/2 = 2, (3/2)^2 = 1, sqrt(1) = 1 (not 0.5) */
	int64_t q[4] = {0};
	agg_update(d, q, 1, 1); agg_update(d, q, 2, 1);
	T_EQ_UINT(agg_stddev(q, 1), 1);
	/* 4e9 and 6e9: squares overflow 64 bits (5.2e19), stddev 1e9 */
	int64_t r[8] = {0};
	agg_update(d, &r[0], 4000000000LL, 1);
	agg_update(d, &r[4], 6000000000LL, 1);
	agg_merge(d, r, 2, out);
	T_CHECK(out[3] != 0);
	T_EQ_UINT(agg_stddev(out, 1), 1000000000ULL);
	/* negative values square positive: {-3e9, 3e9} mean 0, stddev 3e9 */
	int64_t m[4] = {0};
	agg_update(d, m, -3000000000LL, 1); agg_update(d, m, 3000000000LL, 1);
	T_EQ_UINT(agg_stddev(m, 1), 3000000000ULL);
	/* normalized by 10: sum of squares / 100, mean / 10 -> {20, 40}: sqrt(1000 - 900) = 10 */
	int64_t n[4] = {0};
	agg_update(d, n, 200, 1); agg_update(d, n, 400, 1);
	T_EQ_UINT(agg_stddev(n, 10), 10);
	agg_desc_free(d);
}

/* ---- sorting ---- */

static struct agg_keydesc skey = {AGG_KEY_STRING, 16, false};

static void order_str(const struct agg_data *a, const struct dopts *o, char *buf)
{
	size_t *idx = agg_sort(a, o);
	buf[0] = '\0';
	for (size_t i = 0; i < a->n; i++)
		strcat(buf, (const char *)a->ent[idx[i]].key);
	free(idx);
}

T_CASE(sort_options)
{
	struct agg_desc *d = mk(AGG_SUM, NULL, 0, &skey, 1);
	struct agg_data a;
	unsigned char k[16];
	char got[64];
	struct dopts o;
	dopts_init(&o);
	agg_data_init(&a, d);
	int64_t v3[] = {3}, v1[] = {1}, vm[] = {-2};
	strkey(k, 16, "c"); put(&a, k, v3, 1);
	strkey(k, 16, "a"); put(&a, k, v3, 1);
	strkey(k, 16, "b"); put(&a, k, v1, 1);
	strkey(k, 16, "d"); put(&a, k, vm, 1);
	order_str(&a, &o, got);
	T_EQ_STR(got, "dbac"); /* by value, ties by key */
	o.aggsortrev = true;
	order_str(&a, &o, got);
	T_EQ_STR(got, "cabd");
	o.aggsortrev = false;
	o.aggsortkey = true;
	order_str(&a, &o, got);
	T_EQ_STR(got, "abcd");
	o.aggsortrev = true;
	order_str(&a, &o, got);
	T_EQ_STR(got, "dcba");
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(sort_keypos_and_unsigned_keys)
{
	struct agg_keydesc ks[2] = {{AGG_KEY_INT, 8, true}, {AGG_KEY_STRING, 8, false}};
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, ks, 2);
	struct agg_data a;
	struct dopts o;
	dopts_init(&o);
	agg_data_init(&a, d);
	unsigned char k[16];
	int64_t one[] = {0};
	struct { int64_t i; const char *s; } keys[] = {{-1, "a"}, {1, "b"}, {2, "a"}};
	for (int i = 0; i < 3; i++) {
		memcpy(k, &keys[i].i, 8);
		strkey(k + 8, 8, keys[i].s);
		put(&a, k, one, 1);
	}
	/* equal counts: keys decide; integers compare unsigned, so -1 sorts after 2 */
	size_t *idx = agg_sort(&a, &o);
	int64_t first, last;
	memcpy(&first, a.ent[idx[0]].key, 8);
	memcpy(&last, a.ent[idx[2]].key, 8);
	T_EQ_INT(first, 1);
	T_EQ_INT(last, -1);
	free(idx);
	/* aggsortkeypos=1: the string first, then the integer (unsigned: 2 before -1) */
	o.aggsortkeypos = 1;
	idx = agg_sort(&a, &o);
	T_EQ_STR((const char *)a.ent[idx[0]].key + 8, "a");
	memcpy(&first, a.ent[idx[0]].key, 8);
	T_EQ_INT(first, 2);
	T_EQ_STR((const char *)a.ent[idx[2]].key + 8, "b");
	free(idx);
	/* a position past the last key means position 0 */
	o.aggsortkeypos = 5;
	idx = agg_sort(&a, &o);
	memcpy(&first, a.ent[idx[0]].key, 8);
	T_EQ_INT(first, 1);
	free(idx);
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(sort_quantize_by_weighted_total)
{
	struct agg_desc *d = mk(AGG_QUANTIZE, NULL, 0, &skey, 1);
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char k[16];
	char got[16];
	/* "x": 100 values of 1 (total 100); "y": one 1000 (total 512 by bucket label);
	 * "z": one -4 and one 0 (total -4): z x y */
	int64_t xs[100], ys[] = {1000}, zs[] = {-4, 0};
	for (int i = 0; i < 100; i++)
		xs[i] = 1;
	strkey(k, 16, "y"); put(&a, k, ys, 1);
	strkey(k, 16, "x"); put(&a, k, xs, 100);
	strkey(k, 16, "z"); put(&a, k, zs, 2);
	order_str(&a, NULL, got);
	T_EQ_STR(got, "zxy");
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(sort_avg_stddev_llquantize)
{
	char got[16];
	unsigned char k[16];
	struct agg_data a;
	/* avg: a = 10/3 = 3, b = 7/2 = 3, c = 2 -> c a b (a, b tie on the truncated average) */
	struct agg_desc *d = mk(AGG_AVG, NULL, 0, &skey, 1);
	agg_data_init(&a, d);
	int64_t va[] = {3, 3, 4}, vb[] = {3, 4}, vc[] = {2};
	strkey(k, 16, "b"); put(&a, k, vb, 2);
	strkey(k, 16, "a"); put(&a, k, va, 3);
	strkey(k, 16, "c"); put(&a, k, vc, 1);
	order_str(&a, NULL, got);
	T_EQ_STR(got, "cab");
	agg_data_free(&a);
	agg_desc_free(d);
	/* stddev: x = {1, 3} -> 1, y = {0, 0} -> 0 */
	d = mk(AGG_STDDEV, NULL, 0, &skey, 1);
	agg_data_init(&a, d);
	int64_t vx[] = {1, 3}, vy[] = {0, 0};
	strkey(k, 16, "x"); put(&a, k, vx, 2);
	strkey(k, 16, "y"); put(&a, k, vy, 2);
	order_str(&a, NULL, got);
	T_EQ_STR(got, "yx");
	agg_data_free(&a);
	agg_desc_free(d);
	/* llquantize(10, 1, 1, 10): p = {25} weighs 20, t = {-50} weighs -50, q = {3, 3, 3},
	 * r = {9} and s = {0} weigh 0 (the zero bin) and go by their zero-bin counts: t r s q p */
	int64_t args[] = {10, 1, 1, 10};
	d = mk(AGG_LLQUANTIZE, args, 4, &skey, 1);
	agg_data_init(&a, d);
	int64_t vp[] = {25}, vq[] = {3, 3, 3}, vr[] = {9}, vs[] = {0}, vt[] = {-50};
	strkey(k, 16, "q"); put(&a, k, vq, 3);
	strkey(k, 16, "s"); put(&a, k, vs, 1);
	strkey(k, 16, "p"); put(&a, k, vp, 1);
	strkey(k, 16, "t"); put(&a, k, vt, 1);
	strkey(k, 16, "r"); put(&a, k, vr, 1);
	order_str(&a, NULL, got);
	T_EQ_STR(got, "trsqp");
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(snapshot_many_keys_merge_and_find)
{
	struct agg_keydesc ik = {AGG_KEY_INT, 8, true};
	struct agg_desc *d = mk(AGG_SUM, NULL, 0, &ik, 1);
	struct agg_data a;
	agg_data_init(&a, d);
	/* two snapshots' worth of adds of the same 5000 keys: merged, not duplicated */
	for (int round = 0; round < 2; round++)
		for (int64_t key = 0; key < 5000; key++) {
			int64_t v[] = {key * 3};
			put(&a, &key, v, 1);
		}
	T_EQ_INT(a.n, 5000);
	int64_t probe = 4321;
	struct agg_entry *e = agg_data_find(&a, &probe);
	T_CHECK(e != NULL);
	if (e)
		T_EQ_INT(e->val[0], 2 * 3 * 4321);
	agg_trunc(&a, 10); /* the 10 largest sums: keys 4990..4999 */
	T_EQ_INT(a.n, 10);
	probe = 4995;
	T_CHECK(agg_data_find(&a, &probe) != NULL);
	probe = 4321;
	T_CHECK(agg_data_find(&a, &probe) == NULL);
	put(&a, &probe, (int64_t[]){1}, 1);
	T_EQ_INT(a.n, 11);
	agg_data_free(&a);
	agg_desc_free(d);
}

/* ---- trunc, normalize, clear ---- */

T_CASE(trunc_normalize_clear)
{
	struct agg_desc *d = mk(AGG_SUM, NULL, 0, &skey, 1);
	struct agg_data a;
	unsigned char k[16];
	char got[64];
	agg_data_init(&a, d);
	const char *names[] = {"a", "b", "c", "d", "e"};
	int64_t vals[] = {50, 10, 40, 20, 30};
	for (int i = 0; i < 5; i++) {
		strkey(k, 16, names[i]);
		put(&a, k, &vals[i], 1);
	}
	struct dopts o;
	dopts_init(&o);
	o.aggsortrev = true; /* trunc ignores the sorting options */
	agg_trunc(&a, 3);
	o.aggsortrev = false;
	order_str(&a, &o, got);
	T_EQ_STR(got, "eca");
	agg_trunc(&a, -2);
	order_str(&a, &o, got);
	T_EQ_STR(got, "ec");
	T_CHECK(agg_normalize(&a, 0, eb, sizeof eb) < 0);
	T_CHECK(agg_normalize(&a, 7, eb, sizeof eb) == 0);
	struct strbuf b = {0}, want = {0};
	agg_print_rows(&a, &o, &b);
	strbuf_printf(&want, "  %-50s %16lld\n", "e", 30LL / 7);
	strbuf_printf(&want, "  %-50s %16lld\n", "c", 40LL / 7);
	T_EQ_STR(b.s, want.s);
	agg_denormalize(&a);
	agg_clear(&a);
	T_EQ_INT(a.n, 2);
	strbuf_free(&b);
	strbuf_free(&want);
	agg_print_rows(&a, &o, &b);
	strbuf_printf(&want, "  %-50s %16d\n", "c", 0);
	strbuf_printf(&want, "  %-50s %16d\n", "e", 0);
	T_EQ_STR(b.s, want.s);
	agg_trunc(&a, 0);
	T_EQ_INT(a.n, 0);
	strbuf_free(&b);
	strbuf_free(&want);
	agg_data_free(&a);
	agg_desc_free(d);
}

/* ---- printing: scalars ---- */

T_CASE(print_scalars_string_keys)
{
	enum agg_func fs[] = {AGG_COUNT, AGG_SUM, AGG_AVG, AGG_MIN, AGG_MAX, AGG_STDDEV};
	/* key "bash": 2, 4, 4, 4, 5, 5, 7, 9; key "ls": -3, -3 */
	long long want_bash[] = {8, 40, 5, 2, 9, 2}, want_ls[] = {2, -6, -3, -3, -3, 0};
	int64_t bash[] = {2, 4, 4, 4, 5, 5, 7, 9}, ls[] = {-3, -3};
	for (size_t f = 0; f < sizeof fs / sizeof fs[0]; f++) {
		struct agg_keydesc k256 = {AGG_KEY_STRING, 256, false};
		struct agg_desc *d = mk(fs[f], NULL, 0, &k256, 1);
		struct agg_data a;
		unsigned char k[256];
		agg_data_init(&a, d);
		strkey(k, 256, "bash"); put(&a, k, bash, 8);
		strkey(k, 256, "ls"); put(&a, k, ls, 2);
		struct strbuf b = {0}, want = {0};
		agg_print_rows(&a, NULL, &b);
		/* ascending by value: for count and stddev "ls" is smaller too */
		strbuf_printf(&want, "  %-50s %16lld\n", "ls", want_ls[f]);
		strbuf_printf(&want, "  %-50s %16lld\n", "bash", want_bash[f]);
		T_EQ_STR(b.s, want.s);
		strbuf_free(&b);
		strbuf_free(&want);
		agg_data_free(&a);
		agg_desc_free(d);
	}
}

T_CASE(print_integer_and_tuple_keys)
{
	struct agg_keydesc ks[] = {{AGG_KEY_INT, 4, true}, {AGG_KEY_INT, 8, false},
				   {AGG_KEY_INT, 2, true}, {AGG_KEY_INT, 1, false},
				   {AGG_KEY_STRING, 8, false}};
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, ks, 5);
	T_EQ_INT(d->keysize, 8 * 4 + 8);
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char k[40] = {0};
	int64_t pid = -1, big = 123456789012LL, sh = -1, ch = 200; /* sign-extended as stored */
	memcpy(k, &pid, 8);
	memcpy(k + 8, &big, 8);
	memcpy(k + 16, &sh, 8);
	memcpy(k + 24, &ch, 8);
	strkey(k + 32, 8, "read");
	int64_t z[] = {0};
	put(&a, k, z, 1);
	struct strbuf b = {0};
	agg_print_rows(&a, NULL, &b);
	/* " %8d" of the int -1; " %16lld"; " %5d" of the 16 bits unsigned (65535); " %3d" */
	struct strbuf w = {0};
	strbuf_printf(&w, "       -1     123456789012 65535 200  %-50s %16d\n", "read", 1);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&w);
	strbuf_free(&b);
	agg_data_free(&a);
	agg_desc_free(d);

	/* the anonymous @ = count(): no key, just the value */
	d = mk(AGG_COUNT, NULL, 0, NULL, 0);
	agg_data_init(&a, d);
	int64_t zero = 0, three[] = {0, 0, 0};
	put(&a, &zero, three, 3);
	agg_print_rows(&a, NULL, &b);
	T_EQ_STR(b.s, "                3\n");
	strbuf_free(&b);
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(print_unprintable_string_key_as_bytes)
{
	struct agg_keydesc ks = {AGG_KEY_STRING, 4, false};
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, &ks, 1);
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char k[4] = {0}; /* the empty string: dtrace dumps the bytes */
	int64_t z[] = {0};
	put(&a, k, z, 1);
	struct strbuf b = {0}, want = {0};
	agg_print_rows(&a, NULL, &b);
	/* "\n" + margin 5 + 6 blanks, then "  %c" per column */
	strbuf_puts(&want, "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n");
	strbuf_puts(&want, "         0: 00 00 00 00                                      ....\n");
	strbuf_printf(&want, " %16d\n", 1);
	T_EQ_STR(b.s, want.s);
	strbuf_free(&b);
	strbuf_free(&want);
	agg_data_free(&a);
	agg_desc_free(d);
}

/* ---- printing: histograms ---- */

T_CASE(print_quantize_guide_example)
{
	/* [G] Example "write() call times by process": bash 4 x [16384, 32768) and one in
	 * [131072, 262144); gnome-terminal 5, 5, 4, 1 in the 8192..65536 buckets. */
	struct agg_keydesc k256 = {AGG_KEY_STRING, 256, false};
	struct agg_desc *d = mk(AGG_QUANTIZE, NULL, 0, &k256, 1);
	struct agg_data a;
	unsigned char k[256];
	agg_data_init(&a, d);
	int64_t bash[] = {16384, 20000, 30000, 32767, 140000};
	int64_t gt[] = {8192, 8192, 9000, 10000, 16383, 16384, 16384, 17000, 20000, 32767,
			32768, 40000, 50000, 65535, 65536};
	strkey(k, 256, "gnome-terminal"); put(&a, k, gt, 15);
	strkey(k, 256, "bash"); put(&a, k, bash, 5);
	struct strbuf b = {0}, w = {0};
	agg_print_rows(&a, NULL, &b);
	strbuf_printf(&w, "  %-50s", "bash");
	hhead(&w);
	hrow(&w, "8192", 0, 0); hrow(&w, "16384", 32, 4); hrow(&w, "32768", 0, 0);
	hrow(&w, "65536", 0, 0); hrow(&w, "131072", 8, 1); hrow(&w, "262144", 0, 0);
	strbuf_puts(&w, "\n");
	strbuf_printf(&w, "  %-50s", "gnome-terminal");
	hhead(&w);
	hrow(&w, "4096", 0, 0); hrow(&w, "8192", 13, 5); hrow(&w, "16384", 13, 5);
	hrow(&w, "32768", 11, 4); hrow(&w, "65536", 3, 1); hrow(&w, "131072", 0, 0);
	strbuf_puts(&w, "\n");
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_data_free(&a);
	agg_desc_free(d);
}

T_CASE(print_quantize_negative_values_and_counts)
{
	struct agg_desc *d = mk(AGG_QUANTIZE, NULL, 0, NULL, 0);
	int64_t w[127] = {0};
	int64_t vs[] = {-1, -1, -3, 0, 5};
	for (int i = 0; i < 5; i++)
		agg_update(d, w, vs[i], 1);
	struct strbuf b = {0}, e = {0};
	agg_print_quantize(w, 1, NULL, &b);
	/* total 5: one count is 8 '@'; rows from -4 (one before -2) to 8 (one after 4) */
	hhead(&e);
	hrow(&e, "-4", 0, 0); hrow(&e, "-2", 8, 1); hrow(&e, "-1", 16, 2); hrow(&e, "0", 8, 1);
	hrow(&e, "1", 0, 0); hrow(&e, "2", 0, 0); hrow(&e, "4", 8, 1); hrow(&e, "8", 0, 0);
	T_EQ_STR(b.s, e.s);
	strbuf_free(&b);
	strbuf_free(&e);

	/* negative counts (quantize(v, incr) with incr < 0): bars of 20 either side of '|' */
	int64_t n[127] = {0};
	agg_update(d, n, 1, -2);
	agg_update(d, n, 2, 3);
	agg_print_quantize(n, 1, NULL, &b);
	hhead(&e);
	strbuf_printf(&e, "%16s %s|%s %-9d\n", "0", rep(' ', 20), rep(' ', 20), 0);
	strbuf_printf(&e, "%16s %s%s|%s %-9d\n", "1", rep(' ', 12), rep('@', 8), rep(' ', 20), -2);
	strbuf_printf(&e, "%16s %20s|%s%s %-9d\n", "2", "", rep('@', 12), rep(' ', 8), 3);
	strbuf_printf(&e, "%16s %s|%s %-9d\n", "4", rep(' ', 20), rep(' ', 20), 0);
	T_EQ_STR(b.s, e.s);
	strbuf_free(&b);
	strbuf_free(&e);

	/* nothing at all (after clear): the rows around zero */
	int64_t z[127] = {0};
	agg_print_quantize(z, 1, NULL, &b);
	hhead(&e);
	hrow(&e, "-1", 0, 0); hrow(&e, "0", 0, 0); hrow(&e, "1", 0, 0);
	T_EQ_STR(b.s, e.s);
	strbuf_free(&b);
	strbuf_free(&e);
	agg_desc_free(d);
}

T_CASE(print_lquantize)
{
	/* [G] Example "write() calls by file descriptor": gnome-session wrote 9 times to fd 26 */
	struct agg_keydesc k256 = {AGG_KEY_STRING, 256, false};
	int64_t args[] = {0, 100, 1};
	struct agg_desc *d = mk(AGG_LQUANTIZE, args, 3, &k256, 1);
	T_EQ_INT(d->nwords, 102);
	struct agg_data a;
	unsigned char k[256];
	agg_data_init(&a, d);
	int64_t fds[9] = {26, 26, 26, 26, 26, 26, 26, 26, 26};
	strkey(k, 256, "gnome-session"); put(&a, k, fds, 9);
	struct strbuf b = {0}, w = {0};
	agg_print_rows(&a, NULL, &b);
	strbuf_printf(&w, "  %-50s", "gnome-session");
	hhead(&w);
	hrow(&w, "25", 0, 0); hrow(&w, "26", 40, 9); hrow(&w, "27", 0, 0);
	strbuf_puts(&w, "\n");
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_data_free(&a);
	agg_desc_free(d);

	/* under- and overflow: lquantize(v, 0, 10, 5) with -3, 12, 100: 1 and 2 of 3 */
	int64_t a2[] = {0, 10, 5};
	d = mk(AGG_LQUANTIZE, a2, 3, NULL, 0);
	int64_t v[4] = {0};
	agg_update(d, v, -3, 1); agg_update(d, v, 12, 1); agg_update(d, v, 100, 1);
	agg_print_lquantize(d, v, 1, NULL, &b);
	hhead(&w);
	hrow(&w, "< 0", 13, 1); hrow(&w, "0", 0, 0); hrow(&w, "5", 0, 0); hrow(&w, ">= 10", 27, 2);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_desc_free(d);
}

T_CASE(print_llquantize)
{
	/* llquantize(v, 10, 1, 1, 10): <= -100 | -90 .. -10 | abs() < 10 | 10 .. 90 | >= 100 */
	int64_t args[] = {10, 1, 1, 10};
	struct agg_desc *d = mk(AGG_LLQUANTIZE, args, 4, NULL, 0);
	T_EQ_INT(d->nwords, 21);
	int64_t v[21] = {0};
	agg_update(d, v, 25, 1);
	agg_update(d, v, 150, 1);
	struct strbuf b = {0}, w = {0};
	agg_print_llquantize(d, v, 1, NULL, &b);
	hhead(&w);
	hrow(&w, "10", 0, 0); hrow(&w, "20", 20, 1);
	const char *zeros[] = {"30", "40", "50", "60", "70", "80", "90"};
	for (int i = 0; i < 7; i++)
		hrow(&w, zeros[i], 0, 0);
	hrow(&w, ">= 100", 20, 1);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	/* below the low magnitude: the zero bin, named with abs() once a negative row shows */
	int64_t u[21] = {0};
	agg_update(d, u, 3, 1);
	agg_print_llquantize(d, u, 1, NULL, &b);
	hhead(&w);
	hrow(&w, "-10", 0, 0); hrow(&w, "abs() < 10", 40, 1); hrow(&w, "10", 0, 0);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_desc_free(d);
	/* magnitude 0 with more steps than the factor: the unreachable bins are not rows, and a
	 * widened edge borrows the next real bin's label */
	int64_t a0[] = {10, 0, 1, 20};
	d = mk(AGG_LLQUANTIZE, a0, 4, NULL, 0);
	int64_t *z = xcalloc(d->nwords, sizeof *z);
	agg_update(d, z, 0, 1);
	agg_update(d, z, 1, 1);
	agg_print_llquantize(d, z, 1, NULL, &b);
	hhead(&w);
	hrow(&w, "-1", 0, 0); hrow(&w, "0", 20, 1); hrow(&w, "1", 20, 1); hrow(&w, "2", 0, 0);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	free(z);
	agg_desc_free(d);
}

/* -x aggpercpu: each row's value is followed by every CPU's own, a CPU that saw nothing
 * showing the function's empty value (min: INT64_MAX, as dtrace's initial value) */
T_CASE(print_percpu_rows)
{
	struct agg_desc *d = mk(AGG_MIN, NULL, 0, NULL, 0);
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char key[8] = {0};
	int64_t cpu0[1] = {0}, cpus[2];
	agg_update(d, cpu0, 7, 1);
	cpus[0] = cpu0[0];
	cpus[1] = 0;                       /* CPU 1: the kernel's zero fill */
	agg_data_add(&a, key, cpus, 2);
	agg_entry_set_percpu(&a, key, cpus, 2);
	struct strbuf b = {0};
	agg_print_rows(&a, NULL, &b);
	T_EQ_STR(b.s, "                7\n    [CPU 0]                7\n"
		      "    [CPU 1] 9223372036854775807\n");
	strbuf_free(&b);
	agg_data_free(&a);
	agg_desc_free(d);
}

/* ---- printa ---- */

T_CASE(printa_formats_and_shared_keys)
{
	struct agg_desc *da = agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_desc *db = agg_desc_new("b", 2, AGG_SUM, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_data a, bb;
	agg_data_init(&a, da);
	agg_data_init(&bb, db);
	unsigned char k[16];
	int64_t c3[] = {0, 0, 0}, c1[] = {0}, s100[] = {100}, s5[] = {5};
	strkey(k, 16, "x"); put(&a, k, c3, 3); put(&bb, k, s5, 1);
	strkey(k, 16, "y"); put(&a, k, c1, 1); put(&bb, k, s100, 1);
	strkey(k, 16, "z"); put(&bb, k, c1, 1); /* z only in @b: @a reads 0 for it */
	struct dfmt *f = dfmt_parse("%-4s %@4d %@5d\n", NULL);
	T_CHECK(f != NULL);
	struct agg_data *both[] = {&a, &bb};
	struct strbuf out = {0};
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(agg_printa_fmt(f, both, 2, &o, NULL, &out, eb, sizeof eb), 0);
	T_EQ_STR(out.s, "z       0     0\n"
			"y       1   100\n"
			"x       3     5\n");
	strbuf_free(&out);
	o.aggsortpos = 1; /* by @b's value */
	T_EQ_INT(agg_printa_fmt(f, both, 2, &o, NULL, &out, eb, sizeof eb), 0);
	T_EQ_STR(out.s, "z       0     0\n"
			"x       3     5\n"
			"y       1   100\n");
	strbuf_free(&out);
	o.aggsortpos = 7; /* out of range: back to the first */
	o.aggsortrev = true;
	T_EQ_INT(agg_printa_fmt(f, both, 2, &o, NULL, &out, eb, sizeof eb), 0);
	T_EQ_STR(out.s, "x       3     5\n"
			"y       1   100\n"
			"z       0     0\n");
	strbuf_free(&out);
	T_CHECK(a.printed && bb.printed);
	/* the same aggregation twice */
	struct agg_data *twice[] = {&a, &a};
	o.aggsortrev = false;
	T_EQ_INT(agg_printa_fmt(f, twice, 2, &o, NULL, &out, eb, sizeof eb), 0);
	T_EQ_STR(out.s, "y       1     1\n"
			"x       3     3\n");
	strbuf_free(&out);
	dfmt_free(f);

	/* %@ of a quantize: the histogram text */
	struct agg_desc *dq = agg_desc_new("q", 3, AGG_QUANTIZE, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_data q;
	agg_data_init(&q, dq);
	int64_t ones[] = {1, 1};
	strkey(k, 16, "k"); put(&q, k, ones, 2);
	f = dfmt_parse("key=%s%@d\n", NULL);
	struct agg_data *qq[] = {&q};
	T_EQ_INT(agg_printa_fmt(f, qq, 1, &o, NULL, &out, eb, sizeof eb), 0);
	struct strbuf w = {0};
	strbuf_puts(&w, "key=k");
	hhead(&w);
	hrow(&w, "0", 0, 0); hrow(&w, "1", 40, 2); hrow(&w, "2", 0, 0);
	strbuf_puts(&w, "\n");
	T_EQ_STR(out.s, w.s);
	strbuf_free(&out);
	strbuf_free(&w);
	dfmt_free(f);

	/* mismatched key layouts are refused, not guessed at */
	struct agg_data *mixed[] = {&a, &q};
	struct agg_desc *dn = mk(AGG_COUNT, NULL, 0, NULL, 0);
	struct agg_data n;
	agg_data_init(&n, dn);
	mixed[1] = &n;
	f = dfmt_parse("%@d\n", NULL);
	T_EQ_INT(agg_printa_fmt(f, mixed, 2, &o, NULL, &out, eb, sizeof eb), -1);
	T_CHECK(strstr(eb, "key") != NULL);
	strbuf_free(&out);
	dfmt_free(f);
	agg_data_free(&n); agg_desc_free(dn);
	agg_data_free(&q); agg_desc_free(dq);
	agg_data_free(&a); agg_data_free(&bb);
	agg_desc_free(da); agg_desc_free(db);
}

T_CASE(printa_default_exit_and_empty)
{
	struct agg_desc *da = agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_desc *db = agg_desc_new("b", 2, AGG_SUM, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_desc *de = agg_desc_new("e", 3, AGG_MAX, NULL, 0, &skey, 1, eb, sizeof eb);
	struct agg_data a, b, e;
	agg_data_init(&a, da);
	agg_data_init(&b, db);
	agg_data_init(&e, de); /* never updated: prints nothing */
	unsigned char k[16];
	int64_t c1[] = {0}, s9[] = {9};
	strkey(k, 16, "p"); put(&a, k, c1, 1); put(&b, k, s9, 1);
	struct agg_data *all[] = {&e, &b, &a};
	struct strbuf out = {0}, w = {0};
	agg_print_exit(all, 3, NULL, &out); /* in id order: @a, @b */
	strbuf_printf(&w, "  %-50s %16d\n", "p", 1);
	strbuf_printf(&w, "  %-50s %16d\n", "p", 9);
	T_EQ_STR(out.s, w.s);
	strbuf_free(&out);
	strbuf_free(&w);
	/* printa(@a) prints a blank line first, and @a is then not printed at exit */
	struct agg_data *justa[] = {&a};
	T_EQ_INT(agg_printa_default(justa, 1, NULL, &out, eb, sizeof eb), 0);
	strbuf_printf(&w, "\n  %-50s %16d\n", "p", 1);
	T_EQ_STR(out.s, w.s);
	strbuf_free(&out);
	strbuf_free(&w);
	agg_print_exit(all, 3, NULL, &out);
	strbuf_printf(&w, "  %-50s %16d\n", "p", 9);
	T_EQ_STR(out.s, w.s);
	strbuf_free(&out);
	strbuf_free(&w);
	agg_print_rows(&e, NULL, &out);
	T_CHECK(out.len == 0);
	struct agg_data *juste[] = {&e};
	T_EQ_INT(agg_printa_default(juste, 1, NULL, &out, eb, sizeof eb), 0);
	T_EQ_STR(out.s, "\n");
	strbuf_free(&out);
	/* printa(@a, @b) without a format: the key, then each aggregation's value */
	unsigned char k2[16];
	strkey(k2, 16, "q");
	put(&b, k2, s9, 1);
	struct agg_data *ab[] = {&a, &b};
	T_EQ_INT(agg_printa_default(ab, 2, NULL, &out, eb, sizeof eb), 0);
	strbuf_printf(&w, "\n  %-50s %16d %16d\n", "q", 0, 9);
	strbuf_printf(&w, "  %-50s %16d %16d\n", "p", 1, 9);
	T_EQ_STR(out.s, w.s);
	strbuf_free(&out);
	strbuf_free(&w);
	agg_data_free(&a); agg_data_free(&b); agg_data_free(&e);
	agg_desc_free(da); agg_desc_free(db); agg_desc_free(de);
}

T_CASE(print_agghist_and_aggzoom)
{
	/* agghist: count() as one histogram, keys as the rows, a 16+1 column "key" header */
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, &skey, 1);
	struct agg_data a;
	unsigned char k[16];
	int64_t c1[] = {0}, c3[] = {0, 0, 0};
	agg_data_init(&a, d);
	strkey(k, 16, "b"); put(&a, k, c3, 3);
	strkey(k, 16, "a"); put(&a, k, c1, 1);
	struct dopts o;
	dopts_init(&o);
	o.agghist = true;
	struct strbuf b = {0}, w = {0};
	agg_print_rows(&a, &o, &b);
	strbuf_printf(&w, "\n%17s %41s %-9s\n", "key", "------------- Distribution -------------",
		      "count");
	strbuf_printf(&w, " %16s |%s%s %-9d\n", "a", rep('@', 10), rep(' ', 30), 1);
	strbuf_printf(&w, " %16s |%s%s %-9d\n", "b", rep('@', 30), rep(' ', 10), 3);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_data_free(&a);
	agg_desc_free(d);

	/* aggzoom: the tallest bar is 95% of 40 columns (38), the others in proportion */
	dopts_init(&o);
	o.aggzoom = true;
	int64_t q[127] = {0};
	struct agg_desc *dq = mk(AGG_QUANTIZE, NULL, 0, NULL, 0);
	agg_update(dq, q, 1, 1);
	agg_update(dq, q, 2, 3);
	agg_print_quantize(q, 1, &o, &b);
	hhead(&w);
	hrow(&w, "0", 0, 0); hrow(&w, "1", 13, 1); hrow(&w, "2", 38, 3); hrow(&w, "4", 0, 0);
	T_EQ_STR(b.s, w.s);
	strbuf_free(&b);
	strbuf_free(&w);
	agg_desc_free(dq);
}

/* Arbitrary values, increments, CPU counts and options through every function: nothing may crash
 * or trip the sanitizers, and every printed histogram row count must match what trimming allows. */
T_CASE(stress_every_function)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
#define NEXT() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	int64_t lq[] = {-100, 100, 7}, llq[] = {10, 0, 4, 20}, bigl[] = {-1000000, 1000000, 997}; /* 2005 levels */
	struct { enum agg_func f; const int64_t *a; size_t n; } fs[] = {
		{AGG_COUNT, NULL, 0}, {AGG_SUM, NULL, 0}, {AGG_AVG, NULL, 0}, {AGG_MIN, NULL, 0},
		{AGG_MAX, NULL, 0}, {AGG_STDDEV, NULL, 0}, {AGG_QUANTIZE, NULL, 0},
		{AGG_LQUANTIZE, lq, 3}, {AGG_LLQUANTIZE, llq, 4}, {AGG_LQUANTIZE, bigl, 3},
	};
	struct agg_keydesc ks[] = {{AGG_KEY_STRING, 8, false}, {AGG_KEY_INT, 2, true}};
	for (size_t f = 0; f < sizeof fs / sizeof fs[0]; f++) {
		struct agg_desc *d = mk(fs[f].f, fs[f].a, fs[f].n, ks, 2);
		struct agg_data a;
		agg_data_init(&a, d);
		size_t ncpu = 1 + NEXT() % 4;
		int64_t *pc = xcalloc(ncpu * d->nwords, sizeof *pc);
		for (int key = 0; key < 40; key++) {
			unsigned char k[16] = {0};
			for (int c = 0; c < 7; c++)
				k[c] = (unsigned char)(NEXT() & 0xff); /* unprintable bytes too */
			k[NEXT() % 8] = 0;
			int64_t ik = (int64_t)(NEXT() % 5) - 2;
			memcpy(k + 8, &ik, 8);
			memset(pc, 0, ncpu * d->nwords * sizeof *pc);
			for (int u = 0; u < 30; u++) {
				int64_t v = (int64_t)NEXT();
				v >>= NEXT() % 64;
				int64_t inc = (int64_t)(NEXT() % 7) - 2;
				size_t cpu = NEXT() % ncpu;
				agg_update(d, pc + cpu * d->nwords, v, inc);
			}
			agg_data_add(&a, k, pc, ncpu);
		}
		struct dopts o;
		dopts_init(&o);
		o.aggsortrev = NEXT() & 1;
		o.aggsortkey = NEXT() & 1;
		o.aggzoom = NEXT() & 1;
		o.agghist = NEXT() & 1;
		o.aggsortkeypos = (int64_t)(NEXT() % 3);
		if (NEXT() & 1)
			T_CHECK(agg_normalize(&a, (int64_t)(1 + NEXT() % 1000), eb, sizeof eb) == 0);
		struct strbuf out = {0};
		agg_print_rows(&a, &o, &out);
		T_CHECK(out.len > 0);
		struct agg_data *two[] = {&a, &a};
		T_EQ_INT(agg_printa_default(two, 2, &o, &out, eb, sizeof eb), 0);
		struct dfmt *fm = dfmt_parse("%s %d %@d\n", NULL);
		T_CHECK(fm != NULL);
		if (fm)
			T_EQ_INT(agg_printa_fmt(fm, two, 1, &o, NULL, &out, eb, sizeof eb), 0);
		dfmt_free(fm);
		agg_trunc(&a, (int64_t)(NEXT() % 20) - 10);
		agg_clear(&a);
		agg_print_rows(&a, &o, &out);
		strbuf_free(&out);
		free(pc);
		agg_data_free(&a);
		agg_desc_free(d);
	}
#undef NEXT
}

/* ---- user-address keys (ustack, usym, umod) through a fake symbolizer ---- */
/* pid 7 maps "m.so" at [0x1000, 0x2000) with function f at [0x1100, 0x1180) */
static bool fake_sym(void *arg, uint32_t pid, uint64_t addr, struct dfmt_sym *out)
{
	(void)arg;
	if (pid != 7 || addr < 0x1000 || addr >= 0x2000)
		return false;
	out->module = "m.so";
	if (addr >= 0x1100 && addr < 0x1180) {
		out->func = "f";
		out->func_addr = 0x1100;
	}
	return true;
}

static uint64_t fake_canon(void *arg, uint32_t pid, uint64_t addr, int how)
{
	struct dfmt_sym s = { 0 };
	if (!fake_sym(arg, pid, addr, &s))
		return addr;
	return how == 'm' ? 0x1000 : s.func ? s.func_addr : addr;
}

static const struct agg_usym fake = { fake_sym, fake_canon, NULL, 14 };

static void ukey(unsigned char *k, uint64_t pid, uint64_t a0, uint64_t a1)
{
	memcpy(k, &pid, 8);
	memcpy(k + 8, &a0, 8);
	memcpy(k + 16, &a1, 8);
}

/* [F] dt_print_ustack: "\n", then each frame indented 14 columns; the value " %16lld\n";
 * a frame outside every object is a bare address, inside one without a symbol mod`0xADDR. */
T_CASE(ustack_key_rows)
{
	struct agg_keydesc k = { AGG_KEY_STACK, 8 + 3 * 8, false };
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, &k, 1);
	d->usym = &fake;
	struct agg_data a;
	agg_data_init(&a, d);
	unsigned char key[32] = { 0 };
	const int64_t three[3] = { 0, 0, 0 };   /* three updates (count ignores the value) */
	ukey(key, 7, 0x1104, 0x1f00);          /* f+0x4, then m.so without a symbol */
	put(&a, key, three, 3);
	memset(key, 0, sizeof key);
	ukey(key, 7, 0x1100, 0x10);            /* f itself, then garbage */
	put(&a, key, three, 1);
	struct strbuf out = { 0 }, want = { 0 };
	agg_print_rows(&a, NULL, &out);
	strbuf_printf(&want, "\n%14s%s\n%14s%s\n %16d\n", "", "m.so`f", "", "0x10", 1);
	strbuf_printf(&want, "\n%14s%s\n%14s%s\n %16d\n", "", "m.so`f+0x4", "", "m.so`0x1f00", 3);
	T_EQ_STR(out.s, want.s);
	strbuf_free(&out);
	strbuf_free(&want);
	agg_data_free(&a);
	agg_desc_free(d);
}

/* usym keys merge per function and umod keys per module once canonical (dtrace's
 * dt_aggregate_usym/umod); both print "  %-50s". uaddr keys stay apart. */
T_CASE(usym_umod_key_merge)
{
	struct agg_keydesc ks[2] = { { AGG_KEY_USYM, 16, false }, { AGG_KEY_UMOD, 16, false } };
	struct agg_desc *d = mk(AGG_COUNT, NULL, 0, ks, 2);
	d->usym = &fake;
	struct agg_data a;
	agg_data_init(&a, d);
	const uint64_t addrs[3] = { 0x1101, 0x1150, 0x1fff };
	for (int i = 0; i < 3; i++) {
		unsigned char key[32];
		uint64_t pid = 7;
		memcpy(key, &pid, 8);
		memcpy(key + 8, &addrs[i], 8);
		memcpy(key + 16, &pid, 8);
		memcpy(key + 24, &addrs[i], 8);
		agg_key_canon(d, key);
		int64_t one = 0;
		put(&a, key, &one, 1);
	}
	T_EQ_INT(a.n, 2);
	struct strbuf out = { 0 }, want = { 0 };
	agg_print_rows(&a, NULL, &out);
	strbuf_printf(&want, "  %-50s  %-50s %16d\n", "m.so`0x1fff", "m.so", 1);
	strbuf_printf(&want, "  %-50s  %-50s %16d\n", "m.so`f", "m.so", 2);
	T_EQ_STR(out.s, want.s);
	strbuf_free(&out);
	strbuf_free(&want);
	agg_data_free(&a);
	agg_desc_free(d);

	struct agg_keydesc ku = { AGG_KEY_UADDR, 16, false };
	d = mk(AGG_COUNT, NULL, 0, &ku, 1);
	d->usym = &fake;
	unsigned char key[16];
	uint64_t pid = 7, ad = 0x1150;
	memcpy(key, &pid, 8);
	memcpy(key + 8, &ad, 8);
	agg_key_canon(d, key);
	uint64_t back;
	memcpy(&back, key + 8, 8);
	T_EQ_UINT(back, 0x1150);
	agg_desc_free(d);
}

T_CASE(ukey_desc_checks)
{
	struct agg_keydesc bad1 = { AGG_KEY_STACK, 12, false }, bad2 = { AGG_KEY_USYM, 8, false };
	T_CHECK(!agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &bad1, 1, eb, sizeof eb));
	T_CHECK(!agg_desc_new("a", 1, AGG_COUNT, NULL, 0, &bad2, 1, eb, sizeof eb));
}

T_MAIN()
