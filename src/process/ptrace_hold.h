/* ptrace_hold.h — holding processes usdtrace did not start (-p targets, pids named in probe
 * descriptions) at dlopen() and exec while the tracer enables the probes they bring.
 *
 * The -c child is held with SIGSTOP (uprobe_run.h); a process that is not ours cannot be: its
 * parent (a job-control shell) would see the stop. Instead a thread of its own, the holder,
 * PTRACE_SEIZEs every thread of each process (without stopping it; threads it creates later
 * follow through PTRACE_O_TRACECLONE, an exec through PTRACE_O_TRACEEXEC; processes it forks
 * are not seized). the uprobe engine's watcher, for a thread so traced, writes a DOBJ_RESCAN_PTRACE
 * record and sends the thread SIGURG (or SIGWINCH: one it neither blocks nor handles). The
 * thread stops at that signal's delivery; the holder waits until the consumer has enabled the
 * record's probes (ptrace_hold_released) and resumes it with the signal suppressed.
 *
 * Everything else is passed through as if nothing traced the process: other signals are
 * delivered as they came (SIGURG/SIGWINCH too when no record of the thread explains them: a
 * drain of the buffer, asked for with ptrace_hold_drain_wanted and answered with
 * ptrace_hold_drained, shows there is none); group stops (kill -STOP) are kept with
 * PTRACE_LISTEN until SIGCONT; exits are reaped at once, so the real parent is told at once.
 *
 * Contract: ptrace_hold_start seizes the processes and returns once they are seized (NULL when
 * none could be: nothing to hold; each one that could not be, EPERM from another tracer or the
 * Yama policy, gets one warning and stays unheld, its new probes enabled a moment late as
 * before). It must be called with SIGCHLD handled by a handler without SA_RESTART (the holder
 * wakes the consumer, and the consumer the holder, with it). ptrace_hold_stop ends the holder
 * thread, which detaches every thread it traced (the kernel's exit_ptrace: a thread in a
 * group stop stays stopped; a signal it was stopped at is delivered: harmless for ours, which
 * the watcher only sends when its action is to do nothing), and frees. If usdtrace dies,
 * SIGKILL included, the kernel detaches the same way. */
#ifndef USDTRACE_PTRACE_HOLD_H
#define USDTRACE_PTRACE_HOLD_H
#include <stdint.h>
#include <sys/types.h>

struct ptrace_hold;

struct ptrace_hold *ptrace_hold_start(const pid_t *pids, int npids);
/* The consumer has enabled the probes of a DOBJ_RESCAN_PTRACE record from thread tid. */
void ptrace_hold_released(struct ptrace_hold *h, pid_t tid);
/* Nonzero when the holder waits for a drain of the ring buffer: drain it all, then pass the
 * value to ptrace_hold_drained. */
uint64_t ptrace_hold_drain_wanted(struct ptrace_hold *h);
void ptrace_hold_drained(struct ptrace_hold *h, uint64_t ticket);
void ptrace_hold_stop(struct ptrace_hold *h);
#endif
