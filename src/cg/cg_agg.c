/* cg_agg.c — aggregations in BPF: one per-CPU hash map per aggregation (a one-entry per-CPU
 * array for a keyless count(): docs/agg.md), or, past OWN_MAPS_MAX aggregations, maps shared
 * by several (dobj.h's struct dobj_agg), the in-place update of
 * `@name[keys] = func(args)`, and the records of printa/trunc/clear/normalize/denormalize/setopt.
 *
 * The layout is agg.h's contract (docs/agg.md): a packed key, a value of int64 words per CPU
 * whose all-zero state is every function's empty value. An update is
 *     keys, value and increment evaluated (dtrace's order); p = lookup(key);
 *     if (!p) { update(key, zeros, BPF_NOEXIST); p = lookup(key); }   (another CPU may have won
 *                                                                     the insert: fine)
 *     if (!p) count an aggregation drop (the map is full)
 *     else update this CPU's words in place (no atomics: the value is this CPU's own; a value
 *          too large for a per-CPU map is one for all CPUs, its buckets added atomically)
 * and sends nothing to user space. The zeros come from a one-entry array map ("agg_zero") as
 * large as the largest value, so an insert costs no scratch space and no stores.
 *
 * Bucket indexes are computed without loops (docs/agg.md gives the arithmetic) and bounded for
 * the verifier before they address the value. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "cg_clause.h"
#include "dcheck.h"
#include "dobj.h"

/* Per-CPU values larger than this cannot be allocated by the kernel (PCPU_MIN_UNIT_SIZE). */
#define AGG_VALUE_MAX 32768
/* A larger value (an lquantize() or llquantize() of more than 4094 levels: dtrace allows up
 * to 65535) is held once for all CPUs in a plain hash map, its buckets added to atomically;
 * a hash map's value must stay below 4 MiB (KMALLOC_MAX_SIZE, less the element header). */
#define AGG_SHARED_VALUE_MAX ((4u << 20) - 4096)

static const struct dobj_agg *agg_of(struct cgc *c, const struct dnode *n)
{
	if (!n->agg || n->agg->id < 0 || (size_t)n->agg->id >= c->o->naggs)
		cgc_fail(c, n, "internal error: unresolved aggregation @%s", n->name);
	return &c->o->aggs[n->agg->id];
}

/* The longest value a string key member can take when every update writes it from something
 * known at compile time: a literal, a probe* built-in (at most the longest name among the
 * program's probes) or execname (at most 15 characters); -1 when some update writes a string
 * computed at run time. */
static int64_t probe_field_max(struct cgc *c, int b)
{
	size_t m = 0;
	for (size_t i = 0; i < c->in->nprobes; i++) {
		const struct dobj_probe *p = &c->in->probes[i];
		/* a class of USDT probes: its names are known only at run time, and probes that
		 * appear later may have longer ones (multi-probe programs serve probes of in->probes:
		 * their names are among those measured here) */
		if (p->prov->cg_probe_name && (p->prov->flags(p) & PROV_F_SHARED))
			return -1;
		const char *f = b == DB_PROBEPROV ? p->provider : b == DB_PROBEMOD ? p->module :
				b == DB_PROBEFUNC ? p->function : p->name;
		if (strlen(f) > m)
			m = strlen(f);
	}
	return (int64_t)m;
}

bool cgc_agg_update_key(const struct dnode *n, const struct dck_agg *a, int idx, struct dnode **key)
{
	if (n->kind != DN_ASSIGN || !n->lhs || n->lhs->kind != DN_AGG || n->lhs->agg != a)
		return false;
	struct dnode *k = n->lhs->args;
	for (int i = 0; k && i < idx; i++)
		k = k->next;
	*key = k;
	return true;
}

static int64_t key_maxlen(struct cgc *c, const struct dck_agg *a, int idx)
{
	int64_t max = 0;
	for (struct dnode *n = c->ck->prog->pool.all; n; n = n->pool_next) {
		struct dnode *k;
		if (!cgc_agg_update_key(n, a, idx, &k))
			continue;
		if (!k)
			return -1;
		int64_t len;
		if (k->kind == DN_STRING && !memchr(k->str, '\0', k->slen))
			len = (int64_t)k->slen;
		else if (k->kind == DN_IDENT && (k->builtin == DB_PROBEPROV ||
			 k->builtin == DB_PROBEMOD || k->builtin == DB_PROBEFUNC ||
			 k->builtin == DB_PROBENAME))
			len = probe_field_max(c, k->builtin);
		else if (k->kind == DN_IDENT && k->builtin == DB_EXECNAME)
			len = 15;
		else
			return -1;
		if (len < 0)
			return -1;
		if (len > max)
			max = len;
	}
	return max;
}

/* At most this many aggregations get a map each; a program with more shares maps (see
 * share_maps), since the kernel lets a program use at most 64 maps, the tracer's own included. */
#define OWN_MAPS_MAX 16

/* What the layout learned of one aggregation before its map is chosen. */
struct agg_plan {
	uint32_t vsize;            /* value bytes per CPU */
	uint64_t entries;          /* as many as aggsize holds */
	bool slot;                 /* `@ = count()`: an entry of a per-CPU array */
	bool shared;               /* past AGG_VALUE_MAX: one value for all CPUs */
};

/* An aggregation's own map's name: "agg_" and its name ("_" for @), cut to fit the kernel's
 * 16 bytes where it must. */
static const char *own_map_name(const struct agg_desc *d, char name[32])
{
	snprintf(name, 32, "agg_%.26s", d->name[0] ? d->name : "_");
	return name;
}

/* The map of an aggregation whose value is too large for a per-CPU map: a plain hash map,
 * its own whatever the number of aggregations (a shared map's key word is not needed). */
static int shared_value_map(struct cgc *c, const struct agg_desc *d, const struct agg_plan *p)
{
	char name[32];
	own_map_name(d, name);
	return cgc_add_map(c, name, BPF_SYS_MAP_HASH, (uint32_t)d->keysize, p->vsize,
			   (uint32_t)p->entries);
}

/* Every aggregation its own map (the common case: no key word, no padding). `@ = count()`:
 * one entry, so a per-CPU array (the verifier inlines its lookup; a hash map's is a helper
 * call hashing the key). Its key is the first 4 bytes of the zero key word. All-zero means
 * never counted: a count only grows, and trunc and clear move baselines (trace_agg.c), never
 * this map; the reader skips it. */
static void own_maps(struct cgc *c, const struct agg_plan *pl)
{
	struct dobj *o = c->o;
	for (size_t i = 0; i < o->naggs; i++) {
		const struct agg_desc *d = o->aggs[i].desc;
		char name[32];
		own_map_name(d, name);
		o->aggs[i].index = -1;
		o->aggs[i].map = pl[i].shared ? shared_value_map(c, d, &pl[i]) : pl[i].slot
			? cgc_add_map(c, name, BPF_SYS_MAP_PERCPU_ARRAY, 4, pl[i].vsize, 1)
			: cgc_add_map(c, name, BPF_SYS_MAP_PERCPU_HASH, (uint32_t)d->keysize,
				      pl[i].vsize, (uint32_t)pl[i].entries);
	}
}

/* The value size of the shared map holding a value of vsize bytes: a power of two. */
static uint32_t vclass(uint32_t vsize)
{
	uint32_t v = 8;
	while (v < vsize)
		v *= 2;
	return v;
}

/* Many aggregations: all `@ = count()` are entries of one per-CPU array (entry = index), the
 * others share one per-CPU hash map per value size rounded up to a power of two (at most 13
 * of them, AGG_VALUE_MAX being 2^15): the key is the aggregation's index as a word, then its
 * key zero-padded to the longest in that map. A map holds as many entries as its most
 * numerous member would alone: dtrace's aggsize is one buffer that all share too. */
static void share_maps(struct cgc *c, const struct agg_plan *pl)
{
	struct dobj *o = c->o;
	uint32_t nslots = 0;
	for (size_t i = 0; i < o->naggs; i++) {
		if (pl[i].slot)
			o->aggs[i].index = nslots++;
		if (pl[i].shared) {
			o->aggs[i].index = -1;
			o->aggs[i].map = shared_value_map(c, o->aggs[i].desc, &pl[i]);
		}
	}
	if (nslots) {
		int m = cgc_add_map(c, "agg_counts", BPF_SYS_MAP_PERCPU_ARRAY, 4, 8, nslots);
		for (size_t i = 0; i < o->naggs; i++)
			if (pl[i].slot)
				o->aggs[i].map = m;
	}
	for (uint32_t v = 8; v <= AGG_VALUE_MAX; v *= 2) {
		uint64_t ks = 0, n = 1;
		for (size_t i = 0; i < o->naggs; i++) {
			if (pl[i].slot || vclass(pl[i].vsize) != v)
				continue;
			if (o->aggs[i].desc->keysize > ks)
				ks = o->aggs[i].desc->keysize;
			if (pl[i].entries > n)
				n = pl[i].entries;
		}
		if (ks == 0)
			continue;
		char name[32];
		snprintf(name, sizeof name, "agg_v%u", v);
		int m = cgc_add_map(c, name, BPF_SYS_MAP_PERCPU_HASH, (uint32_t)(8 + ks), v,
				    (uint32_t)n);
		for (size_t i = 0; i < o->naggs; i++) {
			if (pl[i].slot || vclass(pl[i].vsize) != v)
				continue;
			o->aggs[i].map = m;
			o->aggs[i].index = (int64_t)i;
		}
	}
}

/* The bytes one entry of aggregation d takes of dtrace's aggsize buffer, as DTrace for Linux
 * counts them (measured: the entries a given aggsize holds before "aggregation drops", and the
 * smallest aggsize it enables): its tuple, a 4-byte aggregation id, then each member at its
 * natural alignment (integers their D size, strings strsize + 1 bytes, user addresses 8-byte
 * words), no padding after the last; and its data, the value's words and 16 bytes more. An
 * int-keyed count() is 32 bytes, a keyless one 28, a long-keyed one 40, a string-keyed one
 * 4 + strsize + 1 + 24. dtrace keeps every aggregation's entries in one buffer of entries of
 * the largest tuple and the largest data (dt_bpf.c's aggs map): aggsize / (that size)
 * entries in all. */
static uint64_t dtrace_tuple_size(const struct agg_desc *d, uint64_t strsize)
{
	uint64_t off = 4;
	for (size_t k = 0; k < d->nkeys; k++) {
		const struct agg_keydesc *kd = &d->keys[k];
		uint64_t size = kd->kind == AGG_KEY_STRING ? strsize + 1 : kd->size;
		uint64_t align = kd->kind == AGG_KEY_STRING ? 1 : kd->kind == AGG_KEY_INT ? kd->size : 8;
		off = (off + align - 1) / align * align + size;
	}
	return off;
}

static uint64_t dtrace_data_size(const struct agg_desc *d)
{
	return 8 * (uint64_t)d->nwords + 16;
}

/* The most entries an aggregation's map gets, however large aggsize (4M: a preallocated hash
 * map of that many entries already takes hundreds of MB). */
#define AGG_ENTRIES_MAX (UINT64_C(1) << 22)

void cgc_agg_layout(struct cgc *c)
{
	struct dck_prog *ck = c->ck;
	struct dobj *o = c->o;
	uint64_t aggsize = c->in->opts ? c->in->opts->aggsize : (4u << 20);
	uint32_t zero_size = 8;
	uint64_t max_tuple = 0, max_data = 0;
	int nhashed = 0;

	if (ck->naggs == 0)
		return;
	o->aggs = xcalloc((size_t)ck->naggs, sizeof *o->aggs);
	struct agg_plan *pl = xcalloc((size_t)ck->naggs, sizeof *pl);
	for (int i = 0; i < ck->naggs; i++) {
		struct dck_agg *a = ck->aggs[i];
		struct agg_keydesc *kd = xcalloc((size_t)(a->nkeys > 0 ? a->nkeys : 1), sizeof *kd);
		char err[256];
		for (int k = 0; k < a->nkeys; k++) {
			struct dtype *t = dtype_resolve(a->keys[k]);
			if (cgc_ustack_key_desc(c, a, k, &kd[k])) {
				/* ustack(), usym() & co.: pid and frames or address */
			} else if (cgc_vclass(a->keys[k]) == CGC_VSTR) {
				/* A member is strsize bytes, unless every value it can take is known
				 * to be shorter: then only as long as the longest (plus its NUL).
				 * Nothing prints differently; the map hashes fewer bytes. */
				int64_t max = key_maxlen(c, a, k);
				kd[k].kind = AGG_KEY_STRING;
				kd[k].size = max >= 0 && max + 1 < (int64_t)o->strsize
					? (unsigned)(max + 1) : o->strsize;
			} else {
				kd[k].kind = AGG_KEY_INT;
				kd[k].size = t->kind == DTY_PTR ? 8 : (unsigned)t->size;
				kd[k].is_signed = cgc_is_signed(a->keys[k]);
			}
		}
		struct agg_desc *d = agg_desc_new(a->name, a->id, (enum agg_func)a->func, a->arg,
						  (size_t)a->nargs, kd, (size_t)(a->nkeys > 0 ? a->nkeys : 0),
						  err, sizeof err);
		free(kd);
		if (!d) {
			free(pl);
			cgc_fail_line(c, a->line, "@%s: %s", dck_agg_label(a->name), err);
		}
		d->strsize = o->strsize;
		o->aggs[o->naggs].desc = d;
		o->aggs[o->naggs].map = -1;
		o->aggs[o->naggs].index = -1;
		o->naggs++;
		uint64_t vsize = 8 * (uint64_t)d->nwords;
		bool shared = vsize > AGG_VALUE_MAX;
		if (shared && (vsize > AGG_SHARED_VALUE_MAX ||
			       (d->func != AGG_LQUANTIZE && d->func != AGG_LLQUANTIZE))) {
			free(pl);
			cgc_fail_line(c, a->line, "@%s: %s( ) with %zu buckets is larger than usdtrace "
				      "supports (at most %u)", dck_agg_label(a->name), agg_func_name(d->func),
				      d->nwords, AGG_SHARED_VALUE_MAX / 8);
		}
		if (d->keysize > 8192) {
			free(pl);
			cgc_fail_line(c, a->line, "@%s: the keys take %zu bytes, more than usdtrace "
				      "supports (8192)", dck_agg_label(a->name), d->keysize);
		}
		uint64_t t = dtrace_tuple_size(d, o->strsize), v = dtrace_data_size(d);
		max_tuple = t > max_tuple ? t : max_tuple;
		max_data = v > max_data ? v : max_data;
		pl[i].vsize = (uint32_t)vsize;
		pl[i].slot = a->nkeys <= 0 && d->func == AGG_COUNT;
		pl[i].shared = shared;
		nhashed += !pl[i].slot;
	}
	/* aggsize is dtrace's per-CPU buffer, shared by all aggregations: as many entries as fit
	 * it at dtrace's size of an entry, so that a given aggsize holds as many entries (and
	 * drops as many) as in dtrace. An entry that cannot fit the buffer at all is dtrace's
	 * refusal to enable, not a drop at run time. Each map may hold them all; with more than
	 * one, a count of the entries made (agg_budget) keeps their sum within it. */
	uint64_t per = max_tuple + max_data;
	if (per > aggsize)
		cgc_refuse(c, "Enabling exceeds size of buffer");
	uint64_t n = aggsize / per;
	if (n > AGG_ENTRIES_MAX)
		o->aggsize_max = AGG_ENTRIES_MAX * per;
	n = n < 1 ? 1 : n > AGG_ENTRIES_MAX ? AGG_ENTRIES_MAX : n;
	for (size_t i = 0; i < o->naggs; i++)
		pl[i].entries = n;
	c->agg_budget = 0;
	if (nhashed > 1) {
		c->agg_budget = (uint32_t)n;
		c->m_aggbudget = cgc_add_map(c, "agg_budget", BPF_SYS_MAP_ARRAY, 4, 8, 1);
	}
	if (o->naggs > OWN_MAPS_MAX)
		share_maps(c, pl);
	else
		own_maps(c, pl);
	for (size_t i = 0; i < o->naggs; i++)
		if (o->maps[o->aggs[i].map].value_size > zero_size)
			zero_size = o->maps[o->aggs[i].map].value_size;
	free(pl);
	c->m_aggzero = cgc_add_map(c, "agg_zero", BPF_SYS_MAP_ARRAY, 4, zero_size, 1);
}

/* A string known at compile time (a literal, probeprov/probemod/probefunc/probename: fixed
 * per program, except in USDT programs) or NULL. */
static const char *const_str(struct cgc *c, const struct dnode *n, size_t *len)
{
	const char *s = NULL;
	if (n->kind == DN_STRING) {
		*len = n->slen;
		return memchr(n->str, '\0', n->slen) ? NULL : n->str;
	}
	/* a USDT or multi-probe program serves many probes: their names are read at run time */
	if (n->kind != DN_IDENT || (cgc_probe_at_run_time(c) && c->probe->prov->cg_probe_name))
		return NULL;
	switch (n->builtin) {
	case DB_PROBEPROV: s = c->probe->provider; break;
	case DB_PROBEMOD: s = c->probe->module; break;
	case DB_PROBEFUNC: s = c->probe->function; break;
	case DB_PROBENAME: s = c->probe->name; break;
	default: return NULL;
	}
	*len = strlen(s);
	return s;
}

/* Store `size` bytes (a multiple of 8) at scratch offset off: the string's bytes (at most
 * width of them: the key member's size), then zeros. Two 32-bit immediate stores per
 * non-zero word. */
static void store_const_str(struct cgc *c, uint32_t off, uint32_t size, uint32_t width,
			    const char *s, size_t len)
{
	if (len > width)
		len = width;
	for (uint32_t i = 0; i < size; i += 8) {
		unsigned char w[8] = {0};
		for (uint32_t j = 0; j < 8 && i + j < len; j++)
			w[j] = (unsigned char)s[i + j];
		int32_t lo, hi;
		memcpy(&lo, w, 4);
		memcpy(&hi, w + 4, 4);
		if (!lo && !hi) {
			cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(off + i), 0));
		} else {
			cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, (int16_t)(off + i), lo));
			cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, (int16_t)(off + i + 4), hi));
		}
	}
}

/* The packed key in scratch; its offset. Every member writes all of its bytes (strings are
 * zero-padded), so equal values give equal bytes without zeroing the key first. Strings known
 * at compile time are stored as immediates and execname is fetched straight into the key:
 * the common keys cost no string copy. */
/* The key word and padding of a shared hash map (dobj.h): the aggregation's index before the
 * key, zeros after it up to the map's key size (written last: a string member's excess lands
 * there). */
static void shared_key_pad(struct cgc *c, uint32_t kb, uint32_t from, uint32_t to)
{
	for (; from < to && from % 8; from++)
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(kb + from), 0));
	for (; from < to; from += 8)
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(kb + from), 0));
}

/* A pointer into alloca() memory (R0, the value of n) keyed or aggregated is dtrace's offset
 * there, as trace() records it (@[p] of p = alloca(8) is 8). */
static void alloca_offset_if(struct cgc *c, struct dnode *n)
{
	struct dtype *t = dtype_resolve(n->type);
	if (t && t->kind == DTY_PTR && dck_alloca_value(n))
		cgc_alloca_to_offset(c);
}

static uint32_t agg_key(struct cgc *c, const struct dobj_agg *da, struct dnode *keys)
{
	const struct agg_desc *d = da->desc;
	const struct dobj_map *m = &c->o->maps[da->map];
	/* the checker's aggregation of da (cgc_agg_layout makes o->aggs in ck->aggs' order) */
	struct dtype **ktypes = c->ck->aggs[da - c->o->aggs]->keys;
	/* a string member may write up to a slot (strsize + 1 rounded up): the next member,
	 * written after it, overwrites the excess; the last one needs the slack */
	bool shared_hash = da->index >= 0 && m->kind != BPF_SYS_MAP_PERCPU_ARRAY;
	uint32_t kb = cgs_scratch_alloc(&c->g, cgc_round8(shared_hash ? m->key_size :
								(uint32_t)d->keysize) + c->slot);
	uint32_t off = 0;
	size_t i = 0;

	if (m->kind == BPF_SYS_MAP_PERCPU_ARRAY) {
		/* the entry: 0 in its own array, its index in the shared one */
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)kb,
				  da->index < 0 ? 0 : (int32_t)da->index));
		return kb;
	}
	if (da->index >= 0) {
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)kb, (int32_t)da->index));
		kb += 8;
	}
	if (d->nkeys == 0)
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)kb, 0));
	for (struct dnode *k = keys; k && i < d->nkeys; k = k->next, i++) {
		if (d->keys[i].kind != AGG_KEY_INT && d->keys[i].kind != AGG_KEY_STRING) {
			cgc_ustack_key(c, k, kb + off, &d->keys[i]);
			off += d->keys[i].size;
		} else if (d->keys[i].kind == AGG_KEY_STRING) {
			const char *cs;
			size_t len;
			uint32_t ssize = cgc_round8(d->keys[i].size);
			if ((cs = const_str(c, k, &len))) {
				store_const_str(c, kb + off, ssize, d->keys[i].size, cs, len);
			} else if (k->kind == DN_IDENT && k->builtin == DB_EXECNAME) {
				/* the comm is zero-padded up to its size */
				uint32_t n = d->keys[i].size < 16 ? d->keys[i].size : 16;
				for (uint32_t z = 16; z < ssize; z += 8)
					cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(kb + off + z), 0));
				cgc_task_comm(c, kb + off, n);
			} else {
				uint32_t s = cgc_eval_str_key(c, k, i);
				cgc_copy_str_clean(c, kb + off, s, false);
			}
			off += d->keys[i].size;
		} else {
			/* converted to the aggregation's key type as dtrace's dt_cg_arglist casts
			 * it (dt_cg_typecast): with int keys, @a[uc + uc] of uc = 200 is @a[400],
			 * @a[(char)2] is @a[2] */
			cgc_eval_as(c, k, ktypes[i]);
			alloca_offset_if(c, k);
			cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(kb + off)));
			off += 8;
		}
	}
	if (da->index >= 0) {
		shared_key_pad(c, kb, (uint32_t)d->keysize, m->key_size - 8);
		kb -= 8;
	}
	return kb;
}

static void lookup(struct cgc *c, int map, uint32_t kb)
{
	cgc_ld_map(c, 1, map);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)kb));
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
}

/* R0 = the index of the most significant set bit of R4 (R4 != 0); clobbers R4, R5. */
static void emit_msb(struct cgc *c)
{
	static const int steps[] = { 32, 16, 8, 4, 2 };
	cgc_emit(c, bi_mov64_imm(0, 0));
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		int skip = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_reg(5, 4));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 5, steps[i]));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 5, 0, skip);
		cgc_emit(c, bi_mov64_reg(4, 5));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, steps[i]));
		bpb_label_place(&c->buf, skip);
	}
	int skip = bpb_label_new(&c->buf);
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 1));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 4, 0, skip);
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 1));
	bpb_label_place(&c->buf, skip);
}

/* R0 = the bucket of the value in R2 (agg_quantize_bucket & co.); R1, R2, R3 kept. */
/* agg_llquantize_bucket in BPF: R2 the value (kept), R0 the bin; clobbers R4, R5. |v| (in R5)
 * is placed by magnitude, then mirrored below the zero bin when v < 0. */
static void emit_llquantize_bucket(struct cgc *c, const struct agg_desc *d, int done)
{
	int64_t f = d->arg[0], low = d->arg[1], high = d->arg[2], nsteps = d->arg[3];
	int64_t sf = nsteps / f, per = (high - low + 1) * (nsteps - sf);
	int bin0 = agg_llquantize_zerobin(f, low, high, nsteps);
	int pos = bpb_label_new(&c->buf), have = bpb_label_new(&c->buf);
	uint64_t pow = 1;

	cgc_emit(c, bi_mov64_reg(5, 2));
	bpb_jmp_imm(&c->buf, BPF_JSGE, 5, 0, pos);
	cgc_emit(c, bi_neg64(5));              /* INT64_MIN stays 2^63: unsigned from here on */
	bpb_label_place(&c->buf, pos);
	for (int64_t o = 0; o < low; o++)
		pow *= (uint64_t)f;
	cgc_emit(c, bi_mov64_imm(0, 0));
	cgc_mov_imm64(c, 4, pow);
	bpb_jmp_reg(&c->buf, BPF_JLT, 5, 4, have);
	for (int64_t o = low; o <= high; o++) {
		uint64_t next = pow * (uint64_t)f;
		int64_t base = (o - low) * (nsteps - sf);
		int later = bpb_label_new(&c->buf);
		cgc_mov_imm64(c, 4, next);
		bpb_jmp_reg(&c->buf, BPF_JGE, 5, 4, later);
		cgc_emit(c, bi_mov64_reg(0, 5));
		if (next >= (uint64_t)nsteps) {
			cgc_mov_imm64(c, 4, next / (uint64_t)nsteps);
			cgc_emit(c, bi_alu64_reg(BPF_DIV, 0, 4));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)(base - sf + 1)));
		} else {
			cgc_mov_imm64(c, 4, pow);
			cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 4));
			cgc_emit(c, bi_alu64_imm(BPF_MUL, 0, (int32_t)(nsteps / (int64_t)next)));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)(base + 1)));
		}
		bpb_ja(&c->buf, have);
		bpb_label_place(&c->buf, later);
		pow = next;
	}
	cgc_emit(c, bi_mov64_imm(0, (int32_t)(per + 1)));
	bpb_label_place(&c->buf, have);
	int neg = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JSLT, 2, 0, neg);
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, bin0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, neg);
	cgc_emit(c, bi_mov64_imm(4, bin0));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 4, 0));
	cgc_emit(c, bi_mov64_reg(0, 4));
}

static void emit_bucket(struct cgc *c, const struct agg_desc *d)
{
	int done = bpb_label_new(&c->buf);

	if (d->func == AGG_QUANTIZE) {
		int pos = bpb_label_new(&c->buf), zero = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(0, AGG_QUANTIZE_ZEROBUCKET));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, done);
		bpb_jmp_imm(&c->buf, BPF_JSGT, 2, 0, pos);
		cgc_emit(c, bi_mov64_reg(4, 2));
		cgc_emit(c, bi_neg64(4));             /* INT64_MIN stays 2^63 as unsigned: msb 63 */
		emit_msb(c);
		cgc_emit(c, bi_mov64_reg(4, 0));
		cgc_emit(c, bi_mov64_imm(0, AGG_QUANTIZE_ZEROBUCKET - 1));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 4));
		bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, done);
		bpb_ja(&c->buf, zero);
		bpb_label_place(&c->buf, pos);
		cgc_emit(c, bi_mov64_reg(4, 2));
		emit_msb(c);
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, AGG_QUANTIZE_ZEROBUCKET + 1));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, zero);
		cgc_emit(c, bi_mov64_imm(0, 0));
	} else if (d->func == AGG_LQUANTIZE) {
		int64_t lo = d->arg[0], step = d->arg[2];
		int levels = agg_lquantize_levels(d->arg[0], d->arg[1], d->arg[2]);
		int in = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(0, 0));
		cgc_mov_imm64(c, 4, (uint64_t)lo);
		bpb_jmp_reg(&c->buf, BPF_JSLT, 2, 4, done);
		cgc_emit(c, bi_mov64_reg(0, 2));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 4));
		cgc_emit(c, bi_alu64_imm(BPF_DIV, 0, (int32_t)step));
		bpb_jmp_imm(&c->buf, BPF_JLT, 0, levels, in);
		cgc_emit(c, bi_mov64_imm(0, levels + 1));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, in);
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 1));
	} else {
		emit_llquantize_bucket(c, d, done);
	}
	bpb_label_place(&c->buf, done);
	/* bound it for the verifier (it cannot be larger) */
	int ok = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JLE, 0, (int32_t)d->nwords - 1, ok);
	cgc_emit(c, bi_mov64_imm(0, (int32_t)d->nwords - 1));
	bpb_label_place(&c->buf, ok);
}

/* w[off] += reg (R1 the value). Clobbers R5. */
static void add_word(struct cgc *c, int16_t off, int reg)
{
	cgc_emit(c, bi_ldx(BPF_DW, 5, 1, off));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 5, reg));
	cgc_emit(c, bi_stx(BPF_DW, 1, 5, off));
}

static void add_one(struct cgc *c, int16_t off)
{
	cgc_emit(c, bi_ldx(BPF_DW, 5, 1, off));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 5, 1));
	cgc_emit(c, bi_stx(BPF_DW, 1, 5, off));
}

/* The update of one CPU's words: R1 the value, R2 v, R3 the increment; with `atomic`, the
 * value all CPUs share (a bucket function's only: additions). */
static void emit_update(struct cgc *c, const struct agg_desc *d, bool atomic)
{
	switch (d->func) {
	case AGG_COUNT:
		add_one(c, 0);
		return;
	case AGG_SUM:
		add_word(c, 0, 2);
		return;
	case AGG_AVG:
		add_one(c, 0);
		add_word(c, 8, 2);
		return;
	case AGG_MIN:
	case AGG_MAX: {
		int skip = bpb_label_new(&c->buf);
		if (d->func == AGG_MIN) {
			cgc_mov_imm64(c, 4, 0x7fffffffffffffffull);
		} else {
			cgc_emit(c, bi_mov64_imm(4, 1));
			cgc_emit(c, bi_alu64_imm(BPF_LSH, 4, 63));
		}
		cgc_emit(c, bi_alu64_reg(BPF_XOR, 4, 2));
		cgc_emit(c, bi_ldx(BPF_DW, 5, 1, 0));
		bpb_jmp_reg(&c->buf, BPF_JLE, 4, 5, skip);
		cgc_emit(c, bi_stx(BPF_DW, 1, 4, 0));
		bpb_label_place(&c->buf, skip);
		return;
	}
	case AGG_STDDEV: {
		/* q += |v|^2 in 128 bits: with a = hi*2^32 + lo,
		 * a^2 = hh*2^64 + hl*2^33 + ll, and hl*2^33 = (hl >> 31)*2^64 + (hl << 33) mod 2^64 */
		int pos = bpb_label_new(&c->buf), nc1 = bpb_label_new(&c->buf);
		int nc2 = bpb_label_new(&c->buf);
		add_one(c, 0);
		add_word(c, 8, 2);
		bpb_jmp_imm(&c->buf, BPF_JSGE, 2, 0, pos);
		cgc_emit(c, bi_neg64(2));
		bpb_label_place(&c->buf, pos);
		cgc_emit(c, bi_mov32_reg(3, 2));                 /* lo */
		cgc_emit(c, bi_mov64_reg(4, 2));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 32));       /* hi */
		cgc_emit(c, bi_mov64_reg(5, 3));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 5, 3));        /* ll */
		cgc_emit(c, bi_mov64_reg(0, 4));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 3));        /* hl */
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 4, 4));        /* hh */
		cgc_emit(c, bi_mov64_reg(3, 0));
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 3, 33));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 31));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 5));        /* low word of a^2 */
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 4, 0));
		bpb_jmp_reg(&c->buf, BPF_JGE, 3, 5, nc1);
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, 1));        /* high word of a^2 */
		bpb_label_place(&c->buf, nc1);
		cgc_emit(c, bi_ldx(BPF_DW, 5, 1, 16));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 5, 3));
		cgc_emit(c, bi_stx(BPF_DW, 1, 5, 16));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 1, 24));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 4));
		bpb_jmp_reg(&c->buf, BPF_JGE, 5, 3, nc2);
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 1));
		bpb_label_place(&c->buf, nc2);
		cgc_emit(c, bi_stx(BPF_DW, 1, 0, 24));
		return;
	}
	case AGG_QUANTIZE:
	case AGG_LQUANTIZE:
	case AGG_LLQUANTIZE:
		emit_bucket(c, d);
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 3));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
		if (atomic)
			cgc_emit(c, bi_atomic_add(BPF_DW, 1, 3, 0));
		else
			add_word(c, 0, 3);
		return;
	}
}

/* The increment argument of quantize (2nd), lquantize (5th), llquantize (6th), or NULL. */
static struct dnode *incr_arg(const struct agg_desc *d, struct dnode *args)
{
	int skip = d->func == AGG_QUANTIZE ? 1 : d->func == AGG_LQUANTIZE ? 4 :
		   d->func == AGG_LLQUANTIZE ? 5 : -1;
	if (skip < 0)
		return NULL;
	for (; args && skip > 0; skip--)
		args = args->next;
	return args;
}

/* The entry taken (its address in slot sb) given back. */
static void budget_give_back(struct cgc *c, int16_t sb)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sb));
	cgc_emit(c, bi_mov64_imm(1, -1));
	cgc_emit(c, bi_atomic_add(BPF_DW, 0, 1, 0));
}

/* One entry of agg_budget taken: its address in a slot pushed (returned: the caller pops
 * it); to `full` when all are taken. */
static int16_t budget_take(struct cgc *c, int full)
{
	int16_t sb = cgc_slot_push(c);
	int got = bpb_label_new(&c->buf), gone = bpb_label_new(&c->buf);
	cgc_emit(c, bi_st(BPF_W, 10, CGC_KEY, 0));
	cgc_lookup_key(c, c->m_aggbudget);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, gone);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, sb));
	cgc_emit(c, bi_mov64_imm(1, 1));
	cgc_emit(c, bi_atomic_fetch_add(BPF_DW, 0, 1, 0));
	bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->agg_budget, got);
	budget_give_back(c, sb);
	bpb_label_place(&c->buf, gone);
	bpb_ja(&c->buf, full);
	bpb_label_place(&c->buf, got);
	return sb;
}

void cgc_agg_update(struct cgc *c, struct dnode *assign)
{
	struct dnode *l = assign->lhs, *call = assign->rhs;
	const struct dobj_agg *da = agg_of(c, l);
	const struct agg_desc *d = da->desc;
	int have = bpb_label_new(&c->buf), drop = bpb_label_new(&c->buf);
	int done = bpb_label_new(&c->buf);

	uint32_t kb = agg_key(c, da, l->args);
	int16_t sv = cgc_slot_push(c), si = cgc_slot_push(c);
	/* the values aggregated are their uncut 64 bits, as dtrace's registers hold them:
	 * sum(uc + uc) adds 256 for an unsigned char 128 (docs/arithmetic.md) */
	if (d->func != AGG_COUNT) {
		cgc_eval_raw(c, call->args);
		alloca_offset_if(c, call->args);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, sv));
	}
	struct dnode *incr = incr_arg(d, call->args);
	if (incr) {
		cgc_eval_raw(c, incr);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, si));
	} else {
		cgc_emit(c, bi_st(BPF_DW, 10, si, 1));
	}
	lookup(c, da->map, kb);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, have);
	/* a new key: insert zeros (another CPU may insert it first: then lookup finds theirs) */
	int16_t sb = 0;
	if (c->agg_budget)
		sb = budget_take(c, drop);
	cgc_emit(c, bi_st(BPF_W, 10, CGC_KEY, 0));
	cgc_lookup_key(c, c->m_aggzero);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, drop);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_ld_map(c, 1, da->map);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)kb));
	cgc_emit(c, bi_mov64_imm(4, BPF_NOEXIST));
	cgc_emit(c, bi_call(BPF_FUNC_map_update_elem));
	if (c->agg_budget) {
		/* not made (another CPU made it, or the map is full): the entry is given back */
		int made = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, made);
		budget_give_back(c, sb);
		bpb_label_place(&c->buf, made);
		cgc_slot_pop(c);
	}
	lookup(c, da->map, kb);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, drop);
	bpb_label_place(&c->buf, have);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, sv));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, si));
	emit_update(c, d, c->o->maps[da->map].kind == BPF_SYS_MAP_HASH);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, drop);
	cgc_count_drop(c, DOUT_DROP_AGGREGATION);
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
}

/* An int64 argument into the record. */

static void set_aggs(struct cgc *c, struct dobj_action *act, struct dnode *first)
{
	size_t n = 0;
	for (struct dnode *a = first; a; a = a->next)
		n++;
	act->aggs = xcalloc(n ? n : 1, sizeof *act->aggs);
	for (struct dnode *a = first; a; a = a->next)
		act->aggs[act->naggs++] = agg_of(c, a)->desc->id;
}

void cgc_agg_action(struct cgc *c, struct dnode *call)
{
	struct dnode *a = call->args;
	struct dobj_action *act;

	switch (call->subr) {
	case DS_PRINTA:
		act = cgc_new_action(c, DOBJ_ACT_PRINTA, 0);
		if (a->kind == DN_STRING) {
			act->fmt = call->fmt;
			a = a->next;
		}
		set_aggs(c, act, a);
		break;
	case DS_TRUNC:
	case DS_NORMALIZE:
		act = cgc_new_action(c, call->subr == DS_TRUNC ? DOBJ_ACT_TRUNC : DOBJ_ACT_NORMALIZE,
				     a->next ? 1 : 0);
		act->aggs = xcalloc(1, sizeof *act->aggs);
		act->aggs[act->naggs++] = agg_of(c, a)->desc->id;
		if (a->next && call->subr == DS_NORMALIZE) {
			/* dtrace reads the factor as an unsigned number of its expression's size:
			 * normalize(@a, -1) divides by 0xffffffff, (char)-1 by 0xff (observed:
			 * dtrace -qn 'BEGIN { @c = sum(-1); normalize(@c, (char)-1);
			 * printa("%@u\n", @c); exit(0); }' prints 72340172838076673) */
			int64_t sz = a->next->type ? a->next->type->size : 8;
			uint32_t size = sz == 1 || sz == 2 || sz == 4 ? (uint32_t)sz : 8;
			cgc_rec_int(c, a->next, &act->vals[0], size, "uint64_t");
			act->vals[0].is_signed = false;
		} else if (a->next) {
			cgc_rec_int(c, a->next, &act->vals[0], 8, "int64_t");
		}
		break;
	case DS_CLEAR:
	case DS_DENORMALIZE:
		act = cgc_new_action(c, call->subr == DS_CLEAR ? DOBJ_ACT_CLEAR : DOBJ_ACT_DENORMALIZE,
				     0);
		act->aggs = xcalloc(1, sizeof *act->aggs);
		act->aggs[act->naggs++] = agg_of(c, a)->desc->id;
		break;
	case DS_SETOPT:
		if (a->kind == DN_STRING && (!a->next || a->next->kind == DN_STRING)) {
			act = cgc_new_action(c, DOBJ_ACT_SETOPT, 0);
			act->opt = xstrdup(a->str);
			act->optval = a->next ? xstrdup(a->next->str) : NULL;
			break;
		}
		/* a name or value known only at run time: both strings go in the record */
		act = cgc_new_action(c, DOBJ_ACT_SETOPT, a->next ? 2 : 1);
		cgc_rec_value(c, a, &act->vals[0]);
		if (a->next)
			cgc_rec_value(c, a->next, &act->vals[1]);
		break;
	default:
		cgc_fail(c, call, "internal error: %s( ) is not an aggregation action", call->name);
	}
}
