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
	for (size_t i = 0; i < o->naggs; i++) {
		agg_data_init(&t->snap[i], o->aggs[i].desc);
		t->normal[i] = 1;
	}
}

void trace_aggs_free(struct trace_aggs *t)
{
	if (!t->o)
		return;
	for (size_t i = 0; i < t->o->naggs; i++)
		agg_data_free(&t->snap[i]);
	free(t->snap);
	free(t->normal);
	free(t->printed);
	memset(t, 0, sizeof *t);
}

static int map_fd(const struct trace_aggs *t, size_t i)
{
	return t->o->maps[t->o->aggs[i].map].fd;
}

int trace_aggs_snapshot(struct trace_aggs *t, size_t i, char *errbuf, size_t errlen)
{
	const struct agg_desc *d = t->o->aggs[i].desc;
	struct agg_data *a = &t->snap[i];
	int fd = map_fd(t, i);
	unsigned char *key = xcalloc(1, d->keysize), *next = xcalloc(1, d->keysize);
	int64_t *vals = xcalloc(t->ncpus * d->nwords, 8);
	int rc = 0;

	agg_data_free(a);
	agg_data_init(a, d);
	a->normal = t->normal[i];
	a->printed = t->printed[i];
	const void *prev = NULL;
	while (bpf_map_get_next_key(fd, prev, next) == 0) {
		memcpy(key, next, d->keysize);
		prev = key;
		if (bpf_map_lookup_elem(fd, key, vals) != 0) {
			if (errno == ENOENT)
				continue;   /* deleted meanwhile (trunc elsewhere): nothing to add */
			rc = util_seterr(errbuf, errlen, "cannot read aggregation @%s: %s", d->name,
					 strerror(errno));
			break;
		}
		agg_data_add(a, key, vals, t->ncpus);
	}
	free(key);
	free(next);
	free(vals);
	return rc;
}

/* trunc: drop from the map the keys the snapshot's agg_trunc dropped. */
static void do_trunc(struct trace_aggs *t, size_t i, int64_t n)
{
	struct agg_data *a = &t->snap[i];
	size_t ks = a->desc->keysize, nk = a->n;
	unsigned char *keys = xcalloc(nk ? nk : 1, ks);
	for (size_t k = 0; k < nk; k++)
		memcpy(keys + k * ks, a->ent[k].key, ks);
	agg_trunc(a, n);
	for (size_t k = 0; k < nk; k++)
		if (!agg_data_find(a, keys + k * ks))
			bpf_map_delete_elem(map_fd(t, i), keys + k * ks);
	free(keys);
}

static void do_clear(struct trace_aggs *t, size_t i)
{
	struct agg_data *a = &t->snap[i];
	int64_t *zeros = xcalloc(t->ncpus * a->desc->nwords, 8);
	for (size_t k = 0; k < a->n; k++)
		bpf_map_update_elem(map_fd(t, i), a->ent[k].key, zeros, BPF_EXIST);
	free(zeros);
	agg_clear(a);
}

int trace_aggs_action(struct trace_aggs *t, const struct dobj_action *act, bool has_n, int64_t n,
		      const struct dopts *o, const struct dfmt_ctx *ctx, struct strbuf *out,
		      char *errbuf, size_t errlen)
{
	for (size_t k = 0; k < act->naggs; k++)
		if (act->aggs[k] < 0 || (size_t)act->aggs[k] >= t->o->naggs)
			return util_seterr(errbuf, errlen, "action names unknown aggregation %d",
					   act->aggs[k]);
	size_t i = act->naggs ? (size_t)act->aggs[0] : 0;
	switch (act->kind) {
	case DOBJ_ACT_PRINTA: {
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
		if (rc == 0)
			rc = act->fmt ? agg_printa_fmt(act->fmt, v, act->naggs, o, ctx, out, errbuf,
						       errlen)
				      : agg_printa_default(v, act->naggs, o, out, errbuf, errlen);
		for (size_t k = 0; k < act->naggs; k++)
			t->printed[act->aggs[k]] = true;
		free(v);
		return rc;
	}
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

int trace_aggs_print_exit(struct trace_aggs *t, const struct dopts *o, struct strbuf *out,
			  char *errbuf, size_t errlen)
{
	size_t n = t->o->naggs;
	struct agg_data **v = xcalloc(n ? n : 1, sizeof *v);
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		rc = trace_aggs_snapshot(t, i, errbuf, errlen);
		v[i] = &t->snap[i];
	}
	if (rc == 0)
		agg_print_exit(v, n, o, out);
	free(v);
	return rc;
}
