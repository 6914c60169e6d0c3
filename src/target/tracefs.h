/* tracefs.h — the group (subsystem) of each kernel trace event, as tracefs names them in
 * events/GROUP/NAME: "sched" for sched_process_fork. BTF knows every tracepoint but not its
 * group, which only tracefs tells.
 *
 * tracefs need not be mounted: when it is not, a child process reads it from a mount of its
 * own, in a mount namespace of its own (unshare), so nothing stays mounted and nobody else
 * sees it. Read once per run, on first use.
 *
 * Contract: tracefs_event_group returns the event's group, or NULL when no event has that name
 * (a bare tracepoint without an event, or tracefs unreadable: not root, no tracefs). */
#ifndef USDTRACE_TRACEFS_H
#define USDTRACE_TRACEFS_H

const char *tracefs_event_group(const char *event);
#endif
