/* dobj.c — freeing a compiled D program. The printf formats its actions point to belong to the
 * dck_prog and are left alone; map and program file descriptors are the tracer's to close. */
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "dobj.h"

void dobj_ecb_clear(struct dobj_ecb *e)
{
	for (size_t k = 0; k < e->nacts; k++) {
		free(e->acts[k].vals);
		free(e->acts[k].aggs);
		free(e->acts[k].opt);
		free(e->acts[k].optval);
	}
	free(e->acts);
	e->acts = NULL;
	e->nacts = 0;
}

void dobj_maps_none(struct dobj *o)
{
	o->ringbuf_map = o->errbuf_map = o->drops_map = o->state_map = o->spec_map = -1;
	o->usdt_specs_map = o->usdt_names_map = -1;
	o->ustack_rows_map = o->ustack_procs_map = o->ustack_want_map = o->ustack_pages_map =
		o->ustack_cache_map = -1;
}

void dobj_free(struct dobj *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->nmaps; i++) {
		free(o->maps[i].name);
		free(o->maps[i].init);
	}
	free(o->maps);
	for (size_t i = 0; i < o->nprobes; i++) {
		free(o->probes[i].provider);
		free(o->probes[i].module);
		free(o->probes[i].function);
		free(o->probes[i].name);
	}
	free(o->probes);
	for (size_t i = 0; i < o->nprogs; i++) {
		struct dobj_prog *p = &o->progs[i];
		free(p->insns);
		free(p->map_relocs);
		free(p->funcs);
		for (size_t k = 0; k < p->nnotes; k++)
			free(p->notes[k].text);
		free(p->notes);
		free(p->also);
	}
	free(o->progs);
	for (size_t i = 0; i < o->necbs; i++)
		dobj_ecb_clear(&o->ecbs[i]);
	free(o->ecbs);
	for (size_t i = 0; i < o->naggs; i++)
		agg_desc_free(o->aggs[i].desc);
	free(o->aggs);
	free(o);
}

void dobj_agg_map_key(const struct dobj *o, size_t i, const void *key, void *mkey)
{
	const struct dobj_agg *a = &o->aggs[i];
	const struct dobj_map *m = &o->maps[a->map];
	unsigned char *p = mkey;

	memset(mkey, 0, m->key_size);
	if (m->kind == BPF_SYS_MAP_PERCPU_ARRAY) {
		uint32_t k = a->index < 0 ? 0 : (uint32_t)a->index;
		memcpy(p, &k, 4);
	} else if (a->index < 0) {
		memcpy(p, key, a->desc->keysize);
	} else {
		uint64_t w = (uint64_t)a->index;
		memcpy(p, &w, 8);
		memcpy(p + 8, key, a->desc->keysize);
	}
}

const void *dobj_agg_key(const struct dobj *o, size_t i, const void *mkey)
{
	const struct dobj_agg *a = &o->aggs[i];
	uint64_t w;

	if (a->index < 0)
		return mkey;
	memcpy(&w, mkey, 8);
	return w == (uint64_t)a->index ? (const unsigned char *)mkey + 8 : NULL;
}
