/* trace_usym.h — the tracer's user symbols: one usym_db for the run, fed with the pids the
 * program's user stacks and symbols will need, and the symbolizer of decoded ustack()/uaddr()/
 * usym()/umod() records (drec.h), user-address aggregation keys and printf's %A.
 *
 * Contract.
 *  - Nothing is read unless the program uses user symbols (ustack/jstack/uaddr/usym/ufunc/
 *    umod actions or keys, printf/printa %A or %k): a program without them costs nothing.
 *  - Pids are captured (usym_capture) as early as the tracer learns of them, because
 *    processes exit before their data is printed: -c/-p targets at start; processes the
 *    USDT watcher reports (trace_usym_rescan: started, or a library loaded); the pid of each
 *    record printed; and the pids in user-address aggregation keys, read from the maps every
 *    250 ms while tracing runs (trace_usym_poll, which also looks up each new key's addresses:
 *    a miss re-reads the maps of the process, exec'd or with a library loaded since), so a
 *    process that lived a quarter of a second or more symbolizes at END even though it is
 *    gone.
 *  - Bounded by the processes that matter, not by all that came and went: every second, the
 *    capture of a process that is gone is dropped once no key of an aggregation names it
 *    and it has been gone for TRACE_USYM_GRACE_MS (records still in the ring buffer or in a
 *    speculation; dtrace itself prints a gone process's frames as bare addresses). The
 *    table of keys already looked up holds only the keys present at the last poll.
 *  - Records' stacks and symbols are symbolized through trace_usym_sym when they are decoded
 *    (drec.h); the sinks print them. %A in printf uses $target's process (dtrace needs -c/-p
 *    for %A of a plain integer). */
#ifndef USDTRACE_TRACE_USYM_H
#define USDTRACE_TRACE_USYM_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "agg.h"
#include "dfmt.h"
#include "dobj.h"
#include "drec.h"
#include "usym.h"
#include "ustack_tables.h"

struct trace_usym {
	bool used;                /* the program needs user symbols */
	struct usym_db *db;
	struct agg_usym agg;      /* hooked into every aggregation's descriptor */
	struct usym_bind target;  /* %A: $target's process */
	int64_t polled_ms;
	struct trace_usym_hset {  /* hashes of aggregation keys (open addressing, 0: empty) */
		uint64_t *v;
		size_t n, cap;
	} seen;                   /* the keys present at the last poll, their addresses looked up */
	pid_t *refs;              /* the pids in those keys (unsorted, repeated) */
	size_t nrefs, refcap;
	struct trace_usym_gone {  /* captured processes found gone, since when */
		pid_t pid;
		int64_t ms;
	} *gone;
	size_t ngone, gonecap;
	int64_t pruned_ms;
	/* the CFI walk's tables (ustack_tables.h): built for the same pids at the same moments
	 * (targets, rescans) and for the pids the walk asks for (trace_usym_poll) */
	struct ustack_tables tabs;
};

#define TRACE_USYM_GRACE_MS 10000

/* Set up for program o (stackindent and noresolve from the options; target 0: none);
 * captures the targets. */
void trace_usym_init(struct trace_usym *t, struct dobj *o, int stackindent, bool noresolve,
		     pid_t target, const pid_t *pids, int npids);
void trace_usym_free(struct trace_usym *t, struct dobj *o);
/* The USDT watcher saw pid start or load a library. */
void trace_usym_rescan(struct trace_usym *t, pid_t pid);
/* Capture the pids of new user-address aggregation keys (at most every 250 ms) and look up
 * their addresses while the processes live: an address outside what the capture maps (an
 * exec'd image, a dlopen()ed library) has the process's maps read again (usym.h), so it
 * symbolizes at END after the process is gone; build the unwind tables the stack walk asked
 * for (at most every 100 ms). */
void trace_usym_poll(struct trace_usym *t, const struct dobj *o);
/* Whether process pid has exited (t is the struct trace_usym; false for the kernel's pid, for
 * pids the tracer cannot tell about, and when the program uses no user symbols). */
bool trace_usym_gone(void *t, int64_t pid);
/* What addr is in pid (t is the struct trace_usym; false: nothing known, or the program uses
 * no user symbols): the symbolizer of decoded stacks and symbols (drec.h). */
bool trace_usym_sym(void *t, int64_t pid, uint64_t addr, struct dfmt_sym *out);
/* The symbolizers a record's decoding uses: trace_usym_sym, and printf's ($target's). */
void trace_usym_syms(struct trace_usym *t, struct drec_syms *syms);
/* The printf context: %A and %k symbolize in $target's process, %a in the kernel. */
void trace_usym_printf_ctx(struct trace_usym *t, struct dfmt_ctx *ctx);
#endif
