/* pcat.c — the probe catalog; see pcat.h. */
#include "pcat.h"

#include <stdlib.h>
#include <string.h>

#include "ktp.h"
#include "usdt_spec.h"
#include "util.h"

static const struct provider *const providers[] = {
	&prov_dtrace, &prov_profile, &prov_syscall, &prov_proc, &prov_sched, &prov_usdt, &prov_pid,
	&prov_fbt, &prov_rawtp, &prov_sdt,
};

void pcat_init(struct pcat *c, int nclauses)
{
	memset(c, 0, sizeof(*c));
	bprobes_init(&c->builtin);
	ktp_add_probes(&c->builtin);
	uprov_init(&c->up, 0);
	c->nclauses = nclauses;
	c->clause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->clause_idx));
	c->nclause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->nclause_idx));
	c->udesc = xcalloc((size_t)nclauses + 1, sizeof(*c->udesc));
	c->uprov_of = xcalloc((size_t)nclauses + 1, sizeof(*c->uprov_of));
}

void pcat_list_provide(struct pcat *c, const struct probedesc *d)
{
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if (providers[i]->list_provide)
			providers[i]->list_provide(c, d);
}

void pcat_free(struct pcat *c)
{
	for (int i = 0; i < c->nclauses; i++)
		free(c->clause_idx[i]);
	free(c->clause_idx);
	free(c->nclause_idx);
	free(c->udesc);
	free(c->uprov_of);
	bprobes_free(&c->builtin);
	uprov_free(&c->up);
	memset(c, 0, sizeof(*c));
}

int pcat_match(struct pcat *c, const struct probedesc *d, uint32_t id, int clause)
{
	int n = 0;
	c->err[0] = '\0';
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++) {
		int k = providers[i]->match(c, d, id, clause, n);
		if (k < 0)
			return -1;
		n += k;
	}
	return n;
}

void pcat_number(struct pcat *c)
{
	uprov_number(&c->up, (uint32_t)c->builtin.n + 1);
}

int pcat_match_builtin(struct pcat *c, const struct provider *p, const struct probedesc *d,
		       uint32_t id, int clause)
{
	int *none = NULL;
	size_t nnone = 0;
	bool listing = clause < 0 || clause >= c->nclauses;
	int n = bprobes_match(&c->builtin, p, d, id, listing ? &none : &c->clause_idx[clause],
			      listing ? &nnone : &c->nclause_idx[clause]);
	free(none);
	return n;
}

void pcat_note_udesc(struct pcat *c, const struct provider *p, const struct probedesc *d,
		     int clause)
{
	if (clause < 0 || clause >= c->nclauses || c->udesc[clause].prov)
		return;
	c->udesc[clause] = *d;
	c->uprov_of[clause] = p;
}

/* Add the class running exactly clauses[0..n) (ascending), named after (prov, mod, func,
 * name), unless it exists. */
static void add_class(struct pcat_enabled *e, const struct provider *pv, const int *clauses,
		      int n, const char *prov, const char *mod, const char *func, const char *name,
		      uint32_t id)
{
	for (int c = 0; c < e->nclasses; c++) {
		const struct usdt_class *k = &e->classes[c];
		if (k->nclauses == n && memcmp(k->clauses, clauses, sizeof(int) * (size_t)n) == 0)
			return;
	}
	int idx = (int)e->n;
	e->probes = xrealloc(e->probes, sizeof(*e->probes) * (e->n + 1));
	e->probes[e->n++] = (struct dobj_probe){
		.id = id, .provider = (char *)prov, .module = (char *)mod, .function = (char *)func,
		.name = (char *)name, .prov = pv, .kind = DOBJ_PROBE_UCLASS,
	};
	for (int k = 0; k < n; k++) {
		int c = clauses[k];
		e->clause[c] = xrealloc(e->clause[c], sizeof(int) * (e->nclause[c] + 1));
		e->clause[c][e->nclause[c]++] = idx;
	}
	e->classes = xrealloc(e->classes, sizeof(*e->classes) * (size_t)(e->nclasses + 1));
	struct usdt_class *k = &e->classes[e->nclasses++];
	k->prog_probe = idx;
	k->nclauses = n;
	k->clauses = xmalloc(sizeof(int) * (size_t)(n ? n : 1));
	memcpy(k->clauses, clauses, sizeof(int) * (size_t)n);
}

static void add_uprobe_classes(const struct pcat *c, struct pcat_enabled *e)
{
	for (int i = 0; i < c->up.nprobes; i++) {
		const struct uprov_probe *p = &c->up.probes[i];
		add_class(e, p->prov, p->clauses, p->nclauses, p->provider,
			  c->up.files[p->file].module, p->function, p->name, p->id);
	}
	for (int k = 0; k < c->nclauses; k++) {
		const struct probedesc *d = &c->udesc[k];
		if (d->prov)
			add_class(e, c->uprov_of[k], &k, 1, d->prov, d->mod, d->func, d->name, 0);
	}
	/* where each class's sites known now have their arguments: its program's fast path */
	e->layouts = xcalloc(e->n + 1, sizeof(*e->layouts));
	e->layout = xcalloc((size_t)e->nclasses + 1, sizeof(*e->layout));
	for (int k = 0; k < e->nclasses; k++) {
		usdt_spec_class_layout(&c->up, e->classes[k].clauses, e->classes[k].nclauses,
				       e->layout[k]);
		e->layouts[e->classes[k].prog_probe] = e->layout[k];
	}
}

void pcat_enabled(const struct pcat *c, struct pcat_enabled *e)
{
	const struct bprobes *cat = &c->builtin;
	memset(e, 0, sizeof(*e));
	int *map = xcalloc(cat->n + 1, sizeof(int));
	for (size_t i = 0; i < cat->n; i++)
		map[i] = -1;
	e->probes = xcalloc(cat->n + 1, sizeof(*e->probes));
	e->nclauses = c->nclauses;
	e->clause = xcalloc((size_t)c->nclauses + 1, sizeof(*e->clause));
	e->nclause = xcalloc((size_t)c->nclauses + 1, sizeof(*e->nclause));
	for (int k = 0; k < c->nclauses; k++) {
		e->clause[k] = xcalloc(c->nclause_idx[k] + 1, sizeof(int));
		e->nclause[k] = c->nclause_idx[k];
		for (size_t j = 0; j < c->nclause_idx[k]; j++) {
			int ci = c->clause_idx[k][j];
			if (map[ci] < 0) {
				map[ci] = (int)e->n;
				e->probes[e->n++] = cat->probes[ci];
			}
			e->clause[k][j] = map[ci];
		}
	}
	free(map);
	add_uprobe_classes(c, e);
}

void pcat_enabled_free(struct pcat_enabled *e)
{
	for (int k = 0; k < e->nclauses; k++)
		free(e->clause[k]);
	free(e->clause);
	free(e->nclause);
	free(e->probes);
	for (int k = 0; k < e->nclasses; k++)
		free(e->classes[k].clauses);
	free(e->classes);
	free(e->layouts);
	free(e->layout);
	memset(e, 0, sizeof(*e));
}
