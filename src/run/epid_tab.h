/* epid_tab.h — the run-time table of enabled-probe ids (EPIDs) for every provider. EPIDs
 * 1..necbs are the dobj's own: ecbs[epid - 1] and its probe. A program serving many probes (a
 * uprobe class, provider.h PROV_F_SHARED) compiles template ecbs; each probe it serves gets,
 * when enabled, a run of epids of its own, one per template, so a record names its probe. The
 * consumer maps every epid back to (ecb layout, probe) here, whoever handed it out.
 *
 * Contract: epid_tab_add_probe copies the probe (strings included) and returns its index;
 * epid_tab_add gives probe `probe` the epids for templates first_tmpl .. first_tmpl + n - 1
 * and returns the first. epid_tab_lookup fails for unknown epids and for template epids (a
 * shared program never sends records under them). */
#ifndef USDTRACE_EPID_TAB_H
#define USDTRACE_EPID_TAB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dobj.h"

struct epid_tab_ent {
	uint32_t tmpl;             /* index in dobj->ecbs of the template */
	uint32_t probe;            /* index in probes */
};

struct epid_tab {
	const struct dobj *o;
	uint32_t first;            /* the first epid handed out at run time (necbs + 1) */
	struct epid_tab_ent *ents;
	size_t n, cap;
	struct dobj_probe *probes; /* owned copies, as records and messages name them */
	size_t nprobes, probes_cap;
};

void epid_tab_init(struct epid_tab *t, const struct dobj *o);
void epid_tab_free(struct epid_tab *t);
uint32_t epid_tab_add_probe(struct epid_tab *t, const struct dobj_probe *p);
uint32_t epid_tab_add(struct epid_tab *t, uint32_t probe, uint32_t first_tmpl, uint32_t n);
bool epid_tab_lookup(const struct epid_tab *t, uint32_t epid, const struct dobj_ecb **e,
		     const struct dobj_probe **p);
#endif
