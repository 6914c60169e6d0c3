/* agg_sort.c — the order dtrace prints aggregations in (dt_aggregate.c's keycmp, valcmp and
 * their combinations), and printa's joined walk over several aggregations sharing keys. */
#include <stdlib.h>
#include <string.h>
#include "agg.h"

/* ---- comparisons (dt_aggregate.c's keycmp / valcmp) ---- */

static int cmp3(long double l, long double r)
{
	return l < r ? -1 : l > r ? 1 : 0;
}

static int cmp_i64(int64_t l, int64_t r)
{
	return l < r ? -1 : l > r ? 1 : 0;
}

static size_t key_offset(const struct agg_desc *d, size_t k)
{
	size_t off = 0;
	for (size_t i = 0; i < k; i++)
		off += d->keys[i].kind == AGG_KEY_INT ? 8 : d->keys[i].size;
	return off;
}

static uint64_t key_int(const unsigned char *p, unsigned size)
{
	uint64_t v = 0;
	memcpy(&v, p, size); /* little-endian: the low bytes */
	return v;
}

/* A string member of size la at l against one of size lr at r: the bytes both have, then
 * the longer one's extra bytes against the shorter one's NUL padding. The code generator sizes
 * a string member by the longest value it can hold, so two aggregations printed together may
 * lay the same strings out in members of different sizes. */
static int strmember_cmp(const unsigned char *l, size_t la, const unsigned char *r, size_t lr)
{
	size_t n = la < lr ? la : lr;
	int c = memcmp(l, r, n);
	if (c)
		return c < 0 ? -1 : 1;
	for (size_t i = n; i < la; i++)
		if (l[i])
			return 1;
	for (size_t i = n; i < lr; i++)
		if (r[i])
			return -1;
	return 0;
}

/* Keys compare member by member from position aggsortkeypos on (wrapping around), integers as
 * unsigned numbers of their size, strings byte by byte. l is laid out by dl, r by dr (the same
 * descriptor, or one of an aggregation printed with it: same members, sizes may differ). */
static int keycmp2(const struct agg_desc *dl, const unsigned char *l, const struct agg_desc *dr,
		   const unsigned char *r, int64_t keypos)
{
	size_t n = dl->nkeys;
	if (n == 0)
		return 0;
	size_t kp = keypos < 0 || (uint64_t)keypos >= n ? 0 : (size_t)keypos;
	for (size_t i = 0; i < n; i++) {
		size_t k = (i + kp) % n;
		const unsigned char *lp = l + key_offset(dl, k), *rp = r + key_offset(dr, k);
		const struct agg_keydesc *kl = &dl->keys[k], *kr = &dr->keys[k];
		int c;
		if (kl->kind == AGG_KEY_INT) {
			uint64_t a = key_int(lp, kl->size), b = key_int(rp, kr->size);
			c = a < b ? -1 : a > b;
		} else if (kl->kind == AGG_KEY_STRING) {
			c = strmember_cmp(lp, kl->size, rp, kr->size);
		} else {
			c = memcmp(lp, rp, kl->size);
			c = c < 0 ? -1 : c > 0;
		}
		if (c)
			return c;
	}
	return 0;
}

static int keycmp(const struct agg_desc *d, const unsigned char *l, const unsigned char *r,
		  int64_t keypos)
{
	return keycmp2(d, l, d, r, keypos);
}

static long double quantize_total(const int64_t *w, int64_t *zero)
{
	long double t = 0;
	for (int i = 0; i < AGG_QUANTIZE_NBUCKETS; i++)
		t += (long double)agg_quantize_bucketval(i) * (long double)w[i];
	*zero = w[AGG_QUANTIZE_ZEROBUCKET];
	return t;
}

static long double lquantize_total(const struct agg_desc *d, const int64_t *w, int64_t *zero)
{
	int64_t base = d->arg[0], step = d->arg[2];
	int levels = agg_lquantize_levels(d->arg[0], d->arg[1], step);
	long double t = (long double)w[0] * (long double)(base - 1);
	*zero = base - 1 == 0 ? w[0] : 0;
	for (int i = 0; i < levels; i++, base += step) {
		t += (long double)w[i + 1] * (long double)base;
		if (base == 0)
			*zero = w[i + 1];
	}
	if (base + 1 == 0)
		*zero = w[levels + 1];
	return t + (long double)w[levels + 1] * (long double)(base + 1);
}

/* llquantize (dt_aggregate_llquantizedsum): each bin weighs the value it is labelled with
 * (agg_llquantize_binval: the lower bound of its magnitude, negative below zero). */
static long double llquantize_total(const struct agg_desc *d, const int64_t *w)
{
	long double t = 0;
	for (size_t i = 0; i < d->nwords; i++) {
		uint64_t mag;
		bool neg;
		if (w[i] && agg_llquantize_binmag((int)i, d->arg[0], d->arg[1], d->arg[2],
						   d->arg[3], &mag, &neg))
			t += (long double)w[i] * (neg ? -(long double)mag : (long double)mag);
	}
	return t;
}

static int valcmp(const struct agg_desc *d, const int64_t *l, const int64_t *r)
{
	int64_t lz = 0, rz = 0;
	int c;
	switch (d->func) {
	case AGG_AVG: /* s / n, not normalized */
		return cmp_i64(agg_scalar(d, l, 1), agg_scalar(d, r, 1));
	case AGG_STDDEV: {
		uint64_t a = agg_stddev(l, 1), b = agg_stddev(r, 1);
		return a < b ? -1 : a > b ? 1 : 0;
	}
	case AGG_QUANTIZE:
		if ((c = cmp3(quantize_total(l, &lz), quantize_total(r, &rz))) != 0)
			return c;
		return cmp_i64(lz, rz);
	case AGG_LQUANTIZE:
		if ((c = cmp3(lquantize_total(d, l, &lz), lquantize_total(d, r, &rz))) != 0)
			return c;
		return cmp_i64(lz, rz);
	case AGG_LLQUANTIZE:
		/* ties: dtrace compares the zero bin (|v| below factor^low) */
		if ((c = cmp3(llquantize_total(d, l), llquantize_total(d, r))) != 0)
			return c;
		lz = agg_llquantize_zerobin(d->arg[0], d->arg[1], d->arg[2], d->arg[3]);
		return cmp_i64(l[lz], r[lz]);
	default:
		return cmp_i64(l[0], r[0]);
	}
}

struct sortctx {
	const struct agg_data *a;
	const struct dopts *o;
	bool bykey;
};

static int entry_cmp(const void *pl, const void *pr, void *arg)
{
	const struct sortctx *s = arg;
	const struct agg_entry *l = &s->a->ent[*(const size_t *)pl];
	const struct agg_entry *r = &s->a->ent[*(const size_t *)pr];
	int64_t kp = s->o ? s->o->aggsortkeypos : 0;
	int c = 0;
	if (!s->bykey)
		c = valcmp(s->a->desc, l->val, r->val);
	if (c == 0)
		c = keycmp(s->a->desc, l->key, r->key, kp);
	/* aggsortrev flips every comparison dtrace makes (DT_LESSTHAN / DT_GREATERTHAN) */
	return s->o && s->o->aggsortrev ? -c : c;
}

size_t *agg_sort(const struct agg_data *a, const struct dopts *o)
{
	size_t *idx = xmalloc((a->n ? a->n : 1) * sizeof *idx);
	for (size_t i = 0; i < a->n; i++)
		idx[i] = i;
	struct sortctx s = {a, o, o && o->aggsortkey};
	qsort_r(idx, a->n, sizeof *idx, entry_cmp, &s);
	return idx;
}

/* ---- printa's joined walk (dtrace_aggregate_walk_joined) ---- */

struct joinctx {
	struct agg_data *const *aggs;
	size_t naggs;
	const struct dopts *o;
	size_t sortpos;
};

struct pair { size_t agg, ent; };

/* Keys of two aggregations printed together: their integer members may differ in size (@a[1]
 * and @b[(char)1] are both accepted), and a key is then another key: dtrace orders the
 * smaller member first, whatever the aggregations' order (observed:
 * dtrace -qn 'BEGIN { @a[1] = sum(0); @b[(char)1] = sum(0); printa(@a, @b); exit(0); }'
 * prints the char key's row first). Same sizes: keycmp. */
static int join_keycmp(const struct agg_desc *dl, const unsigned char *l,
		       const struct agg_desc *dr, const unsigned char *r, int64_t keypos)
{
	for (size_t i = 0; i < dl->nkeys && i < dr->nkeys; i++)
		if (dl->keys[i].kind == AGG_KEY_INT && dr->keys[i].kind == AGG_KEY_INT &&
		    dl->keys[i].size != dr->keys[i].size)
			return dl->keys[i].size < dr->keys[i].size ? -1 : 1;
	return keycmp2(dl, l, dr, r, keypos);
}

static int pair_keycmp(const void *pl, const void *pr, void *arg)
{
	const struct joinctx *j = arg;
	const struct pair *l = pl, *r = pr;
	int c = join_keycmp(j->aggs[l->agg]->desc, j->aggs[l->agg]->ent[l->ent].key,
			    j->aggs[r->agg]->desc, j->aggs[r->agg]->ent[r->ent].key, 0);
	if (c)
		return c;
	return l->agg < r->agg ? -1 : l->agg > r->agg;
}

static int row_cmp(const void *pl, const void *pr, void *arg)
{
	const struct joinctx *j = arg;
	const struct agg_row *l = pl, *r = pr;
	int64_t kp = j->o ? j->o->aggsortkeypos : 0;
	int c = 0;
	if (j->o && j->o->aggsortkey) {
		c = join_keycmp(l->kdesc, l->key, r->kdesc, r->key, kp);
	} else {
		for (size_t i = 0; i < j->naggs && c == 0; i++) {
			size_t k = (i + j->sortpos) % j->naggs;
			c = valcmp(j->aggs[k]->desc, l->vals[k], r->vals[k]);
		}
		if (c == 0)
			c = join_keycmp(l->kdesc, l->key, r->kdesc, r->key, kp);
	}
	return j->o && j->o->aggsortrev ? -c : c;
}

/* The same members in number and kind; integer members may differ in size (join_keycmp),
 * and string members too (strmember_cmp); the others are laid out alike. */
static bool same_keys(const struct agg_desc *a, const struct agg_desc *b)
{
	if (a->nkeys != b->nkeys)
		return false;
	for (size_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].kind != b->keys[i].kind ||
		    (a->keys[i].kind != AGG_KEY_INT && a->keys[i].kind != AGG_KEY_STRING &&
		     a->keys[i].size != b->keys[i].size))
			return false;
	return true;
}

int agg_join(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
	     struct agg_joined *out, char *errbuf, size_t errlen)
{
	memset(out, 0, sizeof *out);
	if (naggs == 0)
		return util_seterr(errbuf, errlen, "printa( ) needs at least one aggregation");
	for (size_t i = 1; i < naggs; i++)
		if (!same_keys(aggs[0]->desc, aggs[i]->desc))
			return util_seterr(errbuf, errlen,
					   "printa( ): @%s and @%s have different key signatures",
					   aggs[0]->desc->name, aggs[i]->desc->name);
	struct joinctx j = {aggs, naggs, o, 0};
	if (o && o->aggsortpos > 0 && (uint64_t)o->aggsortpos < naggs)
		j.sortpos = (size_t)o->aggsortpos;

	size_t np = 0;
	for (size_t i = 0; i < naggs; i++)
		np += aggs[i]->n;
	struct pair *p = xmalloc((np ? np : 1) * sizeof *p);
	np = 0;
	for (size_t i = 0; i < naggs; i++)
		for (size_t e = 0; e < aggs[i]->n; e++)
			p[np++] = (struct pair){i, e};
	qsort_r(p, np, sizeof *p, pair_keycmp, &j);

	out->naggs = naggs;
	out->zeros = xcalloc(naggs, sizeof *out->zeros);
	for (size_t i = 0; i < naggs; i++)
		out->zeros[i] = xcalloc(aggs[i]->desc->nwords, sizeof(int64_t));
	out->rows = xcalloc(np ? np : 1, sizeof *out->rows);
	for (size_t s = 0; s < np;) {
		struct agg_row *row = &out->rows[out->nrows++];
		row->key = aggs[p[s].agg]->ent[p[s].ent].key;
		row->kdesc = aggs[p[s].agg]->desc;
		row->vals = xcalloc(naggs, sizeof *row->vals);
		for (size_t i = 0; i < naggs; i++)
			row->vals[i] = out->zeros[i];
		size_t e = s;
		/* an @ named twice (printa(@a, @a)) has its pairs listed once per position it holds */
		for (; e < np && join_keycmp(aggs[p[e].agg]->desc, aggs[p[e].agg]->ent[p[e].ent].key,
					     row->kdesc, row->key, 0) == 0;
		     e++)
			row->vals[p[e].agg] = aggs[p[e].agg]->ent[p[e].ent].val;
		s = e;
	}
	qsort_r(out->rows, out->nrows, sizeof *out->rows, row_cmp, &j);
	free(p);
	return 0;
}

void agg_joined_free(struct agg_joined *j)
{
	for (size_t r = 0; r < j->nrows; r++)
		free(j->rows[r].vals);
	free(j->rows);
	if (j->zeros)
		for (size_t i = 0; i < j->naggs; i++)
			free(j->zeros[i]);
	free(j->zeros);
	memset(j, 0, sizeof *j);
}
