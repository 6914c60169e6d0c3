/* bprobes.c — see bprobes.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bprobes.h"
#include "provider.h"
#include "util.h"

struct dobj_probe *bprobes_add(struct bprobes *c, const struct provider *pv, const char *mod,
				const char *func, const char *name, enum dobj_probe_kind kind)
{
	xgrow(&c->probes, sizeof(*c->probes), &c->cap, c->n + 1);
	struct dobj_probe *p = &c->probes[c->n];
	memset(p, 0, sizeof(*p));
	p->id = (uint32_t)c->n + 1;
	p->provider = xstrdup(pv->name);
	p->module = xstrdup(mod);
	p->function = xstrdup(func);
	p->name = xstrdup(name);
	p->kind = kind;
	p->prov = pv;
	c->n++;
	return p;
}

void *bprobes_data(struct bprobes *c, struct dobj_probe *p, size_t size)
{
	xgrow(&c->owned, sizeof(*c->owned), &c->owned_cap, c->nowned + 1);
	void *d = xcalloc(1, size ? size : 1);
	c->owned[c->nowned++] = d;
	p->data = d;
	return d;
}

void bprobes_init(struct bprobes *c)
{
	memset(c, 0, sizeof(*c));
}

void bprobes_free(struct bprobes *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->probes[i].provider);
		free(c->probes[i].module);
		free(c->probes[i].function);
		free(c->probes[i].name);
	}
	free(c->probes);
	for (size_t i = 0; i < c->nowned; i++)
		free(c->owned[i]);
	free(c->owned);
	free(c->kbtf_added);
	memset(c, 0, sizeof(*c));
}

static void push(int **idx, size_t *nidx, size_t *cap, int i)
{
	xgrow(idx, sizeof(**idx), cap, *nidx + 1);
	(*idx)[(*nidx)++] = i;
}

int bprobes_match(struct bprobes *c, const struct provider *only, const struct probedesc *d,
		  uint32_t id, int **idx, size_t *nidx)
{
	int matched = 0;
	size_t cap = *nidx;
	if (id != 0) {
		if (id <= c->n && (!only || c->probes[id - 1].prov == only)) {
			push(idx, nidx, &cap, (int)id - 1);
			matched = 1;
		}
		return matched;
	}
	for (size_t i = 0; i < c->n; i++) {
		const struct dobj_probe *p = &c->probes[i];
		if (only && p->prov != only)
			continue;
		if (probedesc_match(d, p->provider, 0, p->module, p->function, p->name)) {
			push(idx, nidx, &cap, (int)i);
			matched++;
		}
	}
	return matched;
}
