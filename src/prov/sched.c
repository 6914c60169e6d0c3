/* sched.c — the sched provider: sched:vmlinux::NAME on the scheduler's raw tracepoints (ktp.h):
 *
 *   off-cpu   sched_switch, in the thread leaving     args[0] lwpsinfo_t *, args[1] psinfo_t *
 *                                                     (the thread about to run)
 *   on-cpu    in the thread that starts running (sched_exit_tp; see below)
 *   sleep     sched_switch of a thread leaving in a sleeping state, in it
 *   preempt   sched_switch of a thread leaving while still runnable, in it
 *   dequeue   the same switch as sleep: the thread leaves its run queue
 *             args[0] lwpsinfo_t *, args[1] psinfo_t *, args[2] cpuinfo_t * (the thread leaving)
 *   enqueue   sched_wakeup / sched_wakeup_new: the thread put on a run queue
 *             args[0] lwpsinfo_t *, args[1] psinfo_t *, args[2] cpuinfo_t *
 *   wakeup    sched_wakeup, in the waker              args[0] lwpsinfo_t *, args[1] psinfo_t *
 *   tick      a clock tick (a 100 Hz cpu-clock event on every CPU), in the thread it interrupts
 *             args[0] lwpsinfo_t *, args[1] psinfo_t *
 *   surrender a thread giving up its CPU of its own accord (sched_yield(): sys_enter of that
 *             call, where DTrace for Linux takes do_sched_yield), in it
 *             args[0] lwpsinfo_t *, args[1] psinfo_t *
 *   remain-cpu the scheduler ran and kept the current thread (sched_exit_tp, the bare
 *             tracepoint at the end of __schedule(), with is_switch false), in it; no args
 *
 * on-cpu: dtrace fires it in the thread that starts running, and so do we where the kernel has
 * the bare tracepoint sched_exit_tp (6.16 on): __schedule() ends with it, and a thread that was
 * switched out returns from its own __schedule() when it runs again, so the tracepoint fires
 * in it with is_switch true. Everything is that thread's own: registers, ustack(), copyin(),
 * self-> variables, the kernel stack. A new thread starts elsewhere (ret_from_fork): its first
 * run is seen at its first return to user space, from the clone/fork that made it (sys_exit);
 * a new kernel thread's first run is not seen. The program reads the context's first
 * argument only (sched_exit_tp has one), and tells the two apart by it: is_switch is 0 or 1,
 * sys_exit's is a pt_regs pointer.
 *
 * On kernels without sched_exit_tp, on-cpu fires at sched_switch, still in the thread leaving,
 * and names the thread coming on (sched_switch's next) as the thread it describes (provider.h
 * cg_task): pid, tid, execname, curthread, self-> ... are the incoming thread's, read from its
 * task_struct; registers, ustack(), copyin() are still the leaving thread's. */
#include <linux/bpf.h>
#include <string.h>
#include <sys/syscall.h>

#include "attach.h"
#include "cg_clause.h"
#include "kbtf.h"
#include "ktp.h"
#include "pcat.h"
#include "util.h"

enum {
	S_ON_CPU, S_OFF_CPU, S_ENQUEUE, S_DEQUEUE, S_WAKEUP, S_SLEEP, S_PREEMPT, S_TICK, S_SURRENDER,
	S_REMAIN_CPU, S_N
};

struct sentry {
	const char *name, *tp;
	int nargs;
};

static const struct sentry stab[S_N] = {
	[S_ON_CPU] = { "on-cpu", "sched_switch", 0 },
	[S_OFF_CPU] = { "off-cpu", "sched_switch", 2 },
	[S_ENQUEUE] = { "enqueue", "sched_wakeup", 3 },
	[S_DEQUEUE] = { "dequeue", "sched_switch", 3 },
	[S_WAKEUP] = { "wakeup", "sched_wakeup", 2 },
	[S_SLEEP] = { "sleep", "sched_switch", 0 },
	[S_PREEMPT] = { "preempt", "sched_switch", 0 },
	[S_TICK] = { "tick", NULL, 2 },
	[S_SURRENDER] = { "surrender", "sys_enter", 2 },
	[S_REMAIN_CPU] = { "remain-cpu", "sched_exit_tp", 0 },
};

static const char *const arg_types[3] = { "lwpsinfo_t *", "psinfo_t *", "cpuinfo_t *" };

#define TICK_PERIOD_NS 10000000ull   /* dtrace's tick: the 100 Hz clock */

/* Whether on-cpu can fire in the incoming thread: the kernel has sched_exit_tp. */
static bool oncpu_in_thread(void)
{
	static int known = -1;
	if (known < 0)
		known = kbtf_tracepoint_id("sched_exit_tp") > 0;
	return known == 1;
}

/* A probe's data is its entry of stab. */
static void sched_populate(struct bprobes *c)
{
	for (int i = 0; i < S_N; i++)
		bprobes_add(c, &prov_sched, "vmlinux", "", stab[i].name, DOBJ_PROBE_KERNEL)->data =
			&stab[i];
}

/* The probe's index in stab (S_*). */
static int sidx(const struct dobj_probe *p)
{
	return (int)((const struct sentry *)p->data - stab);
}

static int sched_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		       int nbefore)
{
	(void)nbefore;
	return pcat_match_builtin(cat, &prov_sched, d, id, clause);
}

static int sched_prog_type(const struct dobj_probe *p)
{
	return sidx(p) == S_TICK ? BPF_PROG_TYPE_PERF_EVENT : BPF_PROG_TYPE_RAW_TRACEPOINT;
}

static unsigned sched_flags(const struct dobj_probe *p)
{
	return sidx(p) == S_TICK ? PROV_F_INTERRUPT : PROV_F_KERNEL;
}

/* sched_switch(preempt, prev, next, prev_state): ctx[3] is the state prev leaves in. */
static void sched_prologue(struct cgc *c, int out_label)
{
	switch (sidx(c->probe)) {
	case S_ON_CPU: {
		if (!oncpu_in_thread())
			break;
		/* sched_exit_tp(is_switch) or sys_exit(regs, ret): see the comment above */
		int sys = bpb_label_new(&c->buf), in = bpb_label_new(&c->buf);
		ktp_ctx_arg(c, 0);
		bpb_jmp_imm(&c->buf, BPF_JGT, 0, 1, sys);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, out_label);
		bpb_ja(&c->buf, in);
		bpb_label_place(&c->buf, sys);
		ktp_new_thread_return(c, out_label);
		bpb_label_place(&c->buf, in);
		break;
	}
	case S_SLEEP: case S_DEQUEUE:
		ktp_ctx_arg(c, 3);
		cgc_emit(c, bi_mov32_reg(0, 0));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, out_label);
		break;
	case S_PREEMPT:
		ktp_ctx_arg(c, 3);
		cgc_emit(c, bi_mov32_reg(0, 0));
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, out_label);
		break;
	case S_REMAIN_CPU: /* sched_exit_tp(is_switch): the scheduler kept this thread */
		ktp_ctx_arg(c, 0);
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xff));
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, out_label);
		break;
	case S_SURRENDER: /* sys_enter(regs, id): only sched_yield() */
		ktp_ctx_arg(c, 1);
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, SYS_sched_yield, out_label);
		break;
	default:
		break;
	}
	ktp_prefilter(c, out_label);
}

/* on-cpu describes the thread coming on: sched_switch's next (ctx[2]). */
static bool sched_task(struct cgc *c)
{
	if (sidx(c->probe) != S_ON_CPU || oncpu_in_thread())
		return false;
	ktp_ctx_arg(c, 2);
	return true;
}

static void sched_arg(struct cgc *c, int i)
{
	int k = sidx(c->probe);
	if (i >= stab[k].nargs) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int16_t t = KTP_CURRENT;
	bool own = false;
	if (k != S_TICK && k != S_SURRENDER) {
		/* whose: next for off-cpu, prev for dequeue, the woken one for the wakeups */
		int which = k == S_OFF_CPU ? 2 : k == S_DEQUEUE ? 1 : 0;
		t = cgc_slot_push(c);
		own = true;
		ktp_ctx_arg(c, which);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, t));
	}
	if (i == 0)
		ktp_lwpsinfo(c, t);
	else if (i == 1)
		ktp_psinfo(c, t);
	else
		ktp_cpuinfo(c, t);
	if (own)
		cgc_slot_pop(c);
}

/* The raw tracepoints probe pr's program runs on (tps[0..n), n returned); 0: tick, a CPU
 * clock event. */
static int sched_tracepoints(const struct dobj_probe *pr, const char *tps[2])
{
	int k = sidx(pr);
	if (k == S_TICK)
		return 0;
	if (k == S_ON_CPU && oncpu_in_thread()) {
		tps[0] = "sched_exit_tp";
		tps[1] = "sys_exit";
		return 2;
	}
	tps[0] = stab[k].tp;
	/* a new thread's first wakeup has a tracepoint of its own */
	tps[1] = "sched_wakeup_new";
	return k == S_ENQUEUE ? 2 : 1;
}

static void sched_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	const char *tps[2];
	int n = sched_tracepoints(p, tps);
	if (n > 0)
		ktp_kstack_own(tps, n, k);
}

static int sched_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	const char *tps[2];
	int n = sched_tracepoints(pr, tps);
	for (int i = 0; i < n; i++)
		if (ktp_attach(r, p, tps[i]) < 0)
			return -1;
	if (n > 0)
		return 0;
	char err[512];
	if (attach_cpu_clock(r->set, p->fd, r->cpu, TICK_PERIOD_NS, err, sizeof(err)) == 0)
		return 0;
	util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider, pr->module,
		  pr->function, pr->name, err);
	return -1;
}

static int sched_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		      bool listing, struct prov_args *a)
{
	(void)cat;
	(void)ctx;
	return ktp_args(arg_types, stab[sidx(p)].nargs, ktp_decls, listing, a);
}

static const char *const sched_attrs[] = {
	"Private", "Private", "Unknown", "Evolving", "Evolving", "ISA",
};

const struct provider prov_sched = {
	.name = "sched",
	.match = sched_match,
	.populate = sched_populate,
	.args = sched_args,
	.prog_type = sched_prog_type,
	.flags = sched_flags,
	.cg_prologue = sched_prologue,
	.cg_arg = sched_arg,
	.cg_task = sched_task,
	.kstack_own = sched_kstack_own,
	.attach = sched_attach,
	.list_attrs = sched_attrs,
};
