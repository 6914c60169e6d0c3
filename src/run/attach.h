/* attach.h — attaching loaded BPF programs to uprobes and CPU-clock perf events, and detaching.
 *
 * Contract: every attachment is recorded in a struct attach_set, which owns the perf event and
 * link file descriptors; attach_detach_all closes them all (idempotent: a second call does
 * nothing) and the set can be reused. Closing a uprobe_multi link waits for an RCU grace
 * period (tens of milliseconds here), so the set closes its links from as many threads at
 * once: concurrent waits share one grace period. Closing is also what the kernel does when the process
 * dies by any means, SIGKILL included: the uprobes go away and every USDT semaphore that was
 * counted up through ref_ctr_offset is counted down again. Functions return 0, or -1 with errno
 * set and a one-line message in errbuf; on failure nothing of that call stays attached.
 *
 * Programs: uprobes take BPF_PROG_TYPE_KPROBE programs (context: struct pt_regs); a
 * uprobe_multi link needs expected_attach_type BPF_SYS_TRACE_UPROBE_MULTI (bpf_sys.h), the
 * perf-event path is meant for programs loaded with 0. Clock events take
 * BPF_PROG_TYPE_PERF_EVENT programs.
 * Offsets are file offsets in path (usdt_site.pc_off / sem_off); pid -1 means every process. */
#ifndef USDTRACE_ATTACH_H
#define USDTRACE_ATTACH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct attach_set {
	int *fds;             /* perf events and links, in attach order */
	size_t nfds, cap;
	int *mfds;            /* uprobe_multi links: closed concurrently (below) */
	size_t nmfds, mcap;
	int nperf;            /* how many uprobe perf events were opened (fallback path included) */
	int nmulti;           /* how many uprobe_multi links were created */
	int nclock;           /* how many sampled perf events (cpu-clock, cpc) were opened */
};

struct attach_site {
	uint64_t off;         /* file offset of the probed instruction */
	uint64_t ref_ctr_off; /* file offset of the USDT semaphore, 0 for none */
	uint64_t cookie;      /* what bpf_get_attach_cookie returns in the program */
};

void attach_set_init(struct attach_set *s);

/* One uprobe (or uretprobe) as a perf event of the uprobe PMU. A non-zero cookie is attached
 * through a BPF perf link (the ioctl has no cookie). */
int attach_uprobe(struct attach_set *s, int prog_fd, const char *path, const struct attach_site *site,
		  pid_t pid, bool retprobe, char *errbuf, size_t errlen);

/* Many sites of one file with one BPF_TRACE_UPROBE_MULTI link. When the kernel does not offer
 * such links for this program (EINVAL, EOPNOTSUPP: an older kernel, or a program loaded without
 * the uprobe_multi attach type), falls back to one attach_uprobe per site. *used_multi (may be
 * NULL) tells which way it went. */
int attach_uprobe_multi(struct attach_set *s, int prog_fd, const char *path,
			const struct attach_site *sites, size_t nsites, pid_t pid, bool retprobe,
			bool *used_multi, char *errbuf, size_t errlen);

/* Whether this kernel creates uprobe_multi links (asked once, then remembered). Setting
 * USDTRACE_NO_UPROBE_MULTI (to anything but "" or "0") says no: every uprobe is then one perf
 * event, as on kernels before 6.6, so that path can be tested on a newer one. */
bool attach_uprobe_multi_supported(void);

/* Whether uprobe programs may be sleepable (BPF_F_SLEEPABLE, kernel 5.19+), attached either
 * way, so that they can fault the traced process's pages in with bpf_copy_from_user. */
bool attach_sleepable_uprobe_supported(void);

/* A sampled perf event: every `period` events of kind (type, config) counted on a CPU, in the
 * modes not excluded, the program runs (perf_event_open's attr fields of the same names).
 * name is the event as messages call it ("cpu-clock", "page-faults"). */
struct attach_sample {
	uint32_t type;
	uint64_t config;
	uint64_t period;
	bool exclude_user, exclude_kernel;
	const char *name;
};

/* Event ev sampled on every online CPU when cpu is -1, else on that CPU only, each firing
 * running the program (one perf event per CPU). 0, or -1 with the message in errbuf (every
 * event opened by the call closed again). */
int attach_sample_event(struct attach_set *s, int prog_fd, int cpu,
			const struct attach_sample *ev, char *errbuf, size_t errlen);

/* A cpu-clock perf event firing every period_ns nanoseconds of each CPU's time, running the
 * program: on every online CPU when cpu is -1 (profile-N), else on that CPU only (tick-N). */
int attach_cpu_clock(struct attach_set *s, int prog_fd, int cpu, uint64_t period_ns,
		     char *errbuf, size_t errlen);

/* The online CPUs as a malloc'd array of numbers (from /sys/devices/system/cpu/online). */
int attach_online_cpus(int **cpus, int *ncpus, char *errbuf, size_t errlen);

/* A BPF_PROG_TYPE_TRACING program (fentry/fexit, loaded with its attach_btf_id) linked to its
 * kernel function through a BPF link (attach_type: BPF_TRACE_FENTRY or BPF_TRACE_FEXIT). */
int attach_tracing(struct attach_set *s, int prog_fd, int attach_type, char *errbuf, size_t errlen);

/* A trace event (a tracepoint's perf event, its id from tracefs events/GROUP/NAME/id):
 * BPF_PROG_TYPE_TRACEPOINT program prog_fd runs at every hit, on every CPU, its context the
 * event's record. */
int attach_trace_event(struct attach_set *s, int prog_fd, int id, char *errbuf, size_t errlen);

/* A raw tracepoint (sys_enter, sched_switch ...): BPF_PROG_TYPE_RAW_TRACEPOINT program prog_fd
 * runs at every hit of tracepoint `name`, in whatever task hits it. Needs no tracefs. */
int attach_raw_tp(struct attach_set *s, int prog_fd, const char *name, char *errbuf,
		  size_t errlen);

/* Let the set own fd (a map or program that must live as long as the attachments: closed by
 * attach_detach_all). */
void attach_keep_fd(struct attach_set *s, int fd);

void attach_detach_all(struct attach_set *s);
#endif
