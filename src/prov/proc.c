/* proc.c — the proc provider: proc:vmlinux::NAME, processes and threads being created, exec'd,
 * signalled and exiting, with dtrace's arguments, on raw tracepoints (ktp.h):
 *
 *   create        sched_process_fork, in the parent: a new process or thread (Oracle's DTrace
 *                 for Linux documentation: "a process (or process thread) is created"; dtrace
 *                 fires it for both)                          args[0] psinfo_t * (the child)
 *   lwp-create    sched_process_fork, in the creator: every new thread, a new process's first
 *                 among them (the Guide: "lwp-create will fire for any LWPs created at process
 *                 creation time before the create probe fires"; dtrace fires it for both)
 *                 args[0] lwpsinfo_t *, args[1] psinfo_t * (the new one)
 *   start         sys_exit of fork/vfork/clone/clone3 returning 0 in a process's first thread:
 *                 the new process, before any instruction of its own
 *   lwp-start     the same in every new thread (after start for a process's first)
 *   exec          sys_enter of execve/execveat               args[0] string (a copy of the path)
 *   exec-success  sys_exit of execve/execveat that succeeded, in the new image (the call's
 *                 return: after a ptrace exec stop, so -x evaltime=exec sees the command's)
 *   exec-failure  sys_exit of execve/execveat with an error    args[0] int (the errno)
 *   exit          sched_process_exit of the last thread       args[0] int CLD_EXITED, CLD_KILLED
 *                                                             or CLD_DUMPED, from exit_code
 *   lwp-exit      sched_process_exit of any thread, the last one too (Oracle's documentation:
 *                 "a process or process thread is about to exit"; dtrace fires it for both)
 *   signal-send   signal_generate, in the sender    args[0] lwpsinfo_t *, args[1] psinfo_t * (the
 *                                                   target), args[2] int (the signal)
 *   signal-discard signal_generate of a signal the target ignores (the event's result
 *                 TRACE_SIGNAL_IGNORED), in the sender: args as signal-send's (the Guide's
 *                 "proc Provider"; DTrace for Linux's args[2] there is always 1, the result it
 *                 tests, not the signal: a slip of its trampoline, not followed)
 *   signal-handle signal_deliver, in the receiver   args[0] int (the signal), args[1] siginfo_t *
 *                                                   (kernel address), args[2] the handler
 *   signal-clear  sys_exit of rt_sigtimedwait returning a signal (sigwait & co.)  args[0] int */
#include <linux/bpf.h>
#include <string.h>

#include "cg_clause.h"
#include "kbtf.h"
#include "ktp.h"
#include "pcat.h"

/* In name order, as dtrace numbers them (-l -P proc lists start first, create last). */
enum {
	P_CREATE, P_EXEC, P_EXEC_FAILURE, P_EXEC_SUCCESS, P_EXIT, P_LWP_CREATE, P_LWP_EXIT,
	P_LWP_START, P_SIGNAL_CLEAR, P_SIGNAL_DISCARD, P_SIGNAL_HANDLE, P_SIGNAL_SEND, P_START, P_N
};

struct pentry {
	const char *name, *tp;
	const char *types[3];
	int nargs;
};

static const struct pentry ptab[P_N] = {
	[P_CREATE] = { "create", "sched_process_fork", { "psinfo_t *" }, 1 },
	[P_EXEC] = { "exec", "sys_enter", { "string" }, 1 },
	[P_EXEC_SUCCESS] = { "exec-success", "sys_exit", { 0 }, 0 },
	[P_EXEC_FAILURE] = { "exec-failure", "sys_exit", { "int" }, 1 },
	[P_EXIT] = { "exit", "sched_process_exit", { "int" }, 1 },
	[P_LWP_CREATE] = { "lwp-create", "sched_process_fork", { "lwpsinfo_t *", "psinfo_t *" }, 2 },
	[P_LWP_START] = { "lwp-start", "sys_exit", { 0 }, 0 },
	[P_LWP_EXIT] = { "lwp-exit", "sched_process_exit", { 0 }, 0 },
	[P_SIGNAL_SEND] = { "signal-send", "signal_generate",
			    { "lwpsinfo_t *", "psinfo_t *", "int" }, 3 },
	[P_SIGNAL_DISCARD] = { "signal-discard", "signal_generate",
			       { "lwpsinfo_t *", "psinfo_t *", "int" }, 3 },
	[P_SIGNAL_HANDLE] = { "signal-handle", "signal_deliver",
			      { "int", "siginfo_t *", "void (*)(void)" }, 3 },
	[P_SIGNAL_CLEAR] = { "signal-clear", "sys_exit", { "int" }, 1 },
	[P_START] = { "start", "sys_exit", { 0 }, 0 },
};

#define NR_EXECVE 59
#define NR_RT_SIGTIMEDWAIT 128
#define NR_EXECVEAT 322
#define SIGKILL_NR 9
#define TRACE_SIGNAL_IGNORED 1   /* include/trace/events/signal.h's result of signal_generate */
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3

/* A probe's data is its entry of ptab. */
static void proc_populate(struct bprobes *c)
{
	for (int i = 0; i < P_N; i++)
		bprobes_add(c, &prov_proc, "vmlinux", "", ptab[i].name, DOBJ_PROBE_KERNEL)->data =
			&ptab[i];
}

/* The probe's index in ptab (P_*). */
static int pidx(const struct dobj_probe *p)
{
	return (int)((const struct pentry *)p->data - ptab);
}

static int proc_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		      int nbefore)
{
	(void)nbefore;
	return pcat_match_builtin(cat, &prov_proc, d, id, clause);
}

static const int execs[] = { NR_EXECVE, NR_EXECVEAT };

static void proc_prologue(struct cgc *c, int out_label)
{
	switch (pidx(c->probe)) {
	case P_EXEC:
		ktp_ctx_arg(c, 1);
		ktp_nr_in(c, execs, 2, out_label);
		break;
	case P_EXEC_SUCCESS: case P_EXEC_FAILURE:
		ktp_sys_nr(c);
		ktp_nr_in(c, execs, 2, out_label);
		ktp_ctx_arg(c, 1);
		bpb_jmp_imm(&c->buf, pidx(c->probe) == P_EXEC_SUCCESS ? BPF_JNE : BPF_JSGE, 0, 0,
			    out_label);
		break;
	case P_START: case P_LWP_START:
		ktp_new_thread_return(c, out_label);
		if (pidx(c->probe) == P_START) {
			/* a process's first thread: tid == pid */
			cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
			cgc_emit(c, bi_mov64_reg(1, 0));
			cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, 32));
			cgc_emit(c, bi_mov32_reg(0, 0));
			bpb_jmp_reg(&c->buf, BPF_JNE, 0, 1, out_label);
		}
		break;
	case P_EXIT:
		/* the second argument: whether the thread group is dead with this thread */
		ktp_ctx_arg(c, 1);
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xff));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, out_label);
		break;
	case P_SIGNAL_DISCARD:
		/* signal_generate(sig, info, task, group, result) */
		ktp_ctx_arg(c, 4);
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, TRACE_SIGNAL_IGNORED, out_label);
		break;
	case P_SIGNAL_CLEAR:
		ktp_sys_nr(c);
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, NR_RT_SIGTIMEDWAIT, out_label);
		ktp_ctx_arg(c, 1);
		bpb_jmp_imm(&c->buf, BPF_JSLE, 0, 0, out_label);
		break;
	default:
		break;
	}
	ktp_prefilter(c, out_label);
}

/* R0 = the task pointer of tracepoint argument i, in a pushed slot. */
static int16_t task_arg(struct cgc *c, int i)
{
	int16_t s = cgc_slot_push(c);
	ktp_ctx_arg(c, i);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	return s;
}

/* R0 = args[i] of a probe whose arguments are (lwpsinfo_t *, psinfo_t *) of the task in
 * tracepoint argument ctx_i. */
static void thread_info_arg(struct cgc *c, int ctx_i, int i)
{
	int16_t t = task_arg(c, ctx_i);
	if (i == 0)
		ktp_lwpsinfo(c, t);
	else
		ktp_psinfo(c, t);
	cgc_slot_pop(c);
}

static void exit_reason(struct cgc *c)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	if (o->task_exit_code < 0) {
		cgc_emit(c, bi_mov64_imm(0, CLD_EXITED));
		return;
	}
	int killed = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, o->task_exit_code, 4);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 1, 0x7f));
	bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, killed);
	cgc_emit(c, bi_mov64_imm(0, CLD_EXITED));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, killed);
	/* 0x80: the core-dump bit of a wait status */
	cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0x80));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 7));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, CLD_KILLED));
	bpb_label_place(&c->buf, done);
}

/* exec's path: a copy of the user string in clause scratch. */
static void exec_path(struct cgc *c)
{
	uint32_t len = c->g.strsize ? c->g.strsize : 256;
	uint32_t dst = cgc_persist_alloc(c, cgc_round8(len));
	int notat = bpb_label_new(&c->buf), have = bpb_label_new(&c->buf);
	ktp_ctx_arg(c, 1);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, NR_EXECVEAT, notat);
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, KTP_PTREGS_SI, 8);
	bpb_ja(&c->buf, have);
	bpb_label_place(&c->buf, notat);
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, KTP_PTREGS_DI, 8);
	bpb_label_place(&c->buf, have);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)len));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user_str));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)dst));
}

/* signal-handle's args[0]: the signal signal_deliver reports, but for a signal whose default
 * action kills the process, where the kernel reports SIGKILL (with no siginfo: args[1] is
 * NULL) while the signal that kills is in the thread group's exit code (DTrace for Linux
 * reads it there too, in its signal-handle trampoline). Only a signal death leaves a signal
 * in its low 7 bits; an exit_group(N) that kills the other threads leaves N << 8 there, and
 * those threads' SIGKILL stays SIGKILL. */
static void handled_signal(struct cgc *c)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	ktp_ctx_arg(c, 0);
	if (o->task_signal < 0 || o->signal_group_exit_code < 0)
		return;
	int done = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, SIGKILL_NR, done);
	cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
	cgc_task_read(c, o->task_signal, 8);
	cgc_task_read(c, o->signal_group_exit_code, 4);
	cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0x7f));
	int keep = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, keep);
	cgc_emit(c, bi_mov64_imm(0, SIGKILL_NR));
	bpb_label_place(&c->buf, keep);
	bpb_label_place(&c->buf, done);
}

static void proc_arg(struct cgc *c, int i)
{
	int k = pidx(c->probe);
	if (i >= ptab[k].nargs) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	switch (k) {
	case P_CREATE:
		ktp_psinfo(c, task_arg(c, 1));
		cgc_slot_pop(c);
		return;
	case P_LWP_CREATE:
		thread_info_arg(c, 1, i);
		return;
	case P_EXEC:
		exec_path(c);
		return;
	case P_EXEC_FAILURE:
		ktp_ctx_arg(c, 1);
		cgc_emit(c, bi_alu64_imm(BPF_NEG, 0, 0));
		return;
	case P_EXIT:
		exit_reason(c);
		return;
	case P_SIGNAL_SEND: case P_SIGNAL_DISCARD:
		if (i == 2) {
			ktp_ctx_arg(c, 0);
			return;
		}
		thread_info_arg(c, 2, i);
		return;
	case P_SIGNAL_HANDLE:
		if (i == 0) {
			handled_signal(c);
			return;
		}
		if (i == 1) {
			ktp_ctx_arg(c, 1);
			return;
		}
		/* the handler: k_sigaction's first word (sa.sa_handler) */
		ktp_ctx_arg(c, 2);
		cgc_task_read(c, 0, 8);
		return;
	case P_SIGNAL_CLEAR:
		ktp_ctx_arg(c, 1);
		return;
	default:
		cgc_emit(c, bi_mov64_imm(0, 0));
	}
}

static void proc_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	ktp_kstack_own(&ptab[pidx(p)].tp, 1, k);
}

static int proc_attach(struct prov_run *r, struct dobj_prog *p)
{
	return ktp_attach(r, p, ptab[pidx(&r->o->probes[p->probe])].tp);
}

static int proc_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		     bool listing, struct prov_args *a)
{
	(void)cat;
	(void)ctx;
	const struct pentry *e = p->data;
	return ktp_args(e->types, e->nargs, ktp_decls, listing, a);
}

/* the probe description's: the least of the provider's Evolving / ISA name and Private /
 * Unknown module and function (dtrace -lv: Private / Private / Unknown) */
static const char *const proc_attrs[] = {
	"Private", "Private", "Unknown", "Evolving", "Evolving", "ISA",
};

const struct provider prov_proc = {
	.name = "proc",
	.match = proc_match,
	.populate = proc_populate,
	.args = proc_args,
	.prog_type = ktp_prog_type,
	.flags = ktp_flags,
	.cg_prologue = proc_prologue,
	.cg_arg = proc_arg,
	.kstack_own = proc_kstack_own,
	.attach = proc_attach,
	.list_attrs = proc_attrs,
};
