/* epid_tab.c — run-time epids; see epid_tab.h. */
#include "epid_tab.h"

#include <stdlib.h>
#include <string.h>

#include "provider.h"
#include "util.h"

void epid_tab_init(struct epid_tab *t, const struct dobj *o)
{
	memset(t, 0, sizeof(*t));
	t->o = o;
	t->first = (uint32_t)o->necbs + 1;
}

void epid_tab_free(struct epid_tab *t)
{
	for (size_t i = 0; i < t->nprobes; i++) {
		free(t->probes[i].provider);
		free(t->probes[i].module);
		free(t->probes[i].function);
		free(t->probes[i].name);
	}
	free(t->probes);
	free(t->ents);
	memset(t, 0, sizeof(*t));
}

uint32_t epid_tab_add_probe(struct epid_tab *t, const struct dobj_probe *p)
{
	xgrow(&t->probes, sizeof(*t->probes), &t->probes_cap, t->nprobes + 1);
	struct dobj_probe *q = &t->probes[t->nprobes];
	*q = *p;
	q->provider = xstrdup(p->provider);
	q->module = xstrdup(p->module);
	q->function = xstrdup(p->function);
	q->name = xstrdup(p->name);
	return (uint32_t)t->nprobes++;
}

uint32_t epid_tab_add(struct epid_tab *t, uint32_t probe, uint32_t first_tmpl, uint32_t n)
{
	uint32_t base = t->first + (uint32_t)t->n;
	xgrow(&t->ents, sizeof(*t->ents), &t->cap, t->n + n + 1);
	for (uint32_t j = 0; j < n; j++)
		t->ents[t->n++] = (struct epid_tab_ent){ first_tmpl - 1 + j, probe };
	return base;
}

bool epid_tab_lookup(const struct epid_tab *t, uint32_t epid, const struct dobj_ecb **e,
		     const struct dobj_probe **p)
{
	const struct dobj *o = t->o;
	if (epid >= 1 && epid <= o->necbs) {
		*e = &o->ecbs[epid - 1];
		*p = &o->probes[(*e)->probe];
		/* templates never send records themselves */
		return !((*p)->prov->flags(*p) & PROV_F_SHARED);
	}
	if (epid < t->first || epid - t->first >= t->n)
		return false;
	const struct epid_tab_ent *x = &t->ents[epid - t->first];
	*e = &o->ecbs[x->tmpl];
	*p = &t->probes[x->probe];
	return true;
}
