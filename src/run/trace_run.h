/* trace_run.h — running a compiled D program: everything after a struct dobj exists.
 *
 * trace_run creates the dobj's maps (writing each array map's init value, with the run-time
 * state — walltime offset, tracer pid, target pid — filled into the state map's struct
 * dobj_state), patches map fds into copies of the programs, loads them, attaches them
 * (tick-N: a cpu-clock event on one CPU; profile-N: on every CPU; BEGIN, END and ERROR are not
 * attached: the tracer runs their programs itself with BPF_PROG_TEST_RUN, ERROR once per fault
 * record with dtrace's arguments), seizes the -p targets and the processes descriptions name
 * when USDT probes may appear in them (ptrace_hold.h: held at dlopen()/exec while their new
 * probes are enabled; released before END fires), fires BEGIN, resumes the -c child,
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

struct pcat;
struct pcat_enabled;

struct trace_run_opts {
	const struct dopts *dopts;  /* quiet, flowindent, rawbytes, switchrate, stackindent, verbose */
	FILE *out;                  /* traced data (stdout, or the -o file) */
	struct childproc *children; /* -c: held before BEGIN, resumed after it; the first is
				     * $target, and the holds at dlopen/exec are its own */
	int nchildren;
	const pid_t *pids;          /* -p targets (watched for exit) */
	int npids;
	int target_pid;             /* $target: the -c child or the first -p pid; 0 if none */
	/* For the providers' run-time parts (provider.h struct prov_run), which alone read them:
	 * the catalog the probes came from (its usdt and pid probes grow as processes and
	 * libraries appear) and what the program enables; or NULL. */
	struct pcat *cat;
	const struct pcat_enabled *enabled;
};

int trace_run(struct dobj *o, const struct trace_run_opts *ro);

#endif
