/* usdt_run.h — enabling USDT probes for a run: the specs and names the programs read, the
 * uprobe_multi links, and the run-time epids of USDT records (dobj.h, "USDT programs").
 *
 * Contract: usdt_run_size_maps sets the sizes of the dobj's USDT maps before they are created.
 * usdt_run_attach, with maps created and programs loaded, gives every USDT probe its epids
 * (after the dobj's own) and its names, writes one spec per site (the cookie is the spec's
 * index), and attaches each program's sites with one link per (file, process), semaphores
 * counted through ref_ctr_offset; links go into `set`, whose owner detaches them. It returns
 * 0, or -1 with a message printed (nothing of this call stays attached only if the caller
 * detaches `set`). usdt_run_lookup maps a run-time epid to its template ecb and its probe. */
#ifndef USDTRACE_USDT_RUN_H
#define USDTRACE_USDT_RUN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "attach.h"
#include "dobj.h"
#include "usdt_prov.h"

struct usdt_run_epid {
	uint32_t tmpl;             /* index in dobj->ecbs of the template */
	uint32_t probe;            /* index in usdt_run.probes */
};

struct usdt_run {
	struct dobj_probe *probes; /* per USDT probe, as records and messages name it */
	size_t nprobes;
	uint32_t first_epid;       /* epids first_epid .. are USDT probes' */
	struct usdt_run_epid *epids;
	size_t nepids;
	size_t nsites;             /* sites attached */
};

void usdt_run_size_maps(struct dobj *o, const struct uprov *up);
int usdt_run_attach(struct usdt_run *ur, struct dobj *o, const struct uprov *up,
		    const int *prog_probe, struct attach_set *set);
bool usdt_run_lookup(const struct usdt_run *ur, const struct dobj *o, uint32_t epid,
		     const struct dobj_ecb **e, const struct dobj_probe **p);
void usdt_run_free(struct usdt_run *ur);
#endif
