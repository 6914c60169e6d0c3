/* companion.c — which companions of formula providers a program needs, added as clauses
 * (companion.h). A formula such as lockstat's adaptive-block reads, at lock:contention_end,
 * the time its companion kept at lock:contention_begin (self->_lockstat_ts[lock]); the
 * companion is compiled into the program only when a clause enables such a formula probe,
 * so a program on io:::start carries nothing of it. A companion on the probe a used formula
 * stands on (lockstat's on contention_end) is a clause of that formula probe, compiled into
 * its program without the formula's guard: no program of its own. The probes are asked for their args[]
 * expressions and guards through the provider interface (the args hook), never by provider. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companion.h"
#include "derr.h"
#include "dop.h"
#include "probedesc.h"
#include "provider.h"
#include "util.h"

struct names {
	char **v;
	size_t n;
};

static bool names_has(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return true;
	return false;
}

static void names_add(struct names *s, const char *name)
{
	if (!name || names_has(s, name))
		return;
	s->v = xrealloc(s->v, sizeof(*s->v) * (s->n + 1));
	s->v[s->n++] = xstrdup(name);
}

static void names_free(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
}

/* The self-> variables tree n (and its list) reads or writes: `self->x`, `self->x[k]`. */
static void self_used(const struct dnode *n, struct names *out)
{
	for (; n; n = n->next) {
		if (n->kind == DN_SELF)
			names_add(out, n->name);
		self_used(n->lhs, out);
		self_used(n->rhs, out);
		self_used(n->cond, out);
		self_used(n->body, out);
		self_used(n->args, out);
	}
}

/* The self-> variables tree n assigns (`self->x = ...`, `self->x[k] op= ...`, `++`/`--`). */
static void self_assigned(const struct dnode *n, struct names *out)
{
	for (; n; n = n->next) {
		const struct dnode *target = NULL;
		if (n->kind == DN_ASSIGN)
			target = n->lhs;
		else if (n->kind == DN_UNARY && dop_is_incdec(n->op))
			target = n->lhs;
		if (target && target->kind == DN_INDEX)
			target = target->lhs;
		if (target && target->kind == DN_SELF)
			names_add(out, target->name);
		self_assigned(n->lhs, out);
		self_assigned(n->rhs, out);
		self_assigned(n->cond, out);
		self_assigned(n->body, out);
		self_assigned(n->args, out);
	}
}

/* The alternative of formula probe pr whose args[] expressions (or value test) a are. */
static const struct dformula_alt *chosen_alt(const struct dprobe *pr, const struct prov_args *a)
{
	for (int k = 0; k < pr->nalts; k++) {
		const struct dformula_alt *alt = &pr->alts[k];
		if ((a->expr && alt->nexprs > 0 && a->expr[0] == alt->exprs[0]) ||
		    (a->nguards > 0 && alt->cond && a->guards[0] == alt->cond))
			return alt;
	}
	return NULL;
}

/* What the clauses enable of provider pv's formula probes: the self-> variables their
 * alternatives read, into *read; and per companion k of pv, in on[k], the name of one of them
 * whose alternative stands on the companion's own description (NULL: none), so that the
 * companion runs in that probe's program rather than in one of its own. */
static void formulas_read(const struct dprovider *pv, struct pcat *cat, struct dtype_ctx *ctx,
			  int nclauses, struct names *read, char **on)
{
	bool *seen = xcalloc(cat->builtin.n + 1, sizeof(*seen));
	for (int c = 0; c < nclauses; c++) {
		for (size_t k = 0; k < cat->nclause_idx[c]; k++) {
			int i = cat->clause_idx[c][k];
			const struct dobj_probe *p = &cat->builtin.probes[i];
			if (seen[i] || strcmp(p->provider, pv->name) != 0 || !p->prov->args)
				continue;
			seen[i] = true;
			struct prov_args a = { 0 };
			if (p->prov->args(cat, p, ctx, false, &a) == 0) {
				for (int e = 0; a.expr && e < a.nargs; e++)
					self_used(a.expr[e], read);
				for (int g = 0; g < a.nguards; g++)
					self_used(a.guards[g], read);
				const struct dprobe *pr = NULL;
				for (int j = 0; j < pv->nprobes && !pr; j++) {
					char *dn = probedesc_display_name(pv->probes[j].name);
					if (strcmp(dn, p->name) == 0)
						pr = &pv->probes[j];
					free(dn);
				}
				const struct dformula_alt *alt = pr ? chosen_alt(pr, &a) : NULL;
				for (int m = 0; alt && m < pv->ncompanions; m++)
					if (!on[m] && strcmp(pv->companions[m].desc, alt->desc) == 0)
						on[m] = xasprintf("%s:%s:%s:%s", p->provider, p->module,
								  p->function, p->name);
			}
			prov_args_free(&a);
		}
	}
	free(seen);
}

/* A clause of g made from companion cp: its description (or `on`, a formula probe on the same
 * probe, in whose program it then runs), predicate and actions (copies). */
static struct dnode *companion_clause(struct dprog *g, const struct dcompanion *cp,
				      const struct dprovider *pv, const char *on, char *err,
				      size_t errlen)
{
	struct probedesc d;
	struct derr e;
	if (probedesc_parse(on ? on : cp->desc, 'n', &d, &e) != 0) {
		char text[DERR_TEXT_MAX];
		snprintf(err, errlen, "%s:%d: companion of provider %s: %s",
			 cp->pos.file ? cp->pos.file : "<library>", cp->pos.line, pv->name,
			 derr_format(&e, false, text, sizeof(text)));
		return NULL;
	}
	struct dnode *c = dnode_new(&g->pool, DN_CLAUSE, cp->pos);
	struct dnode *pd = dnode_new(&g->pool, DN_PDESC, cp->pos);
	pd->spec = DPD_NAME;
	pd->pd[0] = d.prov;
	pd->pd[1] = d.mod;
	pd->pd[2] = d.func;
	pd->pd[3] = d.name;
	pd->name = xstrdup(on ? on : cp->desc);
	c->args = pd;
	c->companion = true;
	c->cond = dnode_copy_tree(&g->pool, cp->cond);
	c->body = dnode_copy_tree(&g->pool, cp->body);
	return c;
}

int companions_add(struct dprog *g, struct pcat *cat, int nclauses, char *err, size_t errlen)
{
	int added = 0;
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		if (pv->ncompanions == 0)
			continue;
		struct names read = { 0 };
		char **on = xcalloc((size_t)pv->ncompanions, sizeof(*on));
		formulas_read(pv, cat, g->types, nclauses, &read, on);
		for (int k = 0; k < pv->ncompanions && read.n; k++) {
			struct names kept = { 0 };
			self_assigned(pv->companions[k].body, &kept);
			bool needed = false;
			for (size_t j = 0; j < kept.n && !needed; j++)
				needed = names_has(&read, kept.v[j]);
			names_free(&kept);
			if (!needed)
				continue;
			struct dnode *c = companion_clause(g, &pv->companions[k], pv, on[k], err,
							   errlen);
			if (!c) {
				for (int m = 0; m < pv->ncompanions; m++)
					free(on[m]);
				free(on);
				names_free(&read);
				return -1;
			}
			if (g->items_last)
				g->items_last->next = c;
			else
				g->items = c;
			g->items_last = c;
			added++;
		}
		for (int m = 0; m < pv->ncompanions; m++)
			free(on[m]);
		free(on);
		names_free(&read);
	}
	return added;
}
