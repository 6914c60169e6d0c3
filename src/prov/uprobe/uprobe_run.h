/* uprobe_run.h — the uprobe engine at run time, for the usdt and pid providers: the specs and
 * names the class programs read, the uprobe_multi links (uretprobes for return probes), the
 * run-time epids of their records (epid_tab.h; dobj.h, "Uprobe programs"), and probes that
 * appear while tracing runs.
 *
 * Contract: uprobe_run_size_maps sets the sizes of the dobj's USDT maps before they are created.
 * uprobe_run_attach, with maps created and programs loaded, gives every USDT probe its epids
 * (after the dobj's own) and its names, writes one spec per site (the cookie is the spec's
 * index), and attaches the sites with one link per (program, file, process), semaphores
 * counted through ref_ctr_offset; links go into `set`, whose owner detaches them. It returns
 * 0, or -1 with a message printed.
 *
 * New probes: uprobe_run_watch attaches a small program to the dynamic linker's
 * _dl_debug_state (its r_brk, called when it has finished mapping objects: at every dynamic
 * program's start and at every dlopen()) that sends a DOBJ_REC_RESCAN record for the
 * process, holding it until the consumer has read the record in one of two ways (the record's
 * `stopped`): stop_pid (the -c child, or 0) and its descendants (the programs it forks and
 * execs: up to 8 generations) are stopped with SIGSTOP before the record goes (the consumer
 * sends SIGCONT; only a parent waiting with WUNTRACED, a job-control shell, sees the stop); a
 * thread traced by a thread of process `tracer` (0: none; ptrace_hold.h seized it) gets,
 * after its record, SIGURG or SIGWINCH, whichever it neither blocks nor handles (neither: not
 * held), which ptrace_hold suppresses once the consumer has called ptrace_hold_released for
 * the record. can_hold is set when the watcher does the latter. uprobe_run_rescan, called
 * by the consumer for such a record, enables the probes the descriptions match in the new
 * objects; each joins the program of the probes enabled by the same clauses, or, for a
 * combination no program runs, the programs of each of its enablings. Before enabling them it
 * calls r->will_fire (when r and it are set) if any probe fires in pid.
 */
#ifndef USDTRACE_UPROBE_RUN_H
#define USDTRACE_UPROBE_RUN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "attach.h"
#include "provider.h"
#include "dobj.h"
#include "epid_tab.h"
#include "usdt_prov.h"

/* A program serving USDT probes: the enablings it runs (clauses and their statements, as
 * a uprov_probe lists them) and its entry in dobj->probes. A probe, now or later, uses the
 * class whose enablings are exactly its own. */
struct usdt_class {
	int prog_probe;
	int *clauses;
	int *stmts;
	int nclauses;
};

struct uprobe_engine {
	struct dobj *o;
	struct uprov *up;
	struct attach_set *set;
	const struct usdt_class *classes;
	int nclasses;
	int nseen;                 /* uprov probes looked at so far */
	struct epid_tab *epids;    /* the run's epids: each enabled probe gets its own */
	uint32_t nnames;           /* names written (one per enabled probe) */
	uint32_t nsites;           /* specs written */
	uint32_t max_sites, max_probes;
	int watch_fd;              /* the watcher program, -1 */
	bool can_hold;             /* the watcher holds threads `tracer` has seized */
	bool warned_full;
	uint32_t warned_probe;     /* the last probe whose unreadable arguments were reported */
};

void uprobe_run_size_maps(struct dobj *o, const struct uprov *up);
int uprobe_run_attach(struct uprobe_engine *ur, struct dobj *o, struct uprov *up,
		      const struct usdt_class *classes, int nclasses, struct attach_set *set,
		      struct epid_tab *epids);
int uprobe_run_watch(struct uprobe_engine *ur, pid_t stop_pid, pid_t tracer);
void uprobe_run_rescan(struct uprobe_engine *ur, pid_t pid, struct prov_run *r);
void uprobe_run_free(struct uprobe_engine *ur);
#endif
