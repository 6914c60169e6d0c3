/* cgcompile.h — for the code generator's tests (tests/unit/test_cg.c, tests/tools/cgload.c):
 * a D program text, through the same stages the tracer uses (parse, macro expansion, the type
 * checker, the builtin probe catalog of bprobes.h with the dtrace and profile providers' standing
 * probes, cg_compile), to a struct dobj.
 *
 * Contract: cgc_test_compile returns 0 with *out holding everything (free with
 * cgc_test_free), or -1 with the first stage's error in *err (derr.h). Each -n style clause text
 * or whole script is parsed as a script (dparse_script). */
#ifndef CGCOMPILE_H
#define CGCOMPILE_H
#include <stdlib.h>
#include <string.h>

#include "bprobes.h"
#include "cg.h"
#include "dcheck.h"
#include "dmacro.h"
#include "dopt.h"
#include "dparse.h"
#include "provider.h"

struct cgc_test {
	struct dprog *g;
	struct dck_prog *ck;
	struct dobj *o;
	struct bprobes cat;
	int **clause;
	size_t *nclause;
	int nclauses;
	struct dobj_probe *probes;
};

static const struct dck_probe_args *cgc_test_no_args(void *arg, int clause)
{
	static const struct dck_probe_args none = { 0 };
	(void)arg;
	(void)clause;
	return &none;
}

static void cgc_test_free(struct cgc_test *t)
{
	if (t->o)
		dobj_free(t->o);
	if (t->ck)
		dck_prog_free(t->ck);
	if (t->g)
		dprog_free(t->g);
	for (int i = 0; i < t->nclauses; i++)
		free(t->clause[i]);
	free(t->clause);
	free(t->nclause);
	free(t->probes);
	bprobes_free(&t->cat);
	memset(t, 0, sizeof *t);
}

static int cgc_test_compile(const char *text, const struct dopts *opts, struct cgc_test *t,
			    struct derr *err)
{
	struct dmacro_env env;
	char *argv[] = { (char *)"cgload", NULL };

	memset(t, 0, sizeof *t);
	bprobes_init(&t->cat);
	prov_dtrace.populate(&t->cat);
	prov_profile.populate(&t->cat);
	t->g = dprog_new();
	if (dparse_script(t->g, "prog.d", text, strlen(text), err) != 0)
		return -1;
	dmacro_env_init(&env, 1, argv);
	if (dmacro_expand(t->g, &env, err) != 0)
		return -1;
	struct dck_options ckopt = { opts->destructive, (int)opts->strsize, cgc_test_no_args, NULL, NULL,
				     false, NULL, opts->version, NULL, false };
	if (dcheck_program(t->g, &ckopt, &t->ck, err) != 0)
		return -1;
	for (const struct dnode *it = t->g->items; it; it = it->next)
		t->nclauses += it->kind == DN_CLAUSE;
	t->clause = calloc((size_t)t->nclauses + 1, sizeof *t->clause);
	t->nclause = calloc((size_t)t->nclauses + 1, sizeof *t->nclause);
	int c = 0;
	for (const struct dnode *it = t->g->items; it; it = it->next) {
		if (it->kind != DN_CLAUSE)
			continue;
		for (const struct dnode *pd = it->args; pd; pd = pd->next) {
			struct probedesc d = { pd->pd[0], pd->pd[1], pd->pd[2], pd->pd[3] };
			if (bprobes_match(&t->cat, NULL, &d, 0, &t->clause[c], &t->nclause[c]) <= 0) {
				return derr_set(err, DTAG_NONE, "%s does not match any probes", pd->name);
			}
		}
		c++;
	}
	/* Probes in catalog order: the compiled programs follow that order. */
	size_t np = 0;
	int *map = calloc(t->cat.n + 1, sizeof *map);
	t->probes = calloc(t->cat.n + 1, sizeof *t->probes);
	for (size_t p = 0; p < t->cat.n; p++) {
		map[p] = -1;
		for (int k = 0; k < t->nclauses && map[p] < 0; k++)
			for (size_t j = 0; j < t->nclause[k]; j++)
				if ((size_t)t->clause[k][j] == p) {
					map[p] = (int)np;
					t->probes[np++] = t->cat.probes[p];
					break;
				}
	}
	for (int k = 0; k < t->nclauses; k++)
		for (size_t j = 0; j < t->nclause[k]; j++)
			t->clause[k][j] = map[t->clause[k][j]];
	free(map);
	struct cg_input in = { t->probes, np, t->clause, t->nclause, NULL, opts, 0, false, NULL };
	return cg_compile(t->ck, &in, &t->o, err);
}
#endif
