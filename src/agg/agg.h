/* agg.h — dtrace aggregations on the consumer side: the data layout the BPF code writes, the
 * bucket rules, merging per-CPU values, sorting, trunc/normalize/clear, and dtrace's output.
 *
 * Contract — THE LAYOUT (what the code generator must write; docs/agg.md explains how).
 *  Each aggregation @name is one BPF per-CPU hash map, or a part of one shared with others: the
 *  key below then follows the aggregation's index word (dobj.h's struct dobj_agg).
 *  KEY: the packed key tuple, in key order, no padding between members:
 *    - an integer key takes 8 bytes: the value converted to its D type, then sign-extended
 *      (signed types) or zero-extended (unsigned types) to 64 bits, little-endian. The consumer
 *      reads only the low `size` bytes (the D type's size) but the producer must extend the
 *      same way every time, or equal values would be different map keys;
 *    - a string key takes agg_keydesc.size bytes (strsize, or less when the code generator
 *      knows every value is shorter): the string, then NUL bytes to the end (every byte
 *      after the first NUL is zero, again so equal strings are equal keys);
 *    - an aggregation without keys (@x = count()) uses one 8-byte key of value 0.
 *  VALUE: per CPU, an array of int64 words (agg_desc.nwords of them):
 *    count      [n]
 *    sum        [s]
 *    avg        [n, s]
 *    min        [v ^ 0x7fffffffffffffff]  kept as the unsigned maximum of the encoded value
 *    max        [v ^ 0x8000000000000000]  kept as the unsigned maximum of the encoded value
 *    stddev     [n, s, q_lo, q_hi]  q = sum of squares as an unsigned 128-bit number
 *    quantize   127 buckets (AGG_QUANTIZE_NBUCKETS): dtrace's power-of-two buckets, bucket 63
 *               (AGG_QUANTIZE_ZEROBUCKET) holds 0, buckets above it 1, 2, 4 ... 2^62, below it
 *               -1, -2, -4 ... -2^62; see agg_quantize_bucket
 *    lquantize  levels + 2 buckets, levels = (upper - lower) / step: [< lower], one per step,
 *               [>= lower + levels * step]; the parameters are not stored (dtrace keeps them
 *               in a leading word; we keep them in agg_desc)
 *    llquantize agg_llquantize_nbuckets(...) buckets in dtrace for Linux's log-linear layout,
 *               negative values mirroring the positive ones about a zero bin (agg.c)
 *  Words are added with the update's increment (1 unless quantize(v, incr) & co. give one).
 *  Per-CPU values need no atomics. An all-zero value is the empty value of EVERY function —
 *  that is why min and max are stored encoded: the kernel zero-fills the other CPUs' slots when
 *  a BPF program creates an entry, and a zero slot must not look like a minimum of 0. So a new
 *  entry is created with zeros and updated like any other.
 *
 * Contract — the consumer.
 *  An agg_data is one snapshot of one aggregation: entries (key bytes + merged words) and the
 *  normalization factor. agg_data_add merges the ncpu per-CPU arrays libbpf returns for a key.
 *  Sorting, printing and the joined walk for printa(fmt, @a, @b) follow libdtrace
 *  (dt_aggregate.c, dt_consume.c): the comparisons, the quirks of integer printing, the trimmed
 *  histogram rows. Printing appends to a strbuf and never fails except where a printa format
 *  rejects a value (-1 and a message). Bad descriptors (lquantize with step 0, ...) are refused
 *  by agg_desc_new with dtrace-like messages. Nothing here aborts on bad data.
 *  Options honoured (struct dopts): aggsortkey, aggsortkeypos, aggsortpos, aggsortrev, aggzoom,
 *  agghist (no aggpack: DTrace for Linux has none either); aggpercpu is the caller's
 *  to honour through agg_entry_set_percpu (rows then show each CPU's value too). A string key member is agg_keydesc.size bytes: strsize, or less
 *  when the code generator knows every value is shorter.
 *  Files: agg.c (descriptors, buckets, merging, snapshots, clear/trunc/normalize), agg_sort.c
 *  (order, printa's join), agg_print.c (output).
 *  User-address keys (ustack(), uaddr(), usym()/ufunc(), umod()): the pid (8 bytes) first,
 *  then the frames (AGG_KEY_STACK: size - 8 bytes, 0 after the last frame) or the address
 *  (16 bytes in all). They print through desc->usym (the tracer's symbolizer; without one,
 *  addresses print in hex): a stack as dtrace's dt_print_ustack (a newline, then one
 *  indented frame per line), the others as "  %-50s" of dtrace's text. usym/ufunc and umod
 *  keys are merged per function / module by the reader (agg_key_canon), as dtrace's
 *  dt_aggregate_usym/umod do. */
#ifndef USDTRACE_AGG_H
#define USDTRACE_AGG_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dfmt.h"
#include "dopt.h"
#include "util.h"

#define AGG_QUANTIZE_NBUCKETS 127  /* 63 negative, zero, 63 positive */
#define AGG_QUANTIZE_ZEROBUCKET 63

enum agg_func {
	AGG_COUNT, AGG_SUM, AGG_AVG, AGG_MIN, AGG_MAX, AGG_STDDEV,
	AGG_QUANTIZE, AGG_LQUANTIZE, AGG_LLQUANTIZE,
};

enum agg_keykind {
	AGG_KEY_INT,
	AGG_KEY_STRING,
	AGG_KEY_STACK, /* ustack()/jstack(): pid, then size/8 - 1 frames */
	AGG_KEY_UADDR, /* uaddr(): pid, address */
	AGG_KEY_USYM,  /* usym(), ufunc(): pid, address (the function's start once canonical) */
	AGG_KEY_UMOD,  /* umod(): pid, address (the module's base once canonical) */
};

struct agg_keydesc {
	enum agg_keykind kind;
	unsigned size;   /* AGG_KEY_INT: the D type's size (1, 2, 4, 8); AGG_KEY_STRING: strsize;
			  * user-address keys: their bytes (16, or 8 + 8 * frames) */
	bool is_signed;  /* AGG_KEY_INT only */
};

/* The tracer's user symbols, for user-address keys. sym: what addr is in pid (dfmt's answer;
 * false: nothing known). canon: the address a usym/ufunc (how 'f') or umod (how 'm') key is
 * merged under (the function's start, the module's base), addr itself when unknown. */
struct agg_usym {
	bool (*sym)(void *arg, uint32_t pid, uint64_t addr, struct dfmt_sym *out);
	uint64_t (*canon)(void *arg, uint32_t pid, uint64_t addr, int how);
	void *arg;
	int stackindent;   /* dtrace's stackindent option */
};

struct agg_desc {
	char *name;          /* without '@'; "" for the anonymous @ */
	int id;              /* variable id: dtrace prints aggregations in this order */
	enum agg_func func;
	int64_t arg[4];      /* lquantize: lower, upper, step; llquantize: factor, low, high, nsteps */
	struct agg_keydesc *keys;
	size_t nkeys;
	size_t keysize;      /* bytes of the packed key (8 when nkeys == 0) */
	size_t nwords;       /* int64 words of one CPU's value */
	const struct agg_usym *usym;   /* NULL, or set by the tracer before printing */
	unsigned strsize;    /* the strsize option (0: unknown), set by the code generator: a
			      * string key that is not text prints as a hex dump of dtrace's
			      * whole strsize + 1 byte buffer, whatever the member holds */
};

/* Rewrite the usym/ufunc and umod members of a key (keysize bytes) to their canonical
 * addresses through d->usym (nothing without one). */
void agg_key_canon(const struct agg_desc *d, unsigned char *key);

/* A descriptor, validated. args holds the function's constant parameters (nargs of them: 3 for
 * lquantize — lower, upper, step — 4 for llquantize, 0 otherwise). NULL + message on bad input. */
struct agg_desc *agg_desc_new(const char *name, int id, enum agg_func func, const int64_t *args,
			      size_t nargs, const struct agg_keydesc *keys, size_t nkeys,
			      char *errbuf, size_t errlen);
void agg_desc_free(struct agg_desc *d);
const char *agg_func_name(enum agg_func f); /* "count", "lquantize", ... */

/* Bucket rules, shared with the code generator. */
int agg_quantize_bucket(int64_t v);
int64_t agg_quantize_bucketval(int b);   /* the value a bucket is labelled with */
int agg_lquantize_levels(int64_t lower, int64_t upper, int64_t step);
int agg_lquantize_bucket(int64_t v, int64_t lower, int64_t upper, int64_t step);
int agg_llquantize_nbuckets(int64_t factor, int64_t low, int64_t high, int64_t nsteps);
int agg_llquantize_bucket(int64_t v, int64_t factor, int64_t low, int64_t high, int64_t nsteps);
/* The bin of |v| < factor^low, with the negative magnitudes below it, the positive above. */
int agg_llquantize_zerobin(int64_t factor, int64_t low, int64_t high, int64_t nsteps);
/* The lower bound (by absolute value) of a bin's values: its magnitude, and whether the bin is
 * below the zero bin; the overflow bins give factor^(high+1) (up to UINT64_MAX), the zero bin
 * 0. False for a bin no value reaches. */
bool agg_llquantize_binmag(int bin, int64_t factor, int64_t low, int64_t high, int64_t nsteps,
			   uint64_t *mag, bool *neg);
/* The same as a signed value, saturated at INT64_MIN/INT64_MAX beyond them. */
bool agg_llquantize_binval(int bin, int64_t factor, int64_t low, int64_t high, int64_t nsteps,
			   int64_t *val);

/* One update's effect on one CPU's (encoded) value, as the BPF program must do it. A new value
 * is all zeros. */
void agg_update(const struct agg_desc *d, int64_t *words, int64_t v, int64_t incr);

/* Merge ncpu per-CPU values as the BPF map holds them (ncpu * nwords words, CPU after CPU, min
 * and max encoded) into out (nwords words, min and max decoded: plain int64 values). */
void agg_merge(const struct agg_desc *d, const int64_t *percpu, size_t ncpu, int64_t *out);

/* Results of scalar functions (count/sum/min/max: the word; avg: s / n; stddev: dtrace's
 * integer standard deviation), with normalization as dtrace applies it when printing. */
int64_t agg_scalar(const struct agg_desc *d, const int64_t *words, uint64_t normal);
uint64_t agg_stddev(const int64_t *words, uint64_t normal);

struct agg_entry {
	unsigned char *key;  /* desc->keysize bytes */
	int64_t *val;        /* desc->nwords words, merged over CPUs */
	int64_t *percpu;     /* NULL, or (aggpercpu) agg_data.ncpu x desc->nwords words: each
			      * CPU's own value, decoded as val is (agg_entry_set_percpu) */
};

struct agg_data {
	const struct agg_desc *desc;
	struct agg_entry *ent;
	size_t n, cap;
	uint64_t normal;     /* 1 unless normalize()d */
	bool printed;        /* printa() printed a row of it: not printed again at exit */
	size_t *slots;       /* private: open-addressing index of ent by key (entry index + 1) */
	size_t nslots;
	size_t ncpu;         /* CPUs of the entries' percpu values (0: none kept) */
};

void agg_data_init(struct agg_data *a, const struct agg_desc *d);
void agg_data_free(struct agg_data *a);
/* Add a key's per-CPU values (merged); a key already present is merged into. */
void agg_data_add(struct agg_data *a, const void *key, const int64_t *percpu, size_t ncpu);
struct agg_entry *agg_data_find(const struct agg_data *a, const void *key);
/* aggpercpu: give key's entry (which must exist) the per-CPU values as the BPF map holds them
 * (ncpu x nwords, encoded); a key seen before merges CPU by CPU. Printing then follows the
 * value with a "\n    [CPU n]" value for each CPU, as dtrace -x aggpercpu does. */
void agg_entry_set_percpu(struct agg_data *a, const void *key, const int64_t *percpu,
			  size_t ncpu);

/* Consumer-side operations on a snapshot, as libdtrace does them. */
void agg_clear(struct agg_data *a);   /* empty every value (min: INT64_MAX, max: INT64_MIN), keep the keys */
int agg_normalize(struct agg_data *a, int64_t n, char *errbuf, size_t errlen);
void agg_denormalize(struct agg_data *a);
void agg_trunc(struct agg_data *a, int64_t n);           /* keep the n largest (n < 0: smallest) */

/* Order of entries for printing: indexes into a->ent (caller frees). Options used: aggsortkey,
 * aggsortkeypos, aggsortrev. */
size_t *agg_sort(const struct agg_data *a, const struct dopts *o);

/* printa(fmt, @a, @b, ...): one row per key present in any of them, values of aggregations
 * lacking the key read as zeros. Sorted by the aggsortpos'th aggregation's value, then the
 * others', then the key (or by key with aggsortkey), reversed by aggsortrev. */
struct agg_row {
	const unsigned char *key;
	const struct agg_desc *kdesc;  /* the key's layout: its aggregation's descriptor */
	const int64_t **vals;  /* naggs pointers to merged words */
};
struct agg_joined {
	struct agg_row *rows;
	size_t nrows, naggs;
	int64_t **zeros;       /* per aggregation: the zero value rows point at for missing keys */
};
/* -1 and a message if the aggregations' keys differ in layout. */
int agg_join(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
	     struct agg_joined *out, char *errbuf, size_t errlen);
void agg_joined_free(struct agg_joined *j);

/* Output, byte for byte as dtrace. */
void agg_print_key(const struct agg_desc *d, const unsigned char *key, struct strbuf *out);
void agg_print_value(const struct agg_desc *d, const int64_t *words, uint64_t normal,
		     const struct dopts *o, struct strbuf *out);
void agg_print_quantize(const int64_t *buckets, uint64_t normal, const struct dopts *o,
			struct strbuf *out);
void agg_print_lquantize(const struct agg_desc *d, const int64_t *buckets, uint64_t normal,
			 const struct dopts *o, struct strbuf *out);
void agg_print_llquantize(const struct agg_desc *d, const int64_t *buckets, uint64_t normal,
			  const struct dopts *o, struct strbuf *out);
/* The label the rows of a histogram show for bucket i of value w ("< 0", "16", ">= 100",
 * "abs() < 10") in buf, and the number in it in *num; false for a bucket no value reaches
 * (llquantize's ghost bins) or a function without buckets. */
bool agg_bucket_label(const struct agg_desc *d, const int64_t *w, int i, char *buf, size_t n,
		      int64_t *num);
/* The rows of one aggregation (keys, value, "\n" each), sorted; nothing if it is empty. */
void agg_print_rows(const struct agg_data *a, const struct dopts *o, struct strbuf *out);
/* printa(@a) / printa(@a, @b, ...) without a format: a blank line, then the rows (with several
 * aggregations: the joined rows, key then each value); marks them printed when a row printed
 * (dtrace marks an aggregation in the callback printing a row). -1 and a message
 * if the aggregations' keys differ in layout. */
int agg_printa_default(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		       struct strbuf *out, char *errbuf, size_t errlen);
/* At exit: every aggregation not printed by printa, in variable-id order (reversed by
 * aggsortrev), rows only. */
void agg_print_exit(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		    struct strbuf *out);
/* printa("fmt", @a, ...): the format once per joined row, keys as the conversion values and
 * the aggregations' results under %@ (histograms as text). Marks them printed when a row
 * printed. */
int agg_printa_fmt(const struct dfmt *f, struct agg_data *const *aggs, size_t naggs,
		   const struct dopts *o, const struct dfmt_ctx *ctx, struct strbuf *out,
		   char *errbuf, size_t errlen);
#endif
