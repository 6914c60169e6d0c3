/* pcat.c — the probe catalog; see pcat.h. */
#include "pcat.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct provider *const providers[] = {
	&prov_dtrace, &prov_profile, &prov_usdt, &prov_pid,
};

void pcat_init(struct pcat *c, int nclauses)
{
	memset(c, 0, sizeof(*c));
	bprobes_init(&c->builtin);
	uprov_init(&c->up, 0);
	c->nclauses = nclauses;
	c->clause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->clause_idx));
	c->nclause_idx = xcalloc((size_t)nclauses + 1, sizeof(*c->nclause_idx));
	c->udesc = xcalloc((size_t)nclauses + 1, sizeof(*c->udesc));
	c->uprov_of = xcalloc((size_t)nclauses + 1, sizeof(*c->uprov_of));
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
