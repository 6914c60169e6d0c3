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
 * A record the ring buffer has no room for (a burst of process starts while the daemon is
 * descheduled) is lost; the programs then count it in a one-entry array map instead, which
 * dmn_events_dropped reads: a count that moved means the daemon missed events and must
 * reconcile with /proc (dmn_registry_reconcile).
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

/* ring_bytes: the ring buffer's size, a power of two and a multiple of the page size
 * (DMN_EVENTS_RING_DEFAULT; tests make it small to overflow it). */
#define DMN_EVENTS_RING_DEFAULT (256u << 10)
struct dmn_events *dmn_events_open(dmn_event_fn fn, void *ctx, uint32_t ring_bytes,
				   char *errbuf, size_t errlen);
/* A descriptor readable when events wait (for poll(2)). */
int dmn_events_fd(const struct dmn_events *e);
/* Deliver the events waiting now. Returns how many, or -1 with errno. */
int dmn_events_poll(struct dmn_events *e);
/* The number of events lost so far because the ring buffer was full (0 if unreadable). */
uint64_t dmn_events_dropped(const struct dmn_events *e);
void dmn_events_close(struct dmn_events *e);
#endif
