/* usdt_run.h — enabling USDT probes for a run: the specs and names the programs read, the
 * uprobe_multi links, the run-time epids of USDT records (dobj.h, "USDT programs"), and probes
 * that appear while tracing runs.
 *
 * Contract: usdt_run_size_maps sets the sizes of the dobj's USDT maps before they are created.
 * usdt_run_attach, with maps created and programs loaded, gives every USDT probe its epids
 * (after the dobj's own) and its names, writes one spec per site (the cookie is the spec's
 * index), and attaches the sites with one link per (program, file, process), semaphores
 * counted through ref_ctr_offset; links go into `set`, whose owner detaches them. It returns
 * 0, or -1 with a message printed.
 *
 * New probes: usdt_run_watch attaches a small program to the dynamic linker's
 * _dl_debug_state (its r_brk, called when it has finished mapping objects: at every dynamic
 * program's start and at every dlopen()) that sends a DOBJ_REC_RESCAN record for the
 * process, holding it until the consumer has read the record in one of two ways (the record's
 * `stopped`): stop_pid (the -c child, or 0) and its descendants (the programs it forks and
 * execs: up to 8 generations) are stopped with SIGSTOP before the record goes (the consumer
 * sends SIGCONT; only a parent waiting with WUNTRACED, a job-control shell, sees the stop); a
 * thread traced by a thread of process `tracer` (0: none; ptrace_hold.h seized it) gets,
 * after its record, SIGURG or SIGWINCH, whichever it neither blocks nor handles (neither: not
 * held), which ptrace_hold suppresses once the consumer has called ptrace_hold_released for
 * the record. can_hold is set when the watcher does the latter. usdt_run_rescan, called
 * by the consumer for such a record, enables the probes the descriptions match in the new
 * objects; each joins the program of the probes enabled by the same clauses, or, for a
 * combination no program runs, the programs of each of its clauses.
 * usdt_run_lookup maps a run-time epid to its template ecb and its probe. */
#ifndef USDTRACE_USDT_RUN_H
#define USDTRACE_USDT_RUN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "attach.h"
#include "dobj.h"
#include "usdt_prov.h"

/* A program serving USDT probes: the clauses it runs (ascending) and its entry in
 * dobj->probes. A probe, now or later, uses the class whose clauses are exactly its own. */
struct usdt_class {
	int prog_probe;
	int *clauses;
	int nclauses;
};

struct usdt_run_epid {
	uint32_t tmpl;             /* index in dobj->ecbs of the template */
	uint32_t probe;            /* index in usdt_run.probes */
};

struct usdt_run {
	struct dobj *o;
	struct uprov *up;
	struct attach_set *set;
	const struct usdt_class *classes;
	int nclasses;
	int nseen;                 /* uprov probes looked at so far */
	struct dobj_probe *probes; /* per enabled USDT probe, as records and messages name it */
	size_t nprobes;
	uint32_t first_epid;       /* epids first_epid .. are USDT probes' */
	struct usdt_run_epid *epids;
	size_t nepids;
	uint32_t nsites;           /* specs written */
	uint32_t max_sites, max_probes;
	int watch_fd;              /* the watcher program, -1 */
	bool can_hold;             /* the watcher holds threads `tracer` has seized */
	bool warned_full;
	uint32_t warned_probe;     /* the last probe whose unreadable arguments were reported */
};

void usdt_run_size_maps(struct dobj *o, const struct uprov *up);
int usdt_run_attach(struct usdt_run *ur, struct dobj *o, struct uprov *up,
		    const struct usdt_class *classes, int nclasses, struct attach_set *set);
int usdt_run_watch(struct usdt_run *ur, pid_t stop_pid, pid_t tracer);
void usdt_run_rescan(struct usdt_run *ur, pid_t pid);
bool usdt_run_lookup(const struct usdt_run *ur, const struct dobj *o, uint32_t epid,
		     const struct dobj_ecb **e, const struct dobj_probe **p);
void usdt_run_free(struct usdt_run *ur);
#endif
