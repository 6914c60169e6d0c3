/* dmn_events.h — what usdtraced learns from the kernel, without polling: BPF programs of its
 * own on raw tracepoints (no tracefs needed), loaded with usdtrace's loader (bpf_sys.h), report
 * over a ring buffer:
 *   DMN_EV_EXEC  sched_process_exec: a process replaced its image (its old objects are gone)
 *   DMN_EV_EXIT  sched_process_exit with group_dead: the last thread of a process exited
 *                (kernels without that argument: the exit of the thread group leader)
 *   DMN_EV_MMAP  sys_exit of a successful mmap(2) with PROT_EXEC of a file (not
 *                MAP_ANONYMOUS): the dynamic linker mapping a library's code, so every dlopen,
 *                and a program's own loaders
 * Each record is two u32: the event and the process id (tgid) as the daemon's pid namespace
 * numbers it (bpf_get_ns_current_pid_tgid), so a daemon in a container (or a test's pid
 * namespace) reads the right /proc entries; processes outside its namespace are not reported.
 *
 * Contract: dmn_events_open loads and attaches all three or fails with a message (no BPF
 * permission, a verifier refusal); fn is called from dmn_events_poll, once per record, in order
 * of the kernel's reservation. dmn_events_close detaches everything (closing the links). */
#ifndef USDTRACE_DMN_EVENTS_H
#define USDTRACE_DMN_EVENTS_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum dmn_event { DMN_EV_EXEC = 1, DMN_EV_EXIT = 2, DMN_EV_MMAP = 3 };

struct dmn_events;
typedef void (*dmn_event_fn)(void *ctx, enum dmn_event ev, pid_t pid);

struct dmn_events *dmn_events_open(dmn_event_fn fn, void *ctx, char *errbuf, size_t errlen);
/* A descriptor readable when events wait (for poll(2)). */
int dmn_events_fd(const struct dmn_events *e);
/* Deliver the events waiting now. Returns how many, or -1 with errno. */
int dmn_events_poll(struct dmn_events *e);
void dmn_events_close(struct dmn_events *e);
#endif
