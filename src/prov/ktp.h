/* ktp.h — what the kernel providers (syscall, proc, sched) share: their probes in the builtin
 * catalog, raw-tracepoint programs and their attachment, the kernel's BTF offsets they read task
 * fields with, the psinfo_t / lwpsinfo_t / cpuinfo_t arguments they build, and args[] typing.
 *
 * Mechanism: every probe is a raw tracepoint (sys_enter, sys_exit, sched_switch,
 * signal_generate ...), attached with bpf_raw_tracepoint_open: no tracefs, no perf event, and
 * the cheapest way into a BPF program the kernel has for a tracepoint (no trace record is
 * formatted, unlike the syscalls:sys_enter_NAME perf events bpftrace uses). The context is the
 * tracepoint's u64 arguments. A probe that is one case of a shared tracepoint (one system call
 * of sys_enter) tests its case first, in its prologue, then the clauses' predicates made only of
 * constants, pid, tid, uid, gid and arguments (cgc_emit_prefilter), so a firing for another
 * call or another process ends after a few instructions.
 *
 * Struct arguments (psinfo_t * ...) point at a copy the program builds in clause scratch
 * (cgc_persist_alloc) from the task_struct, with offsets from the kernel's BTF: D code reads them
 * as it reads copyin()'d memory. Their D types are dprocfs.h's, DTrace for Linux's layout (ktp_decls),
 * the same types curpsinfo has; not the fbt provider's kernel types).
 *
 * Contract: each provider's populate hook adds its probes to the catalog in a fixed order
 * (syscall: by number, entry then return; proc; sched: their tables' order), so -l and a trace
 * give the same ids. Without the kernel's BTF the syscall provider lists the calls of its own
 * table. A probe's data (dobj_probe.data) is its entry in its provider's table. */
#ifndef USDTRACE_KTP_H
#define USDTRACE_KTP_H
#include <stdbool.h>
#include <stdint.h>

#include "bprobes.h"
#include "provider.h"

struct cgc;
struct dtype;
struct dprog;

/* Common hooks */
int ktp_prog_type(const struct dobj_probe *p);     /* BPF_PROG_TYPE_RAW_TRACEPOINT */
unsigned ktp_flags(const struct dobj_probe *p);    /* PROV_F_KERNEL */
int ktp_attach(struct prov_run *r, struct dobj_prog *p, const char *tracepoint);
/* The kstack_own hook's answer (provider.h) for a program run by raw tracepoints tps[0..n)
 * (n <= PROV_KSTACK_HANDLERS / 2): its own frame and the tracepoint runner's (bpf_trace_runN)
 * always; then the event's handler (__bpf_trace_TP) where it calls the runner rather than
 * jumping to it, and the event's iterator (__traceiter_TP) where the tracepoint has several
 * callbacks; so the stack starts where a perf tracepoint's does: in the function that holds
 * the tracepoint. */
void ktp_kstack_own(const char *const *tps, int n, struct prov_kstack *k);
/* The handler ranges alone: where the kernel has them, the functions named PREFIX + tps[i]
 * for each prefix (NULL-ended) join k's handlers. */
void ktp_kstack_handlers(const char *const *prefixes, const char *const *tps, int n,
			 struct prov_kstack *k);
/* The prologue's early tests: under -x cpu=N, the CPU (any other ends the program: only CPU
 * N's firings count); then the clauses' cheap predicates (cgc_emit_prefilter). */
void ktp_prefilter(struct cgc *c, int out_label);

/* Emitters. The task pointer is in stack slot `task` (an offset from R10, always negative), or
 * KTP_CURRENT: the current task. */
#define KTP_CURRENT 0
void ktp_psinfo(struct cgc *c, int16_t task);      /* R0 = address of a psinfo_t copy */
void ktp_lwpsinfo(struct cgc *c, int16_t task);    /* R0 = address of a lwpsinfo_t copy */
void ktp_cpuinfo(struct cgc *c, int16_t task);     /* R0 = address of a cpuinfo_t copy */
/* R0 = *(u64 *)(ctx + 8 * i): the tracepoint's argument i */
void ktp_ctx_arg(struct cgc *c, int i);

/* x86-64 struct pt_regs offsets (sys_enter/sys_exit's first argument) */
#define KTP_PTREGS_AX 80
#define KTP_PTREGS_SI 104
#define KTP_PTREGS_DI 112
#define KTP_PTREGS_ORIG_AX 120
/* At sys_enter or sys_exit: R0 = the call's number (regs->orig_ax). */
void ktp_sys_nr(struct cgc *c);
/* Out unless R0 is one of nrs[0..n). */
void ktp_nr_in(struct cgc *c, const int *nrs, int n, int out_label);
/* At sys_exit: out unless this is a new thread's first return to user space (clone, fork,
 * vfork or clone3 returning 0, in the child). Reads the context's first argument only. */
void ktp_new_thread_return(struct cgc *c, int out_label);

/* D declarations of psinfo_t, lwpsinfo_t, cpuinfo_t (dprocfs.h), which ktp_* build. */
extern const char ktp_decls[];

/* The args hook's descriptor (provider.h) from argument types named in D (names[0..n)), with
 * the declarations decls they need (D text, may be ""): the text as given; unless listing, the
 * types parsed in a D program of their own (a->keep), a name D cannot parse becoming the
 * integer of its size (uintptr_t for a pointer, else int64_t). Returns 0, or -1 when there is
 * no argument or the types do not parse. */
int ktp_args(const char *const *names, int n, const char *decls, bool listing,
	     struct prov_args *a);
#endif
