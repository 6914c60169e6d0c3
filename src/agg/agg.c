/* agg.c — aggregation descriptors, bucket rules, per-CPU merging, snapshots and the snapshot
 * operations (clear, trunc, normalize). Sorting and printa's join live in agg_sort.c, printing
 * in agg_print.c.
 *
 * The behaviour follows libdtrace (dt_aggregate.c) and the illumos kernel's
 * dtrace_aggregate_*() functions; the comments say where we knowingly differ. */
#include <stdlib.h>
#include <string.h>
#include "agg.h"

#define MIN_XOR 0x7fffffffffffffffULL /* encodes min so that larger-unsigned = smaller value */
#define MAX_XOR 0x8000000000000000ULL /* encodes max so that larger-unsigned = larger value */

const char *agg_func_name(enum agg_func f)
{
	static const char *const names[] = {
		"count", "sum", "avg", "min", "max", "stddev", "quantize", "lquantize", "llquantize",
	};
	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : "?";
}

/* ---- bucket rules ---- */

int64_t agg_quantize_bucketval(int b)
{
	if (b < AGG_QUANTIZE_ZEROBUCKET)
		return -(int64_t)(1ULL << (AGG_QUANTIZE_ZEROBUCKET - 1 - b));
	if (b == AGG_QUANTIZE_ZEROBUCKET)
		return 0;
	return (int64_t)(1ULL << (b - AGG_QUANTIZE_ZEROBUCKET - 1));
}

static int msb64(uint64_t x) /* x != 0 */
{
	return 63 - __builtin_clzll(x);
}

/* dtrace puts v in the highest bucket whose label is <= v for v >= 0, and in the lowest bucket
 * whose label is >= v for v < 0 (so -3 is counted under -2, and everything below -2^62, INT64_MIN
 * included, under -2^62). With the most significant bit m of |v| that is 64 + m, 62 - m. */
int agg_quantize_bucket(int64_t v)
{
	if (v == 0)
		return AGG_QUANTIZE_ZEROBUCKET;
	if (v > 0)
		return AGG_QUANTIZE_ZEROBUCKET + 1 + msb64((uint64_t)v);
	int b = AGG_QUANTIZE_ZEROBUCKET - 1 - msb64(0 - (uint64_t)v);
	return b < 0 ? 0 : b;
}

int agg_lquantize_levels(int64_t lower, int64_t upper, int64_t step)
{
	return (int)((upper - lower) / step);
}

/* dtrace (dtrace_aggregate_lquantize) casts the value to int32_t first; we compare the full
 * 64-bit value, so 2^32 + 5 lands in the overflow bucket instead of the bucket of 5. */
int agg_lquantize_bucket(int64_t v, int64_t lower, int64_t upper, int64_t step)
{
	int levels = agg_lquantize_levels(lower, upper, step);
	if (v < lower)
		return 0;
	/* v - lower may not fit int64 when v is huge: such a v is past every level anyway */
	uint64_t off = (uint64_t)v - (uint64_t)lower;
	if (off / (uint64_t)step < (uint64_t)levels)
		return (int)(off / (uint64_t)step) + 1;
	return levels + 1;
}

/* The log-linear layout of dtrace for Linux, symmetric about zero (nbins = 2 * per + 3):
 *   bin 0            <= -factor^(high+1)
 *   1 .. per         the negative magnitudes, largest first
 *   bin0 = per + 1   |v| < factor^low
 *   bin0 + 1 ..      the positive magnitudes: order o = low .. high covers
 *                    [factor^o, factor^(o+1)) with nsteps - nsteps/factor bins
 *   nbins - 1        >= factor^(high+1)
 * Within an order the bins are factor^(o+1)/nsteps wide, the first nsteps/factor of them being
 * the previous order's (none when nsteps < factor, which must then divide the factor: the
 * order's first bin is labelled factor^o). An order narrower than nsteps (low == 0: [1, factor)) keeps its
 * nsteps - nsteps/factor bins, of which only one in nsteps/factor^(o+1) is ever used (dtrace's
 * "ghost" bins, which it does not print). */
static int64_t ll_per(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	return (high - low + 1) * (nsteps - nsteps / factor);
}

/* 0 for |v| below factor^low, 1 .. per within the magnitudes, per + 1 beyond them. */
static int64_t ll_offset(uint64_t a, int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	uint64_t pow = 1;
	int64_t sf = nsteps / factor;
	for (int64_t o = 0; o < low; o++)
		pow *= (uint64_t)factor;
	if (a < pow)
		return 0;
	for (int64_t o = low; o <= high; o++) {
		uint64_t next = pow * (uint64_t)factor; /* fits: agg_desc_new checked it */
		int64_t base = (o - low) * (nsteps - sf);
		if (a < next) {
			if (next >= (uint64_t)nsteps)
				return base + (int64_t)(a / (next / (uint64_t)nsteps)) - sf + 1;
			return base + 1 + (int64_t)(a - pow) * (nsteps / (int64_t)next);
		}
		pow = next;
	}
	return ll_per(factor, low, high, nsteps) + 1;
}

int agg_llquantize_bucket(int64_t v, int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	int64_t bin0 = ll_per(factor, low, high, nsteps) + 1;
	if (v >= 0)
		return (int)(bin0 + ll_offset((uint64_t)v, factor, low, high, nsteps));
	return (int)(bin0 - ll_offset(-(uint64_t)v, factor, low, high, nsteps));
}

int agg_llquantize_nbuckets(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	return (int)(2 * ll_per(factor, low, high, nsteps) + 3);
}

int agg_llquantize_zerobin(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	return (int)ll_per(factor, low, high, nsteps) + 1;
}

bool agg_llquantize_binmag(int bin, int64_t factor, int64_t low, int64_t high, int64_t nsteps,
			   uint64_t *mag, bool *neg)
{
	int64_t per = ll_per(factor, low, high, nsteps), bin0 = per + 1, sf = nsteps / factor;
	int64_t off = bin >= bin0 ? bin - bin0 : bin0 - bin;
	uint64_t pow = 1, v, f = (uint64_t)factor, ns = (uint64_t)nsteps;
	for (int64_t o = 0; o < low; o++)
		pow *= f;
	if (off == 0) {
		v = 0;
	} else if (off > per) {
		for (int64_t o = low; o <= high; o++)
			pow *= f;   /* factor^(high + 1) fits: agg_desc_new checked it */
		v = pow;
	} else {
		int64_t o = low + (off - 1) / (nsteps - sf), r = (off - 1) % (nsteps - sf);
		for (int64_t k = low; k < o; k++)
			pow *= f;
		uint64_t next = pow * f;
		if (next >= ns) {
			/* with fewer steps than the factor (sf == 0) an order's first bin starts at
			 * factor^o, not at 0 */
			v = (uint64_t)(r + sf) * (next / ns);
			if (v < pow)
				v = pow;
		} else {
			uint64_t per_unit = ns / next;
			if ((uint64_t)r % per_unit)
				return false; /* a ghost */
			v = pow + (uint64_t)r / per_unit;
		}
	}
	*mag = v;
	*neg = bin < bin0;
	return true;
}

bool agg_llquantize_binval(int bin, int64_t factor, int64_t low, int64_t high, int64_t nsteps,
			   int64_t *val)
{
	uint64_t mag;
	bool neg;
	if (!agg_llquantize_binmag(bin, factor, low, high, nsteps, &mag, &neg))
		return false;
	if (mag > (uint64_t)INT64_MAX)   /* only the overflow bins' 2^63 and beyond */
		*val = neg ? INT64_MIN : INT64_MAX;
	else
		*val = neg ? -(int64_t)mag : (int64_t)mag;
	return true;
}

/* ---- descriptors ---- */

static int check_lquantize(const int64_t *a, char *errbuf, size_t errlen)
{
	int64_t lower = a[0], upper = a[1], step = a[2];
	if (lower < INT32_MIN || lower > INT32_MAX)
		return util_seterr(errbuf, errlen, "lquantize( ) lower bound must be a 32-bit quantity");
	if (upper < INT32_MIN || upper > INT32_MAX)
		return util_seterr(errbuf, errlen, "lquantize( ) upper bound must be a 32-bit quantity");
	if (step <= 0 || step > UINT16_MAX)
		return util_seterr(errbuf, errlen, "lquantize( ) step must be between 1 and %d",
				   UINT16_MAX);
	if (upper <= lower)
		return util_seterr(errbuf, errlen,
				   "lquantize( ) upper bound must be greater than lower bound");
	int64_t levels = (upper - lower) / step;
	if (levels == 0)
		return util_seterr(errbuf, errlen,
				   "lquantize( ) step must be less than or equal to the range");
	if (levels > UINT16_MAX)
		return util_seterr(errbuf, errlen, "lquantize( ) has more than %d levels", UINT16_MAX);
	return 0;
}

static int check_llquantize(const int64_t *a, char *errbuf, size_t errlen)
{
	int64_t factor = a[0], low = a[1], high = a[2], nsteps = a[3];
	if (factor < 2 || factor > UINT16_MAX)
		return util_seterr(errbuf, errlen, "llquantize( ) factor must be between 2 and %d",
				   UINT16_MAX);
	if (low < 0 || low > UINT16_MAX)
		return util_seterr(errbuf, errlen, "llquantize( ) low magnitude must be between 0 and %d",
				   UINT16_MAX);
	if (high < 0 || high > UINT16_MAX)
		return util_seterr(errbuf, errlen,
				   "llquantize( ) high magnitude must be between 0 and %d", UINT16_MAX);
	if (high < low)
		return util_seterr(errbuf, errlen,
				   "llquantize( ) high magnitude (%lld) is less than low magnitude (%lld)",
				   (long long)high, (long long)low);
	if (nsteps < 1 || nsteps > UINT16_MAX)
		return util_seterr(errbuf, errlen, "llquantize( ) number of steps must be between 1 and %d",
				   UINT16_MAX);
	/* dtrace's rules: fewer steps than the factor must divide it, more must be a multiple */
	if (nsteps < factor ? factor % nsteps != 0 : nsteps % factor != 0)
		return util_seterr(errbuf, errlen,
				   "llquantize( ) factor (%lld) and number of steps (%lld) must divide one "
				   "another", (long long)factor, (long long)nsteps);
	/* factor^(high + 1), the overflow bin's bound, fits 64 bits unsigned (dtrace's limit): a
	 * magnitude |v| is unsigned, and |INT64_MIN| is 2^63 */
	uint64_t p = 1;
	for (int64_t o = 0; o <= high; o++) {
		if (p > UINT64_MAX / (uint64_t)factor)
			return util_seterr(errbuf, errlen,
					   "llquantize( ) factor (%lld) raised to high magnitude (%lld) "
					   "overflows 64-bits", (long long)factor, (long long)high);
		p *= (uint64_t)factor;
	}
	if (agg_llquantize_nbuckets(factor, low, high, nsteps) > 1 << 20)
		return util_seterr(errbuf, errlen, "llquantize( ) has too many buckets");
	return 0;
}

struct agg_desc *agg_desc_new(const char *name, int id, enum agg_func func, const int64_t *args,
			      size_t nargs, const struct agg_keydesc *keys, size_t nkeys,
			      char *errbuf, size_t errlen)
{
	size_t want = func == AGG_LQUANTIZE ? 3 : func == AGG_LLQUANTIZE ? 4 : 0;
	if ((unsigned)func > AGG_LLQUANTIZE) {
		util_seterr(errbuf, errlen, "unknown aggregating function %d", (int)func);
		return NULL;
	}
	if (nargs != want) {
		util_seterr(errbuf, errlen, "%s( ) takes %zu parameters, not %zu", agg_func_name(func),
			    want, nargs);
		return NULL;
	}
	if (func == AGG_LQUANTIZE && check_lquantize(args, errbuf, errlen) < 0)
		return NULL;
	if (func == AGG_LLQUANTIZE && check_llquantize(args, errbuf, errlen) < 0)
		return NULL;
	size_t keysize = 0;
	for (size_t i = 0; i < nkeys; i++) {
		const struct agg_keydesc *k = &keys[i];
		if (k->kind == AGG_KEY_INT) {
			if (k->size != 1 && k->size != 2 && k->size != 4 && k->size != 8) {
				util_seterr(errbuf, errlen, "aggregation key #%zu: bad integer size %u",
					    i + 1, k->size);
				return NULL;
			}
			keysize += 8;
		} else if (k->kind == AGG_KEY_STRING) {
			if (k->size == 0 || k->size > UINT32_MAX) {
				util_seterr(errbuf, errlen, "aggregation key #%zu: bad string size %u",
					    i + 1, k->size);
				return NULL;
			}
			keysize += k->size;
		} else if (k->kind == AGG_KEY_STACK) {
			if (k->size < 16 || k->size % 8) {
				util_seterr(errbuf, errlen, "aggregation key #%zu: bad stack size %u",
					    i + 1, k->size);
				return NULL;
			}
			keysize += k->size;
		} else if (k->kind == AGG_KEY_UADDR || k->kind == AGG_KEY_USYM ||
			   k->kind == AGG_KEY_UMOD) {
			if (k->size != 16) {
				util_seterr(errbuf, errlen, "aggregation key #%zu: bad address size %u",
					    i + 1, k->size);
				return NULL;
			}
			keysize += k->size;
		} else {
			util_seterr(errbuf, errlen, "aggregation key #%zu: unknown kind %d", i + 1,
				    (int)k->kind);
			return NULL;
		}
	}
	struct agg_desc *d = xcalloc(1, sizeof *d);
	d->name = xstrdup(name ? name : "");
	d->id = id;
	d->func = func;
	for (size_t i = 0; i < nargs; i++)
		d->arg[i] = args[i];
	d->nkeys = nkeys;
	d->keys = xcalloc(nkeys ? nkeys : 1, sizeof *d->keys);
	if (nkeys)
		memcpy(d->keys, keys, nkeys * sizeof *keys);
	d->keysize = nkeys ? keysize : 8;
	switch (func) {
	case AGG_AVG: d->nwords = 2; break;
	case AGG_STDDEV: d->nwords = 4; break;
	case AGG_QUANTIZE: d->nwords = AGG_QUANTIZE_NBUCKETS; break;
	case AGG_LQUANTIZE:
		d->nwords = (size_t)agg_lquantize_levels(args[0], args[1], args[2]) + 2;
		break;
	case AGG_LLQUANTIZE:
		d->nwords = (size_t)agg_llquantize_nbuckets(args[0], args[1], args[2], args[3]);
		break;
	default: d->nwords = 1; break;
	}
	return d;
}

void agg_key_canon(const struct agg_desc *d, unsigned char *key)
{
	size_t off = 0;
	for (size_t i = 0; i < d->nkeys; i++) {
		const struct agg_keydesc *k = &d->keys[i];
		if (d->usym && (k->kind == AGG_KEY_USYM || k->kind == AGG_KEY_UMOD)) {
			uint64_t pid, addr;
			memcpy(&pid, key + off, 8);
			memcpy(&addr, key + off + 8, 8);
			addr = d->usym->canon(d->usym->arg, (uint32_t)pid, addr,
					      k->kind == AGG_KEY_USYM ? 'f' : 'm');
			memcpy(key + off + 8, &addr, 8);
		}
		off += k->kind == AGG_KEY_INT ? 8 : k->size;
	}
}

void agg_desc_free(struct agg_desc *d)
{
	if (!d)
		return;
	free(d->name);
	free(d->keys);
	free(d);
}

/* ---- updates and merging ---- */

static void add_u128(int64_t *lohi, unsigned __int128 x)
{
	unsigned __int128 q = ((unsigned __int128)(uint64_t)lohi[1] << 64) | (uint64_t)lohi[0];
	q += x;
	lohi[0] = (int64_t)(uint64_t)q;
	lohi[1] = (int64_t)(uint64_t)(q >> 64);
}

static int64_t wrap_add(int64_t a, int64_t b) /* dtrace's sums wrap silently */
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

void agg_update(const struct agg_desc *d, int64_t *w, int64_t v, int64_t incr)
{
	switch (d->func) {
	case AGG_COUNT: w[0] = wrap_add(w[0], 1); break;
	case AGG_SUM: w[0] = wrap_add(w[0], v); break;
	case AGG_AVG: w[0] = wrap_add(w[0], 1); w[1] = wrap_add(w[1], v); break;
	case AGG_MIN:
		if (((uint64_t)v ^ MIN_XOR) > (uint64_t)w[0])
			w[0] = (int64_t)((uint64_t)v ^ MIN_XOR);
		break;
	case AGG_MAX:
		if (((uint64_t)v ^ MAX_XOR) > (uint64_t)w[0])
			w[0] = (int64_t)((uint64_t)v ^ MAX_XOR);
		break;
	case AGG_STDDEV: {
		uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
		w[0] = wrap_add(w[0], 1);
		w[1] = wrap_add(w[1], v);
		add_u128(w + 2, (unsigned __int128)a * a);
		break;
	}
	case AGG_QUANTIZE: {
		int b = agg_quantize_bucket(v);
		w[b] = wrap_add(w[b], incr);
		break;
	}
	case AGG_LQUANTIZE: {
		int b = agg_lquantize_bucket(v, d->arg[0], d->arg[1], d->arg[2]);
		w[b] = wrap_add(w[b], incr);
		break;
	}
	case AGG_LLQUANTIZE: {
		int b = agg_llquantize_bucket(v, d->arg[0], d->arg[1], d->arg[2], d->arg[3]);
		w[b] = wrap_add(w[b], incr);
		break;
	}
	}
}

void agg_merge(const struct agg_desc *d, const int64_t *percpu, size_t ncpu, int64_t *out)
{
	size_t nw = d->nwords;
	memset(out, 0, nw * sizeof *out);
	if (d->func == AGG_MIN || d->func == AGG_MAX) {
		uint64_t best = 0; /* the encoded empty value; some CPU holds data, so it loses */
		for (size_t c = 0; c < ncpu; c++)
			if ((uint64_t)percpu[c * nw] > best)
				best = (uint64_t)percpu[c * nw];
		out[0] = (int64_t)(best ^ (d->func == AGG_MIN ? MIN_XOR : MAX_XOR));
		return;
	}
	for (size_t c = 0; c < ncpu; c++) {
		const int64_t *w = percpu + c * nw;
		if (d->func == AGG_STDDEV) {
			out[0] = wrap_add(out[0], w[0]);
			out[1] = wrap_add(out[1], w[1]);
			add_u128(out + 2,
				 ((unsigned __int128)(uint64_t)w[3] << 64) | (uint64_t)w[2]);
			continue;
		}
		for (size_t i = 0; i < nw; i++)
			out[i] = wrap_add(out[i], w[i]);
	}
}

/* ---- results ---- */

static int64_t sdiv(int64_t a, int64_t b) /* C division without its two undefined cases */
{
	if (b == 0)
		return 0;
	if (b == -1)
		return (int64_t)(0 - (uint64_t)a);
	return a / b;
}

static uint64_t isqrt128(unsigned __int128 x)
{
	/* bit by bit, from the highest possible result bit down: floor(sqrt(x)) */
	uint64_t r = 0;
	for (int bit = 63; bit >= 0; bit--) {
		uint64_t t = r | (1ULL << bit);
		if ((unsigned __int128)t * t <= x)
			r = t;
	}
	return r;
}

/* dt_stddev: sqrt(sum(x^2)/n - (s/n)^2) in integers — the sum of squares divided by normal
 * twice and by n (128-bit, truncating), the average by normal and n (64-bit, truncating),
 * the difference's integer square root. */
uint64_t agg_stddev(const int64_t *w, uint64_t normal)
{
	if (w[0] == 0 || normal == 0)
		return 0;
	unsigned __int128 q = ((unsigned __int128)(uint64_t)w[3] << 64) | (uint64_t)w[2];
	q /= (uint64_t)w[0];
	int64_t avg = sdiv(w[1], w[0]);
	uint64_t a = avg < 0 ? 0 - (uint64_t)avg : (uint64_t)avg;
	unsigned __int128 sq = (unsigned __int128)a * a;
	/* normalized, the deviation itself is divided (the Guide's normalize()); dtrace's
	 * dt_stddev divides the mean square by the factor but the mean before squaring it, which
	 * makes {10, 20} (deviation 5) normalized by 2 print 8: not followed */
	return isqrt128(q - sq) / normal; /* wraps like dt_subtract_128 if the sums wrapped */
}

/* dtrace prints "(long long)value / normal" with normal a uint64_t: the division is unsigned,
 * so a normalized negative value prints as a large number. We keep that. */
int64_t agg_scalar(const struct agg_desc *d, const int64_t *w, uint64_t normal)
{
	if (normal == 0)
		normal = 1;
	switch (d->func) {
	case AGG_AVG:
		return w[0] ? sdiv(sdiv(w[1], (int64_t)normal), w[0]) : 0;
	case AGG_STDDEV:
		return (int64_t)agg_stddev(w, normal);
	default:
		return (int64_t)((uint64_t)w[0] / normal);
	}
}

/* ---- snapshots ---- */

void agg_data_init(struct agg_data *a, const struct agg_desc *d)
{
	memset(a, 0, sizeof *a);
	a->desc = d;
	a->normal = 1;
}

void agg_data_free(struct agg_data *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->ent[i].key);
		free(a->ent[i].val);
		free(a->ent[i].percpu);
	}
	free(a->ent);
	free(a->slots);
	a->ent = NULL;
	a->slots = NULL;
	a->n = a->cap = a->nslots = 0;
}

/* Snapshots are rebuilt at every aggrate tick, so finding a key must not be a linear scan:
 * entries are indexed by an open-addressing table of FNV-1a hashes, kept at most half full. */
static uint64_t key_hash(const void *key, size_t n)
{
	const unsigned char *p = key;
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

static void index_rebuild(struct agg_data *a, size_t want)
{
	size_t ns = 16;
	while (ns < 2 * want)
		ns *= 2;
	free(a->slots);
	a->slots = xcalloc(ns, sizeof *a->slots);
	a->nslots = ns;
	for (size_t i = 0; i < a->n; i++) {
		size_t h = (size_t)key_hash(a->ent[i].key, a->desc->keysize) & (ns - 1);
		while (a->slots[h])
			h = (h + 1) & (ns - 1);
		a->slots[h] = i + 1;
	}
}

struct agg_entry *agg_data_find(const struct agg_data *a, const void *key)
{
	if (a->nslots == 0)
		return NULL;
	size_t h = (size_t)key_hash(key, a->desc->keysize) & (a->nslots - 1);
	for (; a->slots[h]; h = (h + 1) & (a->nslots - 1)) {
		struct agg_entry *e = &a->ent[a->slots[h] - 1];
		if (memcmp(e->key, key, a->desc->keysize) == 0)
			return e;
	}
	return NULL;
}

static void merge_merged(const struct agg_desc *d, int64_t *into, const int64_t *v)
{
	switch (d->func) {
	case AGG_MIN: if (v[0] < into[0]) into[0] = v[0]; break;
	case AGG_MAX: if (v[0] > into[0]) into[0] = v[0]; break;
	case AGG_STDDEV:
		into[0] = wrap_add(into[0], v[0]);
		into[1] = wrap_add(into[1], v[1]);
		add_u128(into + 2, ((unsigned __int128)(uint64_t)v[3] << 64) | (uint64_t)v[2]);
		break;
	default:
		for (size_t i = 0; i < d->nwords; i++)
			into[i] = wrap_add(into[i], v[i]);
	}
}

void agg_data_add(struct agg_data *a, const void *key, const int64_t *percpu, size_t ncpu)
{
	const struct agg_desc *d = a->desc;
	int64_t *v = xcalloc(d->nwords, sizeof *v);
	agg_merge(d, percpu, ncpu, v);
	struct agg_entry *e = agg_data_find(a, key);
	if (e) {
		merge_merged(d, e->val, v);
		free(v);
		return;
	}
	xgrow(&a->ent, sizeof *a->ent, &a->cap, a->n + 1);
	e = &a->ent[a->n++];
	e->key = xmalloc(d->keysize);
	memcpy(e->key, key, d->keysize);
	e->val = v;
	if (2 * a->n > a->nslots) {
		index_rebuild(a, a->n);
	} else {
		size_t h = (size_t)key_hash(key, d->keysize) & (a->nslots - 1);
		while (a->slots[h])
			h = (h + 1) & (a->nslots - 1);
		a->slots[h] = a->n;
	}
}

void agg_entry_set_percpu(struct agg_data *a, const void *key, const int64_t *percpu,
			  size_t ncpu)
{
	const struct agg_desc *d = a->desc;
	struct agg_entry *e = agg_data_find(a, key);
	if (!e || ncpu == 0 || (a->ncpu && a->ncpu != ncpu))
		return;
	a->ncpu = ncpu;
	int64_t *v = xcalloc(ncpu * d->nwords, sizeof *v);
	for (size_t c = 0; c < ncpu; c++)
		agg_merge(d, percpu + c * d->nwords, 1, v + c * d->nwords);
	if (e->percpu) {
		for (size_t c = 0; c < ncpu; c++)
			merge_merged(d, e->percpu + c * d->nwords, v + c * d->nwords);
		free(v);
	} else {
		e->percpu = v;
	}
}

/* A cleared value is the function's empty value: zeros, except min and max, which start from
 * INT64_MAX and INT64_MIN (what the map's zeroed entry decodes to, and what dtrace prints for a
 * cleared min/max: dtrace -qn 'BEGIN { @a = min(5); } tick-1ms { clear(@a); printa(@a);
 * exit(0); }' prints 9223372036854775807). */
void agg_clear(struct agg_data *a)
{
	for (size_t i = 0; i < a->n; i++) {
		memset(a->ent[i].val, 0, a->desc->nwords * sizeof(int64_t));
		if (a->desc->func == AGG_MIN)
			a->ent[i].val[0] = INT64_MAX;
		else if (a->desc->func == AGG_MAX)
			a->ent[i].val[0] = INT64_MIN;
		free(a->ent[i].percpu);   /* no longer what the CPUs hold */
		a->ent[i].percpu = NULL;
	}
}

/* dtrace keeps the factor as a uint64_t: a negative one is a huge divisor, values print as 0
 * (observed). 0 makes dtrace die of a division by zero (SIGFPE): refused here instead. */
int agg_normalize(struct agg_data *a, int64_t n, char *errbuf, size_t errlen)
{
	if (n == 0)
		return util_seterr(errbuf, errlen, "normalize( ) value must be positive");
	a->normal = (uint64_t)n;
	return 0;
}

void agg_denormalize(struct agg_data *a)
{
	a->normal = 1;
}

/* trunc() walks by value then key, ignoring the sorting options (dt_trunc uses the
 * value-sorted walks explicitly), and keeps the top n, or with n < 0 the bottom -n. */
void agg_trunc(struct agg_data *a, int64_t n)
{
	size_t *idx = agg_sort(a, NULL); /* no options: by value, then key, ascending */
	bool *keep = xcalloc(a->n ? a->n : 1, sizeof *keep);
	uint64_t want = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
	for (size_t i = 0; i < a->n && i < want; i++)
		keep[n < 0 ? idx[i] : idx[a->n - 1 - i]] = true;
	size_t j = 0;
	for (size_t i = 0; i < a->n; i++) {
		if (keep[i]) {
			a->ent[j++] = a->ent[i];
		} else {
			free(a->ent[i].key);
			free(a->ent[i].val);
			free(a->ent[i].percpu);
		}
	}
	a->n = j;
	index_rebuild(a, a->n);
	free(idx);
	free(keep);
}
