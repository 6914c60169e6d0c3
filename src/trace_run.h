/* trace_run.h — running a compiled D program: everything after a struct dobj exists.
 *
 * trace_run creates the dobj's maps (writing each array map's init value, with the run-time
 * state — walltime offset, tracer pid, target pid — filled into the state map's struct
 * dobj_state), patches map fds into copies of the programs, loads them, attaches them
 * (BEGIN/END/ERROR: uprobes on trace_probe_begin/end/error below, in this process; tick-N:
 * a cpu-clock event on one CPU; profile-N: on every CPU), fires BEGIN, resumes the -c child,
 * and consumes the ring buffer until an exit() record, SIGINT/SIGTERM, or the exit of every
 * target process. It then stops every probe but END and ERROR, fires END, drains the buffer,
 * detaches and reports drops. Output is dtrace's, byte for byte: heading, record prefixes,
 * trace()/printf()/tracemem() data, the blank line after an interrupt and at the end; fault
 * and drop messages on stderr.
 *
 * Contract: returns the process exit status: exit()'s value, 0 after a signal or the targets'
 * exit, 1 when something could not be set up (the message printed with util_progname; nothing
 * stays attached). The dobj is not modified (programs are patched in copies), except that
 * map/prog fds are recorded in it while the run lasts and reset to -1 afterwards. */
#ifndef USDTRACE_TRACE_RUN_H
#define USDTRACE_TRACE_RUN_H
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "childproc.h"
#include "dobj.h"
#include "dopt.h"
#include "usdt_prov.h"

struct trace_run_opts {
	const struct dopts *dopts;  /* quiet, flowindent, rawbytes, switchrate, stackindent, verbose */
	FILE *out;                  /* traced data (stdout, or the -o file) */
	struct childproc *child;    /* -c: held at its entry point; resumed after BEGIN; or NULL */
	const pid_t *pids;          /* -p targets (watched for exit) */
	int npids;
	int target_pid;             /* $target: the -c child or the first -p pid; 0 if none */
	const struct uprov *usdt;   /* the USDT probes to enable, or NULL */
	const int *usdt_prog_probe; /* per USDT probe: index in dobj->probes of its class */
};

int trace_run(struct dobj *o, const struct trace_run_opts *ro);

/* The functions BEGIN, END and ERROR are uprobes on. Real calls (never inlined or elided), so
 * calling one fires the probe in this process. ERROR's arguments are dtrace's:
 * (0, epid, action number, DIF offset or -1, fault kind, address). */
void trace_probe_begin(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5);
void trace_probe_end(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5);
void trace_probe_error(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5);
#endif
