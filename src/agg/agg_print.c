/* agg_print.c — aggregations printed as dtrace prints them (libdtrace's dt_consume.c:
 * dt_print_aggs, dt_print_datum, dt_print_bytes, dt_print_quantize & co.), and printa(). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "agg.h"

#define BAR_LEN 40
#define AGGZOOM_MAX 0.95L /* with aggzoom the tallest bar is 95% of the full width */

static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
static const char spaces[] = "                                        ";

static long double fabsld(long double x)
{
	return x < 0 ? -x : x;
}

/* The histogram's scale: the sum of |bucket| over the rows shown, or with aggzoom the tallest
 * bucket scaled up so it fills 95% of the bar. */
static void quant_total(const struct dopts *o, int64_t datum, long double *total)
{
	long double v = fabsld((long double)datum);
	if (!o || !o->aggzoom) {
		*total += v;
		return;
	}
	v *= 1 / AGGZOOM_MAX;
	if (*total < v)
		*total = v;
}

static void quant_header(struct strbuf *out)
{
	strbuf_printf(out, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
		      "count");
}

/* One row's bar and count: '@' bars of 40 columns rounded to nearest; with negative buckets the
 * bars go left, with both signs each side gets 20 columns around a centre '|'. The count is
 * "(long long)val / normal" with an unsigned divisor, as dtrace computes it. */
static void quant_line(int64_t val, uint64_t normal, long double total, bool pos, bool neg,
		       struct strbuf *out)
{
	unsigned len = BAR_LEN, depth;
	long long shown = (long long)((uint64_t)val / normal);
	const char *a = ats, *sp = spaces;
	if (!neg) {
		depth = pos ? (unsigned)(fabsld((long double)val) * len / total + 0.5L) : 0;
		if (depth > len)
			depth = len;
		strbuf_printf(out, "|%s%s %-9lld\n", a + len - depth, sp + depth, shown);
		return;
	}
	if (!pos) {
		depth = (unsigned)(fabsld((long double)val) * len / total + 0.5L);
		if (depth > len)
			depth = len;
		strbuf_printf(out, "%s%s| %-9lld\n", sp + depth, a + len - depth, shown);
		return;
	}
	len /= 2;
	a += len;
	sp += len;
	depth = (unsigned)(fabsld((long double)val) * len / total + 0.5L);
	if (depth > len)
		depth = len;
	if (val <= 0)
		strbuf_printf(out, "%s%s|%*s %-9lld\n", sp + depth, a + len - depth, (int)len, "", shown);
	else
		strbuf_printf(out, "%20s|%s%s %-9lld\n", "", a + len - depth, sp + depth, shown);
}

/* dtrace shows the buckets from one before the first non-zero to one after the last; with no
 * data at all, the `lo`..`hi` rows it names. Returns the range in *first, *last. */
static void trim(const int64_t *b, int n, int lo, int hi, int *first, int *last)
{
	int f = 0, l = n - 1;
	while (f < n && b[f] == 0)
		f++;
	if (f == n) {
		*first = lo;
		*last = hi;
		return;
	}
	if (f > 0)
		f--;
	while (l > 0 && b[l] == 0)
		l--;
	if (l < n - 1)
		l++;
	*first = f;
	*last = l;
}

static void signs_and_total(const int64_t *b, int first, int last, const struct dopts *o,
			    bool *pos, bool *neg, long double *total)
{
	*pos = *neg = false;
	*total = 0;
	for (int i = first; i <= last; i++) {
		*pos |= b[i] > 0;
		*neg |= b[i] < 0;
		quant_total(o, b[i], total);
	}
}

void agg_print_quantize(const int64_t *b, uint64_t normal, const struct dopts *o,
			struct strbuf *out)
{
	int first, last;
	bool pos, neg;
	long double total;
	/* illumos's scan stops one short of the top bucket (2^62 and up), so a lone count there
	 * would read as "no data"; DTrace for Linux scans every bucket and prints that row
	 * (dtrace -qn 'BEGIN { @ = quantize(0x7fffffffffffffff); exit(0); }'): so do we */
	trim(b, AGG_QUANTIZE_NBUCKETS, AGG_QUANTIZE_ZEROBUCKET - 1, AGG_QUANTIZE_ZEROBUCKET + 1,
	     &first, &last);
	signs_and_total(b, first, last, o, &pos, &neg, &total);
	quant_header(out);
	for (int i = first; i <= last; i++) {
		strbuf_printf(out, "%16lld ", (long long)agg_quantize_bucketval(i));
		quant_line(b[i], normal ? normal : 1, total, pos, neg, out);
	}
}

void agg_print_lquantize(const struct agg_desc *d, const int64_t *b, uint64_t normal,
			 const struct dopts *o, struct strbuf *out)
{
	int64_t base = d->arg[0], step = d->arg[2];
	int levels = agg_lquantize_levels(d->arg[0], d->arg[1], step);
	int first, last;
	bool pos, neg;
	long double total;
	trim(b, levels + 2, 0, 2, &first, &last);
	signs_and_total(b, first, last, o, &pos, &neg, &total);
	quant_header(out);
	for (int i = first; i <= last; i++) {
		char c[64];
		if (i == 0) {
			snprintf(c, sizeof c, "< %lld", (long long)base);
			strbuf_printf(out, "%16s ", c);
		} else if (i == levels + 1) {
			snprintf(c, sizeof c, ">= %lld", (long long)(base + levels * step));
			strbuf_printf(out, "%16s ", c);
		} else {
			strbuf_printf(out, "%16lld ", (long long)(base + (i - 1) * step));
		}
		quant_line(b[i], normal ? normal : 1, total, pos, neg, out);
	}
}

/* The room dtrace's dt_print_llquantize gives a label, its NUL included. */
#define LL_LABEL_SIZE 16

/* Bin i's label: "" for a bin no value reaches. Magnitudes print unsigned (the overflow bins'
 * factor^(high+1) may pass INT64_MAX), a minus sign before them below zero. */
static void ll_label(const struct agg_desc *d, int i, int first, char *c, size_t n)
{
	int64_t factor = d->arg[0], low = d->arg[1], high = d->arg[2], nsteps = d->arg[3];
	int nbins = (int)d->nwords, bin0 = agg_llquantize_zerobin(factor, low, high, nsteps);
	unsigned long long mag, scale = 1;
	uint64_t m;
	bool neg;
	for (int64_t k = 0; k < low; k++)
		scale *= (unsigned long long)factor;
	c[0] = '\0';
	if (i < 0 || i >= nbins || !agg_llquantize_binmag(i, factor, low, high, nsteps, &m, &neg))
		return;
	mag = m;   /* for %llu */
	if (i == 0)
		snprintf(c, n, "<= -%llu", mag);
	else if (i == nbins - 1)
		snprintf(c, n, ">= %llu", mag);
	else if (i != bin0)
		snprintf(c, n, "%s%llu", neg ? "-" : "", mag);
	else if (scale == 1)
		snprintf(c, n, "0");
	else if (first >= bin0)
		snprintf(c, n, "< %llu", scale); /* no negative data: no need for abs() */
	else
		snprintf(c, n, "abs() < %llu", scale);
}

void agg_print_llquantize(const struct agg_desc *d, const int64_t *b, uint64_t normal,
			  const struct dopts *o, struct strbuf *out)
{
	int64_t factor = d->arg[0], low = d->arg[1], high = d->arg[2], nsteps = d->arg[3];
	int nbins = (int)d->nwords, bin0 = agg_llquantize_zerobin(factor, low, high, nsteps);
	int first = 0, last = nbins - 1, pad = 0;
	bool pos, neg;
	long double total;
	char c[64];

	if (normal == 0)
		normal = 1;
	while (first <= last && b[first] == 0)
		first++;
	if (first > last) {
		first = last = bin0 + 1;   /* no data: one bin, so the output is not empty */
	} else {
		while (b[last] == 0)
			last--;
	}
	signs_and_total(b, first, last, o, &pos, &neg, &total);
	quant_header(out);
	if (first > 0)
		first--;
	if (last < nbins - 1)
		last++;
	/* a bin widened onto a ghost borrows the label of the nearest real bin beyond it */
	if (low == 0 && nsteps > factor)
		pad = (int)(nsteps / factor);
	for (int i = first; i <= last; i++) {
		/* dtrace writes each label into a 16-byte buffer first: at most 15 characters
		 * (dtrace -qn 'BEGIN { @ = llquantize(1000000000000000, 10, 0, 17, 10); }'
		 * labels the value 100000000000000) */
		ll_label(d, i, first, c, LL_LABEL_SIZE);
		for (int k = 1; !c[0] && (i == first || i == last) && k < pad; k++)
			ll_label(d, i == first ? i - k : i + k, first, c, LL_LABEL_SIZE);
		if (!c[0])
			continue;
		strbuf_printf(out, "%16s ", c);
		quant_line(b[i], normal, total, pos, neg, out);
	}
}

bool agg_bucket_label(const struct agg_desc *d, const int64_t *w, int i, char *buf, size_t n,
		      int64_t *num)
{
	buf[0] = '\0';
	if (d->func == AGG_QUANTIZE) {
		if (i < 0 || i >= AGG_QUANTIZE_NBUCKETS)
			return false;
		*num = agg_quantize_bucketval(i);
		snprintf(buf, n, "%lld", (long long)*num);
		return true;
	}
	if (d->func == AGG_LQUANTIZE) {
		int64_t base = d->arg[0], step = d->arg[2];
		int levels = agg_lquantize_levels(d->arg[0], d->arg[1], step);
		if (i < 0 || i > levels + 1)
			return false;
		if (i == 0) {
			*num = base;
			snprintf(buf, n, "< %lld", (long long)base);
		} else if (i == levels + 1) {
			*num = base + levels * step;
			snprintf(buf, n, ">= %lld", (long long)*num);
		} else {
			*num = base + (i - 1) * step;
			snprintf(buf, n, "%lld", (long long)*num);
		}
		return true;
	}
	if (d->func != AGG_LLQUANTIZE)
		return false;
	int first = 0;
	while (first < (int)d->nwords && w[first] == 0)
		first++;
	if (first > 0)
		first--;   /* as the printed rows start one bin early */
	ll_label(d, i, first, buf, n);
	if (!buf[0])
		return false;
	const char *p = buf + strlen(buf);
	while (p > buf && (isdigit((unsigned char)p[-1]) || p[-1] == '-'))
		p--;
	*num = strtoll(p, NULL, 10);
	return true;
}

/* dt_print_bytes for a string key: printable text (isprint/isspace/\b/\a in the C locale) up to
 * a NUL followed only by NULs, or filling the buffer, prints as "  %-50s"; anything else —
 * the empty string included — as dtrace's hex dump of its whole key buffer, dump bytes
 * (strsize + 1: dtrace -x strsize=16 -qn 'BEGIN { @[""] = count(); exit(0); }' dumps 17 bytes);
 * past the n bytes the member holds they are zeros. */
static void print_bytes(const unsigned char *c, size_t n, size_t dump, struct strbuf *out)
{
	size_t i;
	for (i = 0; i < n; i++) {
		unsigned char ch = c[i];
		if (ch < 0x80 && (isprint(ch) || isspace(ch) || ch == '\b' || ch == '\a'))
			continue;
		if (ch == '\0' && i > 0) {
			size_t j = i + 1;
			while (j < n && c[j] == '\0')
				j++;
			if (j != n)
				break;
			strbuf_printf(out, "  %-50s", (const char *)c);
			return;
		}
		break;
	}
	if (i == n) {
		char *s = xstrndup((const char *)c, n);
		strbuf_printf(out, "  %-50s", s);
		free(s);
		return;
	}
	if (dump < n)
		dump = n;
	strbuf_printf(out, "\n%5s      ", "");
	for (i = 0; i < 16; i++)
		strbuf_printf(out, "  %c", "0123456789abcdef"[i]);
	strbuf_puts(out, "  0123456789abcdef\n");
	for (i = 0; i < dump; i += 16) {
		size_t j;
		strbuf_printf(out, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && j < dump; j++)
			strbuf_printf(out, " %02x", j < n ? c[j] : 0);
		while (j++ % 16)
			strbuf_puts(out, "   ");
		strbuf_puts(out, "  ");
		for (j = i; j < i + 16 && j < dump; j++)
			strbuf_putc(out, j >= n || c[j] < ' ' || c[j] > '~' ? '.' : (char)c[j]);
		strbuf_putc(out, '\n');
	}
}

/* The bytes dtrace dumps for a string key member that is not text. */
static size_t dump_size(const struct agg_desc *d, const struct agg_keydesc *k)
{
	return d->strsize ? (size_t)d->strsize + 1 : k->size;
}

/* A user-address key member (pid first): the symbolizer's answer for that pid. */
struct ukey_bind {
	const struct agg_usym *u;
	uint32_t pid;
};

static bool ukey_sym(void *arg, uint64_t addr, struct dfmt_sym *out)
{
	const struct ukey_bind *b = arg;
	return b->u && b->u->sym(b->u->arg, b->pid, addr, out);
}

/* dtrace's dt_print_ustack (a newline, then each frame indented on its own line) and
 * dt_print_usym / dt_print_umod ("  %-50s" of the text). */
static void print_ukey(const struct agg_desc *d, const struct agg_keydesc *k,
		       const unsigned char *p, struct strbuf *out)
{
	uint64_t pid;
	memcpy(&pid, p, 8);
	struct ukey_bind b = { d->usym, (uint32_t)pid };
	struct dfmt_ctx ctx = { .symbolize = ukey_sym, .sym_arg = &b };
	struct strbuf t = { 0 };
	if (k->kind == AGG_KEY_STACK) {
		int indent = d->usym && d->usym->stackindent >= 0 ? d->usym->stackindent : 14;
		strbuf_putc(out, '\n');
		for (unsigned off = 8; off + 8 <= k->size; off += 8) {
			uint64_t pc;
			memcpy(&pc, p + off, 8);
			if (pc == 0)
				break;
			t.len = 0;
			dfmt_addr2str(&ctx, pc, &t);
			strbuf_printf(out, "%*s%s\n", indent, "", t.s);
		}
		strbuf_free(&t);
		return;
	}
	uint64_t addr;
	memcpy(&addr, p + 8, 8);
	struct dfmt_sym sym = { 0 };
	bool known = ukey_sym(&b, addr, &sym) && sym.module;
	if (k->kind == AGG_KEY_UMOD) {
		if (known)
			strbuf_puts(&t, sym.module);
		else
			strbuf_printf(&t, "0x%llx", (unsigned long long)addr);
	} else {
		if (k->kind == AGG_KEY_USYM && known && sym.func)
			addr = sym.func_addr;
		dfmt_addr2str(&ctx, addr, &t);
	}
	strbuf_printf(out, "  %-50s", t.s ? t.s : "");
	strbuf_free(&t);
}

/* dt_print_datum's table: 8-byte integers " %16lld" (signed, whatever the type), 4-byte
 * " %8d" (read as int), 2- and 1-byte " %5d" / " %3d" of the unsigned bits. */
void agg_print_key(const struct agg_desc *d, const unsigned char *key, struct strbuf *out)
{
	size_t off = 0;
	for (size_t i = 0; i < d->nkeys; i++) {
		const struct agg_keydesc *k = &d->keys[i];
		if (k->kind == AGG_KEY_INT) {
			uint64_t v = 0;
			memcpy(&v, key + off, k->size);
			switch (k->size) {
			case 8: strbuf_printf(out, " %16lld", (long long)v); break;
			case 4: strbuf_printf(out, " %8d", (int)(int32_t)(uint32_t)v); break;
			case 2: strbuf_printf(out, " %5d", (int)(uint16_t)v); break;
			default: strbuf_printf(out, " %3d", (int)(uint8_t)v); break;
			}
			off += 8;
		} else if (k->kind == AGG_KEY_STRING) {
			print_bytes(key + off, k->size, dump_size(d, k), out);
			off += k->size;
		} else {
			print_ukey(d, k, key + off, out);
			off += k->size;
		}
	}
}

void agg_print_value(const struct agg_desc *d, const int64_t *w, uint64_t normal,
		     const struct dopts *o, struct strbuf *out)
{
	if (normal == 0)
		normal = 1;
	switch (d->func) {
	case AGG_QUANTIZE: agg_print_quantize(w, normal, o, out); break;
	case AGG_LQUANTIZE: agg_print_lquantize(d, w, normal, o, out); break;
	case AGG_LLQUANTIZE: agg_print_llquantize(d, w, normal, o, out); break;
	case AGG_STDDEV:
		strbuf_printf(out, " %16llu", (unsigned long long)agg_stddev(w, normal));
		break;
	default:
		strbuf_printf(out, " %16lld", (long long)agg_scalar(d, w, normal));
		break;
	}
}

/* agghist (dt_print_quanthdr with a key width, dt_print_datum's packed widths): a count() or
 * sum() drawn as one histogram whose rows are the keys. Integer keys keep their widths, string
 * keys take 16 columns (" %16s", or "  %-16s" when the buffer has no NUL), and each row is
 * " " + the bar line; the bars share one scale over every entry of the aggregation. */
static void print_hist_key(const struct agg_desc *d, const unsigned char *key, struct strbuf *out)
{
	size_t off = 0;
	for (size_t i = 0; i < d->nkeys; i++) {
		const struct agg_keydesc *k = &d->keys[i];
		if (k->kind != AGG_KEY_STRING) {
			struct agg_desc one = *d;
			one.keys = (struct agg_keydesc *)k;
			one.nkeys = 1;
			agg_print_key(&one, key + off, out);
			off += k->kind == AGG_KEY_INT ? 8 : k->size;
			continue;
		}
		const unsigned char *c = key + off;
		size_t n = strnlen((const char *)c, k->size), j = n;
		bool text = n > 0;
		for (size_t t = 0; t < n && text; t++)
			text = c[t] < 0x80 && (isprint(c[t]) || isspace(c[t]) || c[t] == '\b' ||
					      c[t] == '\a');
		while (j < k->size && c[j] == 0)
			j++;
		if (text && n == k->size) {
			char *s = xstrndup((const char *)c, n);
			strbuf_printf(out, "  %-16s", s);
			free(s);
		} else if (text && j == k->size) {
			strbuf_printf(out, " %16s", (const char *)c);
		} else {
			print_bytes(c, k->size, dump_size(d, k), out);
		}
		off += k->size;
	}
}

static void print_hist_rows(const struct agg_data *a, const size_t *idx, const struct dopts *o,
			    struct strbuf *out)
{
	const struct agg_desc *d = a->desc;
	int width = 0;
	for (size_t i = 0; i < d->nkeys; i++)
		width += (d->keys[i].kind == AGG_KEY_INT && d->keys[i].size < 8 ?
			  (d->keys[i].size == 4 ? 8 : d->keys[i].size == 2 ? 5 : 3) : 16) + 1;
	bool pos = false, neg = false;
	long double total = 0;
	for (size_t i = 0; i < a->n; i++) {
		int64_t v = a->ent[i].val[0];
		pos |= v > 0;
		neg |= v < 0;
		quant_total(o, v, &total);
	}
	strbuf_printf(out, "\n%*s %41s %-9s\n", width ? width : 16, width ? "key" : "value",
		      "------------- Distribution -------------", "count");
	for (size_t i = 0; i < a->n; i++) {
		const struct agg_entry *e = &a->ent[idx[i]];
		print_hist_key(d, e->key, out);
		strbuf_putc(out, ' ');
		quant_line(e->val[0], a->normal ? a->normal : 1, total, pos, neg, out);
	}
}

void agg_print_rows(const struct agg_data *a, const struct dopts *o, struct strbuf *out)
{
	size_t *idx = agg_sort(a, o);
	if (a->n && o && o->agghist && (a->desc->func == AGG_COUNT || a->desc->func == AGG_SUM)) {
		print_hist_rows(a, idx, o, out);
		free(idx);
		return;
	}
	for (size_t i = 0; i < a->n; i++) {
		const struct agg_entry *e = &a->ent[idx[i]];
		agg_print_key(a->desc, e->key, out);
		agg_print_value(a->desc, e->val, a->normal, o, out);
		for (size_t c = 0; e->percpu && c < a->ncpu; c++) {
			strbuf_printf(out, "\n    [CPU %zu]", c);
			agg_print_value(a->desc, e->percpu + c * a->desc->nwords, a->normal, o,
					out);
		}
		strbuf_putc(out, '\n');
	}
	free(idx);
}

int agg_printa_default(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		       struct strbuf *out, char *errbuf, size_t errlen)
{
	if (naggs == 1) {
		strbuf_putc(out, '\n');
		agg_print_rows(aggs[0], o, out);
		aggs[0]->printed = aggs[0]->printed || aggs[0]->n > 0;   /* a row printed */
		return 0;
	}
	struct agg_joined j;
	if (agg_join(aggs, naggs, o, &j, errbuf, errlen) < 0)
		return -1;
	strbuf_putc(out, '\n');
	for (size_t r = 0; r < j.nrows; r++) {
		agg_print_key(j.rows[r].kdesc, j.rows[r].key, out);
		for (size_t i = 0; i < naggs; i++)
			agg_print_value(aggs[i]->desc, j.rows[r].vals[i], aggs[i]->normal, o, out);
		strbuf_putc(out, '\n');
	}
	for (size_t i = 0; i < naggs; i++)
		aggs[i]->printed = aggs[i]->printed || j.nrows > 0;   /* a row printed */
	agg_joined_free(&j);
	return 0;
}

static int by_id(const void *l, const void *r, void *arg)
{
	const struct agg_data *a = *(struct agg_data *const *)l, *b = *(struct agg_data *const *)r;
	bool rev = *(const bool *)arg;
	int c = a->desc->id < b->desc->id ? -1 : a->desc->id > b->desc->id;
	return rev ? -c : c;
}

void agg_print_exit(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		    struct strbuf *out)
{
	struct agg_data **v = xmalloc((naggs ? naggs : 1) * sizeof *v);
	bool rev = o && o->aggsortrev;
	memcpy(v, aggs, naggs * sizeof *v);
	qsort_r(v, naggs, sizeof *v, by_id, &rev);
	for (size_t i = 0; i < naggs; i++)
		if (!v[i]->printed)
			agg_print_rows(v[i], o, out);
	free(v);
}

/* The %@ value of one aggregation in a printa() row. Histograms become their text (which, as
 * dtrace's, begins with a newline); the others an int64 computed as dtrace's pfprint_* do. */
static void aggval(const struct agg_data *a, const int64_t *w, const struct dopts *o,
		   struct strbuf *text, struct dfmt_value *v)
{
	const struct agg_desc *d = a->desc;
	memset(v, 0, sizeof *v);
	if (d->func == AGG_QUANTIZE || d->func == AGG_LQUANTIZE || d->func == AGG_LLQUANTIZE) {
		agg_print_value(d, w, a->normal, o, text);
		v->kind = DFMT_V_TEXT;
		v->u.s.p = text->s ? text->s : "";
		v->u.s.len = text->len;
		return;
	}
	v->kind = DFMT_V_INT;
	v->size = 8;
	v->is_signed = d->func != AGG_STDDEV;
	if (d->func == AGG_AVG || d->func == AGG_STDDEV) {
		/* dtrace divides an average's sum unsigned here (pfprint_average: a negative
		 * average prints as a huge number under %@d); the Guide's average is the
		 * arithmetic mean, which agg_scalar gives, signed. */
		v->u.u = (uint64_t)agg_scalar(d, w, a->normal);
		return;
	}
	/* count, sum, min, max: the formatter divides by the normalization as the conversion
	 * reads the value (dtrace's pfprint_sint/pfprint_uint) */
	v->u.u = (uint64_t)w[0];
	v->divisor = a->normal;
}

int agg_printa_fmt(const struct dfmt *f, struct agg_data *const *aggs, size_t naggs,
		   const struct dopts *o, const struct dfmt_ctx *ctx, struct strbuf *out,
		   char *errbuf, size_t errlen)
{
	struct agg_joined j;
	if (agg_join(aggs, naggs, o, &j, errbuf, errlen) < 0)
		return -1;
	const struct agg_desc *d = aggs[0]->desc;
	struct dfmt_value *keys = xcalloc(d->nkeys ? d->nkeys : 1, sizeof *keys);
	struct dfmt_value *vals = xcalloc(naggs, sizeof *vals);
	struct strbuf *texts = xcalloc(naggs, sizeof *texts);
	int rc = 0;
	uint64_t **pcs = xcalloc(d->nkeys ? d->nkeys : 1, sizeof *pcs);
	for (size_t r = 0; r < j.nrows && rc == 0; r++) {
		size_t off = 0;
		/* user addresses (%k, %A) symbolize in the pid of the row's first such key */
		struct dfmt_ctx rowctx = ctx ? *ctx : (struct dfmt_ctx){ 0 };
		struct ukey_bind bind = { d->usym, 0 };
		bool bound = false;
		for (size_t k = 0; k < d->nkeys; k++) {
			/* the row's own key layout: integer members may be narrower or wider than
			 * the first aggregation's */
			const struct agg_keydesc *kd = &j.rows[r].kdesc->keys[k];
			memset(&keys[k], 0, sizeof keys[k]);
			if (kd->kind != AGG_KEY_INT && kd->kind != AGG_KEY_STRING) {
				const unsigned char *p = j.rows[r].key + off;
				uint64_t pid;
				memcpy(&pid, p, 8);
				if (!bound) {
					bind.pid = (uint32_t)pid;
					rowctx.symbolize = ukey_sym;
					rowctx.sym_arg = &bind;
					bound = true;
				}
				size_t n = kd->size / 8 - 1;
				free(pcs[k]);
				pcs[k] = xcalloc(n ? n : 1, 8);
				memcpy(pcs[k], p + 8, n * 8);
				if (kd->kind == AGG_KEY_STACK) {
					keys[k].kind = DFMT_V_STACK;
					keys[k].u.stack.pcs = pcs[k];
					keys[k].u.stack.n = n;
				} else {
					keys[k].kind = DFMT_V_INT;
					keys[k].size = 8;
					keys[k].u.u = pcs[k][0];
				}
				off += kd->size;
				continue;
			}
			if (kd->kind == AGG_KEY_INT) {
				uint64_t v = 0;
				memcpy(&v, j.rows[r].key + off, kd->size);
				if (kd->is_signed && kd->size < 8 && (v >> (kd->size * 8 - 1)) & 1)
					v |= ~0ULL << (kd->size * 8);
				keys[k].kind = DFMT_V_INT;
				keys[k].size = kd->size;
				keys[k].is_signed = kd->is_signed;
				keys[k].u.u = v;
				off += 8;
			} else {
				keys[k].kind = DFMT_V_STRING;
				keys[k].size = kd->size;
				keys[k].u.s.p = (const char *)j.rows[r].key + off;
				keys[k].u.s.len = kd->size;
				off += kd->size;
			}
		}
		for (size_t i = 0; i < naggs; i++) {
			texts[i].len = 0;
			if (texts[i].s)
				texts[i].s[0] = '\0';
			aggval(aggs[i], j.rows[r].vals[i], o, &texts[i], &vals[i]);
		}
		rc = dfmt_format(f, keys, d->nkeys, vals, naggs, &rowctx, out, errbuf, errlen);
	}
	for (size_t k = 0; k < d->nkeys; k++)
		free(pcs[k]);
	free(pcs);
	for (size_t i = 0; i < naggs; i++) {
		strbuf_free(&texts[i]);
		aggs[i]->printed = aggs[i]->printed || j.nrows > 0;   /* a row printed */
	}
	free(texts);
	free(vals);
	free(keys);
	agg_joined_free(&j);
	return rc;
}
