/* trace_agg.c — see trace_agg.h. */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace_agg.h"

void trace_aggs_init(struct trace_aggs *t, const struct dobj *o, int ncpus)
{
	memset(t, 0, sizeof *t);
	t->o = o;
	t->ncpus = ncpus > 0 ? (size_t)ncpus : 1;
	size_t n = o->naggs ? o->naggs : 1;
	t->snap = xcalloc(n, sizeof *t->snap);
	t->normal = xcalloc(n, sizeof *t->normal);
	t->printed = xcalloc(n, sizeof *t->printed);
	t->raw = xcalloc(n, sizeof *t->raw);
	t->base = xcalloc(n, sizeof *t->base);
	t->kept = xcalloc(n, sizeof *t->kept);
	t->read_at = xcalloc(n, sizeof *t->read_at);
	t->record = 1;
	for (size_t i = 0; i < o->naggs; i++) {
		agg_data_init(&t->snap[i], o->aggs[i].desc);
		agg_data_init(&t->raw[i], o->aggs[i].desc);
		agg_data_init(&t->base[i], o->aggs[i].desc);
		agg_data_init(&t->kept[i], o->aggs[i].desc);
		t->normal[i] = 1;
	}
}

void trace_aggs_free(struct trace_aggs *t)
{
	if (!t->o)
		return;
	for (size_t i = 0; i < t->o->naggs; i++) {
		agg_data_free(&t->snap[i]);
		agg_data_free(&t->raw[i]);
		agg_data_free(&t->base[i]);
		agg_data_free(&t->kept[i]);
	}
	free(t->snap);
	free(t->raw);
	free(t->base);
	free(t->kept);
	free(t->read_at);
	free(t->normal);
	free(t->printed);
	memset(t, 0, sizeof *t);
}

/* How many copies of a value aggregation i's map holds: one per CPU, or one for all (a value
 * too large for a per-CPU map: cg_agg.c). */
static size_t map_copies(const struct trace_aggs *t, size_t i)
{
	int kind = t->o->maps[t->o->aggs[i].map].kind;
	return kind == BPF_SYS_MAP_PERCPU_HASH || kind == BPF_SYS_MAP_PERCPU_ARRAY ? t->ncpus : 1;
}

/* Delete aggregation i's key from its map. */
static void map_delete(const struct trace_aggs *t, size_t i, const void *key)
{
	const struct dobj_map *m = &t->o->maps[t->o->aggs[i].map];
	unsigned char *mkey = xcalloc(1, m->key_size);
	dobj_agg_map_key(t->o, i, key, mkey);
	bpf_map_delete_elem(m->fd, mkey);
	free(mkey);
}

/* Set aggregation i's key to the empty value (all zeros) on every CPU, if it is there. */
static void map_zero(const struct trace_aggs *t, size_t i, const void *key)
{
	const struct dobj_map *m = &t->o->maps[t->o->aggs[i].map];
	unsigned char *mkey = xcalloc(1, m->key_size);
	int64_t *zeros = xcalloc(map_copies(t, i), m->value_size);
	dobj_agg_map_key(t->o, i, key, mkey);
	bpf_map_update_elem(m->fd, mkey, zeros, BPF_EXIST);
	free(zeros);
	free(mkey);
}

/* Additive functions (all but min and max): what trunc() and clear() took away is kept as a
 * baseline and subtracted from what the map holds, instead of deleting or zeroing the map's
 * keys, which would lose an update landing between the read and the write. */
static bool additive(const struct agg_desc *d)
{
	return d->func != AGG_MIN && d->func != AGG_MAX;
}

/* v -= b, word by word as the function's words add (stddev's last two words are one 128-bit
 * sum of squares). */
static void sub_words(const struct agg_desc *d, int64_t *v, const int64_t *b)
{
	size_t n = d->nwords;
	if (d->func == AGG_STDDEV && n >= 4) {
		unsigned __int128 x = ((unsigned __int128)(uint64_t)v[3] << 64) | (uint64_t)v[2];
		unsigned __int128 y = ((unsigned __int128)(uint64_t)b[3] << 64) | (uint64_t)b[2];
		x -= y;
		v[2] = (int64_t)(uint64_t)x;
		v[3] = (int64_t)(uint64_t)(x >> 64);
		n = 2;
	}
	for (size_t k = 0; k < n; k++)
		v[k] = (int64_t)((uint64_t)v[k] - (uint64_t)b[k]);
}

static bool all_zero(const int64_t *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (v[k])
			return false;
	return true;
}

/* d without key (the index has no removal: rebuilt). */
static void drop_key(struct agg_data *d, const void *key)
{
	struct agg_data nd;
	agg_data_init(&nd, d->desc);
	for (size_t k = 0; k < d->n; k++)
		if (memcmp(d->ent[k].key, key, d->desc->keysize) != 0)
			agg_data_add(&nd, d->ent[k].key, d->ent[k].val, 1);
	agg_data_free(d);
	*d = nd;
}

/* Set key's baseline to the map's value of the last read. */
static void set_base(struct trace_aggs *t, size_t i, const struct agg_entry *raw)
{
	struct agg_data *b = &t->base[i];
	struct agg_entry *e = agg_data_find(b, raw->key);
	if (e)
		memcpy(e->val, raw->val, b->desc->nwords * sizeof(int64_t));
	else
		agg_data_add(b, raw->key, raw->val, 1);   /* one "CPU": additive, so the same */
}

void trace_aggs_next_record(struct trace_aggs *t)
{
	t->record++;
}

/* The map's words per CPU (a shared map's value may be longer than the aggregation's). */
static size_t map_words(const struct trace_aggs *t, size_t i)
{
	return t->o->maps[t->o->aggs[i].map].value_size / 8;
}

/* One entry read from the map (key the aggregation's, mvals map_copies * mw words) into
 * raw/a. A value all CPUs share has no per-CPU shares to show. */
static void add_read(struct trace_aggs *t, size_t i, const unsigned char *key,
		     const int64_t *mvals, size_t mw, int64_t *vals, unsigned char *canon)
{
	const struct agg_desc *d = t->o->aggs[i].desc;
	size_t n = map_copies(t, i);
	for (size_t cpu = 0; cpu < n; cpu++)
		memcpy(vals + cpu * d->nwords, mvals + cpu * mw, d->nwords * 8);
	/* usym/ufunc and umod keys merge per function / module (dtrace's
	 * dt_aggregate_usym); the map's key itself stays as it is, for the next step */
	memcpy(canon, key, d->keysize);
	agg_key_canon(d, canon);
	struct agg_data *to = additive(d) ? &t->raw[i] : &t->snap[i];
	agg_data_add(to, canon, vals, n);
	if (t->percpu && n == t->ncpus)
		agg_entry_set_percpu(to, canon, vals, n);
}

/* Read aggregation i's entries from its map into raw (additive) or snap (min, max). */
static int read_map(struct trace_aggs *t, size_t i, char *errbuf, size_t errlen)
{
	const struct dobj_agg *ag = &t->o->aggs[i];
	const struct dobj_map *m = &t->o->maps[ag->map];
	const struct agg_desc *d = ag->desc;
	size_t mw = map_words(t, i);
	unsigned char *key = xcalloc(1, m->key_size), *next = xcalloc(1, m->key_size);
	unsigned char *canon = xcalloc(1, d->keysize);
	size_t n = map_copies(t, i);
	int64_t *mvals = xcalloc(n * mw, 8), *vals = xcalloc(n * d->nwords, 8);
	int rc = 0;

	if (m->kind == BPF_SYS_MAP_PERCPU_ARRAY) {
		/* a keyless count() (cg_agg.c): its entry exists from the start; all zero, it
		 * was never counted */
		unsigned char *zkey = xcalloc(1, d->keysize);
		dobj_agg_map_key(t->o, i, zkey, key);
		if (bpf_map_lookup_elem(m->fd, key, mvals) != 0)
			rc = util_seterr(errbuf, errlen, "cannot read aggregation @%s: %s", d->name,
					 strerror(errno));
		else if (!all_zero(mvals, n * mw))
			add_read(t, i, zkey, mvals, mw, vals, canon);
		free(zkey);
		goto out;
	}
	const void *prev = NULL;
	while (bpf_map_get_next_key(m->fd, prev, next) == 0) {
		memcpy(key, next, m->key_size);
		prev = key;
		const unsigned char *k = dobj_agg_key(t->o, i, key);
		if (!k)
			continue;   /* another aggregation's, in a shared map */
		if (bpf_map_lookup_elem(m->fd, key, mvals) != 0) {
			if (errno == ENOENT)
				continue;   /* deleted meanwhile (trunc elsewhere): nothing to add */
			rc = util_seterr(errbuf, errlen, "cannot read aggregation @%s: %s", d->name,
					 strerror(errno));
			break;
		}
		add_read(t, i, k, mvals, mw, vals, canon);
	}
out:
	free(key);
	free(next);
	free(canon);
	free(mvals);
	free(vals);
	return rc;
}

int trace_aggs_snapshot(struct trace_aggs *t, size_t i, char *errbuf, size_t errlen)
{
	if (t->read_at[i] == t->record)
		return 0;
	t->read_at[i] = t->record;
	const struct agg_desc *d = t->o->aggs[i].desc;
	struct agg_data *raw = &t->raw[i], *a = &t->snap[i];

	agg_data_free(raw);
	agg_data_init(raw, d);
	agg_data_free(a);
	agg_data_init(a, d);
	int rc = read_map(t, i, errbuf, errlen);
	/* additive: what is shown is the map's values less the baselines; a truncated key shows
	 * again only when updated since, a cleared one always */
	int64_t *v = xcalloc(d->nwords, 8);
	for (size_t k = 0; k < raw->n; k++) {
		const struct agg_entry *r = &raw->ent[k];
		const struct agg_entry *b = agg_data_find(&t->base[i], r->key);
		memcpy(v, r->val, d->nwords * 8);
		if (b) {
			sub_words(d, v, b->val);
			if (all_zero(v, d->nwords) && !agg_data_find(&t->kept[i], r->key))
				continue;
		}
		agg_data_add(a, r->key, v, 1);   /* one "CPU": additive, so the value as it is */
		/* each CPU's share, while no trunc/clear baseline is taken off the total */
		if (r->percpu && !b) {
			struct agg_entry *e = agg_data_find(a, r->key);
			if (e && !e->percpu) {
				a->ncpu = raw->ncpu;
				e->percpu = xcalloc(raw->ncpu * d->nwords, 8);
				memcpy(e->percpu, r->percpu, raw->ncpu * d->nwords * 8);
			}
		}
	}
	a->normal = t->normal[i];
	a->printed = t->printed[i];
	free(v);
	return rc;
}

/* trunc: the keys the snapshot drops leave it; additive ones get the value read as their
 * baseline (so the updates since count afresh), the others are deleted from the map. */
static void do_trunc(struct trace_aggs *t, size_t i, int64_t n)
{
	struct agg_data *a = &t->snap[i];
	size_t ks = a->desc->keysize, nk = a->n;
	unsigned char *keys = xcalloc(nk ? nk : 1, ks);
	for (size_t k = 0; k < nk; k++)
		memcpy(keys + k * ks, a->ent[k].key, ks);
	agg_trunc(a, n);
	for (size_t k = 0; k < nk; k++) {
		const unsigned char *key = keys + k * ks;
		if (agg_data_find(a, key))
			continue;
		const struct agg_entry *r = agg_data_find(&t->raw[i], key);
		if (additive(a->desc) && r) {
			set_base(t, i, r);
			if (agg_data_find(&t->kept[i], key))   /* shown again only when updated */
				drop_key(&t->kept[i], key);
		} else {
			map_delete(t, i, key);
		}
	}
	free(keys);
}

/* clear: every key stays with its value empty: additive ones through their baseline, min and
 * max by zeroing the map's value (its empty encoding). */
static void do_clear(struct trace_aggs *t, size_t i)
{
	struct agg_data *a = &t->snap[i];
	int64_t *zeros = xcalloc(t->ncpus * a->desc->nwords, 8);
	for (size_t k = 0; k < a->n; k++) {
		const struct agg_entry *r = agg_data_find(&t->raw[i], a->ent[k].key);
		if (additive(a->desc) && r) {
			set_base(t, i, r);
			if (!agg_data_find(&t->kept[i], r->key))
				agg_data_add(&t->kept[i], r->key, zeros, 1);
		} else {
			map_zero(t, i, a->ent[k].key);
		}
	}
	free(zeros);
	agg_clear(a);
}

/* Whether aggregation i's keys can be retired: additive, with user stack or address keys, and
 * none merged by symbol (usym/umod: a map key is not its snapshot key). */
static bool retirable(const struct agg_desc *d)
{
	bool any = false;
	for (size_t k = 0; k < d->nkeys; k++) {
		if (d->keys[k].kind == AGG_KEY_USYM || d->keys[k].kind == AGG_KEY_UMOD)
			return false;
		any |= d->keys[k].kind == AGG_KEY_STACK || d->keys[k].kind == AGG_KEY_UADDR;
	}
	return any && additive(d);
}

/* Whether every user stack/address member of key names a gone process. */
static bool key_gone(const struct agg_desc *d, const unsigned char *key,
		     bool (*gone)(void *arg, int64_t pid), void *arg)
{
	size_t off = 0;
	for (size_t k = 0; k < d->nkeys; k++) {
		if (d->keys[k].kind == AGG_KEY_STACK || d->keys[k].kind == AGG_KEY_UADDR) {
			int64_t pid;
			memcpy(&pid, key + off, 8);
			if (!gone(arg, pid))
				return false;
		}
		off += d->keys[k].kind == AGG_KEY_INT ? 8 : d->keys[k].size;
	}
	return true;
}

void trace_aggs_retire(struct trace_aggs *t, bool (*gone)(void *arg, int64_t pid), void *arg)
{
	for (size_t i = 0; t->o && i < t->o->naggs; i++) {
		const struct agg_desc *d = t->o->aggs[i].desc;
		struct agg_data *b = &t->base[i];
		if (!retirable(d) || b->n == 0 || t->o->aggs[i].map < 0)
			continue;
		const struct dobj_map *m = &t->o->maps[t->o->aggs[i].map];
		size_t mw = map_words(t, i);
		unsigned char *mkey = xcalloc(1, m->key_size);
		size_t n = map_copies(t, i);
		int64_t *mvals = xcalloc(n * mw, 8), *vals = xcalloc(n * d->nwords, 8);
		struct agg_data nb;
		agg_data_init(&nb, d);
		for (size_t k = 0; k < b->n; k++) {
			const struct agg_entry *e = &b->ent[k];
			bool drop = false;
			if (key_gone(d, e->key, gone, arg) && !agg_data_find(&t->kept[i], e->key)) {
				dobj_agg_map_key(t->o, i, e->key, mkey);
				if (bpf_map_lookup_elem(m->fd, mkey, mvals) != 0) {
					drop = errno == ENOENT;
				} else {
					struct agg_data one;
					agg_data_init(&one, d);
					for (size_t cpu = 0; cpu < n; cpu++)
						memcpy(vals + cpu * d->nwords, mvals + cpu * mw, d->nwords * 8);
					agg_data_add(&one, e->key, vals, n);
					drop = one.n == 1 && memcmp(one.ent[0].val, e->val,
								    d->nwords * 8) == 0;
					agg_data_free(&one);
					if (drop)
						bpf_map_delete_elem(m->fd, mkey);
				}
			}
			if (!drop)
				agg_data_add(&nb, e->key, e->val, 1);
		}
		agg_data_free(b);
		*b = nb;
		free(mkey);
		free(mvals);
		free(vals);
	}
}

static int check_aggs(const struct trace_aggs *t, const struct dobj_action *act, char *errbuf,
		      size_t errlen)
{
	for (size_t k = 0; k < act->naggs; k++)
		if (act->aggs[k] < 0 || (size_t)act->aggs[k] >= t->o->naggs)
			return util_seterr(errbuf, errlen, "action names unknown aggregation %d",
					   act->aggs[k]);
	return 0;
}

int trace_aggs_printa(struct trace_aggs *t, const struct dobj_action *act,
		      struct agg_data ***snaps, char *errbuf, size_t errlen)
{
	*snaps = NULL;
	if (check_aggs(t, act, errbuf, errlen) != 0)
		return -1;
	struct agg_data **v = xcalloc(act->naggs ? act->naggs : 1, sizeof *v);
	int rc = 0;
	for (size_t k = 0; k < act->naggs && rc == 0; k++) {
		size_t j = (size_t)act->aggs[k];
		bool seen = false;   /* printa(@a, @a): one snapshot */
		for (size_t m = 0; m < k; m++)
			seen = seen || (size_t)act->aggs[m] == j;
		if (!seen)
			rc = trace_aggs_snapshot(t, j, errbuf, errlen);
		v[k] = &t->snap[j];
	}
	/* Printed, so left out at exit, only when a row prints: the rows are the keys of all
	 * of them together, and dtrace marks each aggregation in the callback that prints a
	 * row (dt_print_aggs, dt_fprinta), so a printa with nothing to show marks none. */
	bool rows = false;
	for (size_t k = 0; rc == 0 && k < act->naggs; k++)
		rows = rows || v[k]->n > 0;
	for (size_t k = 0; rows && k < act->naggs; k++)
		t->printed[act->aggs[k]] = true;
	if (rc != 0) {
		free(v);
		return rc;
	}
	*snaps = v;
	return 0;
}

int trace_aggs_action(struct trace_aggs *t, const struct dobj_action *act, bool has_n, int64_t n,
		      char *errbuf, size_t errlen)
{
	if (check_aggs(t, act, errbuf, errlen) != 0)
		return -1;
	size_t i = act->naggs ? (size_t)act->aggs[0] : 0;
	switch (act->kind) {
	case DOBJ_ACT_TRUNC:
		if (trace_aggs_snapshot(t, i, errbuf, errlen) != 0)
			return -1;
		do_trunc(t, i, has_n ? n : 0);
		return 0;
	case DOBJ_ACT_CLEAR:
		if (trace_aggs_snapshot(t, i, errbuf, errlen) != 0)
			return -1;
		do_clear(t, i);
		return 0;
	case DOBJ_ACT_NORMALIZE:
		if (agg_normalize(&t->snap[i], n, errbuf, errlen) != 0)
			return -1;
		t->normal[i] = t->snap[i].normal;
		return 0;
	case DOBJ_ACT_DENORMALIZE:
		t->normal[i] = 1;
		t->snap[i].normal = 1;
		return 0;
	default:
		return util_seterr(errbuf, errlen, "not an aggregation action");
	}
}

int trace_aggs_exit(struct trace_aggs *t, struct agg_data ***snaps, char *errbuf, size_t errlen)
{
	size_t n = t->o->naggs;
	struct agg_data **v = xcalloc(n ? n : 1, sizeof *v);
	int rc = 0;
	trace_aggs_next_record(t);   /* a fresh read */
	for (size_t i = 0; i < n && rc == 0; i++) {
		rc = trace_aggs_snapshot(t, i, errbuf, errlen);
		v[i] = &t->snap[i];
	}
	if (rc != 0) {
		free(v);
		*snaps = NULL;
		return rc;
	}
	*snaps = v;
	return 0;
}
