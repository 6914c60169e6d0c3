/* ktp.c — the kernel providers' shared parts; see ktp.h. */
#include "ktp.h"

#include <bpf/btf.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "attach.h"
#include "bpf_sys.h"
#include "cg_clause.h"
#include "dcheck.h"
#include "dopt.h"
#include "dprocfs.h"
#include "dparse.h"
#include "dtype.h"
#include "kbtf.h"
#include "ksym.h"
#include "util.h"

/* ---- common hooks ---- */

int ktp_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_RAW_TRACEPOINT;
}

unsigned ktp_flags(const struct dobj_probe *p)
{
	(void)p;
	return PROV_F_KERNEL;
}

void ktp_sys_nr(struct cgc *c)
{
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, KTP_PTREGS_ORIG_AX, 8);
}

void ktp_nr_in(struct cgc *c, const int *nrs, int n, int out_label)
{
	int in = bpb_label_new(&c->buf);
	for (int i = 0; i < n; i++)
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, nrs[i], in);
	bpb_ja(&c->buf, out_label);
	bpb_label_place(&c->buf, in);
}

void ktp_new_thread_return(struct cgc *c, int out_label)
{
	static const int forks[] = { SYS_clone, SYS_fork, SYS_vfork, SYS_clone3 };
	ktp_sys_nr(c);
	ktp_nr_in(c, forks, 4, out_label);
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, KTP_PTREGS_AX, 8);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, out_label);
}

int ktp_attach(struct prov_run *r, struct dobj_prog *p, const char *tracepoint)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	if (attach_raw_tp(r->set, p->fd, tracepoint, err, sizeof(err)) == 0)
		return 0;
	util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider, pr->module,
		  pr->function, pr->name, err);
	return -1;
}

void ktp_kstack_own(const char *const *tps, int n, struct prov_kstack *k)
{
	static const char *const prefixes[] = { "__bpf_trace_", "__traceiter_", NULL };
	k->skip = 2;
	ktp_kstack_handlers(prefixes, tps, n, k);
}

void ktp_kstack_handlers(const char *const *prefixes, const char *const *tps, int n,
			 struct prov_kstack *k)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; prefixes[j] && k->nhandlers < PROV_KSTACK_HANDLERS; j++) {
			char name[160];
			snprintf(name, sizeof(name), "%s%s", prefixes[j], tps[i]);
			uint64_t lo, hi;
			if (ksym_func_range(name, &lo, &hi)) {
				k->handler[k->nhandlers].lo = lo;
				k->handler[k->nhandlers].hi = hi;
				k->nhandlers++;
			}
		}
}

/* The pid, tid, uid and gid of the thread the probe describes (the current one, or the
 * provider's cg_task: read through the stack, no scratch) may be tested before anything is
 * set up ($target is a constant by then). */
static bool pure_ident(struct cgc *c, const struct dnode *n)
{
	(void)c;
	return n->kind == DN_IDENT && (n->builtin == DB_PID || n->builtin == DB_TID ||
				       n->builtin == DB_UID || n->builtin == DB_GID);
}

void ktp_prefilter(struct cgc *c, int out_label)
{
	/* -x cpu=N: a tracepoint runs on whatever CPU hits it and cannot be attached to one CPU,
	 * so the program ends at once on every other (dtrace's probes fire on CPU N only). */
	const struct dopts *o = c->in->opts;
	if (o && o->cpu >= 0) {
		cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, (int32_t)o->cpu, out_label);
	}
	cgc_emit_prefilter(c, out_label, pure_ident);
}

/* ---- emitters ---- */

void ktp_ctx_arg(struct cgc *c, int i)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, (int16_t)(8 * i)));
}

/* R0 = the task pointer (slot, or the current task). */
static void load_task(struct cgc *c, int16_t task)
{
	if (task == KTP_CURRENT)
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
	else
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, task));
}

/* scratch[dst + at] (size bytes) = the task's field at `off` (skipped when unknown). */
static void task_field(struct cgc *c, int16_t task, uint32_t dst, int at, int off, int size)
{
	if (off < 0)
		return;
	load_task(c, task);
	cgc_task_read(c, off, size);
	cgc_emit(c, bi_stx((uint8_t)cgc_bpf_size(size), CG_R_SCRATCH, 0, (int16_t)(dst + at)));
}

/* scratch[dst + at] (size bytes) = task->ptr_off->off. */
static void task_field2(struct cgc *c, int16_t task, uint32_t dst, int at, int ptr_off, int off,
			int size)
{
	if (ptr_off < 0 || off < 0)
		return;
	load_task(c, task);
	cgc_task_read(c, ptr_off, 8);
	cgc_task_read(c, off, size);
	cgc_emit(c, bi_stx((uint8_t)cgc_bpf_size(size), CG_R_SCRATCH, 0, (int16_t)(dst + at)));
}

/* n bytes at the task's field `off` into scratch[dst + at]. */
static void task_bytes(struct cgc *c, int16_t task, uint32_t dst, int at, int off, int n)
{
	if (off < 0)
		return;
	load_task(c, task);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, off));
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)(dst + (uint32_t)at)));
	cgc_emit(c, bi_mov64_imm(2, n));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
}

/* The task slot for KTP_CURRENT: the current task, kept in a slot of our own (pushed; *own
 * true). */
static int16_t task_slot(struct cgc *c, int16_t task, bool *own)
{
	*own = task == KTP_CURRENT;
	if (!*own)
		return task;
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	return s;
}

/* A struct argument's copy: `size` zeroed bytes of clause scratch; their offset. */
static uint32_t copy_new(struct cgc *c, uint32_t size)
{
	uint32_t dst = cgc_persist_alloc(c, size);
	cgc_zero_scratch(c, dst, size);
	return dst;
}

/* scratch[dst + at] (8 bytes) = the task pointer itself (pr_addr). */
static void task_addr(struct cgc *c, int16_t task, uint32_t dst, int at)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, task));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(dst + (uint32_t)at)));
}

static void result_addr(struct cgc *c, uint32_t dst)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)dst));
}

const char ktp_decls[] = DPROCFS_TYPES;

void ktp_psinfo(struct cgc *c, int16_t task)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	bool own;
	uint32_t dst = copy_new(c, DPROCFS_PS_SIZE);
	int16_t t = task_slot(c, task, &own);
	task_field2(c, t, dst, DPROCFS_PS_NLWP, o->task_signal, o->signal_nr_threads, 4);
	task_field(c, t, dst, DPROCFS_PS_PID, o->task_tgid, 4);
	task_field2(c, t, dst, DPROCFS_PS_PPID, o->task_real_parent, o->task_tgid, 4);
	task_field2(c, t, dst, DPROCFS_PS_UID, o->task_real_cred, o->cred_uid, 4);
	task_field2(c, t, dst, DPROCFS_PS_EUID, o->task_real_cred, o->cred_euid, 4);
	task_field2(c, t, dst, DPROCFS_PS_GID, o->task_real_cred, o->cred_gid, 4);
	task_field2(c, t, dst, DPROCFS_PS_EGID, o->task_real_cred, o->cred_egid, 4);
	task_addr(c, t, dst, DPROCFS_PS_ADDR);
	/* the arguments live in the process's memory, which another task's probe cannot read:
	 * pr_psargs is the command name, as for a process whose arguments are gone */
	task_bytes(c, t, dst, DPROCFS_PS_FNAME, o->task_comm, 15);
	task_bytes(c, t, dst, DPROCFS_PS_PSARGS, o->task_comm, 15);
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_PS_DMODEL), 2)); /* PR_MODEL_LP64 */
	if (own)
		cgc_slot_pop(c);
	result_addr(c, dst);
}

void ktp_lwpsinfo(struct cgc *c, int16_t task)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	bool own;
	uint32_t dst = copy_new(c, DPROCFS_LWPS_SIZE);
	int16_t t = task_slot(c, task, &own);
	task_field(c, t, dst, DPROCFS_LWPS_LWPID, o->task_pid, 4);
	task_addr(c, t, dst, DPROCFS_LWPS_ADDR);
	task_field(c, t, dst, DPROCFS_LWPS_PRI, o->task_prio, 4);
	task_field(c, t, dst, DPROCFS_LWPS_ONPRO, o->task_cpu, 4);
	/* pr_state / pr_sname from the scheduler state: running (SRUN 'R') or asleep
	 * (SSLEEP 'S'), as far as dtrace's states carry over */
	if (o->task_state >= 0) {
		int run = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		load_task(c, t);
		cgc_task_read(c, o->task_state, 4);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, run);
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_LWPS_STATE), 1));
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_LWPS_SNAME), 'S'));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, run);
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_LWPS_STATE), 2));
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_LWPS_SNAME), 'R'));
		bpb_label_place(&c->buf, done);
	}
	/* pr_clname "TS": the time-sharing class every ordinary thread is in */
	cgc_emit(c, bi_st(BPF_H, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_LWPS_CLNAME), 'T' | 'S' << 8));
	if (own)
		cgc_slot_pop(c);
	result_addr(c, dst);
}

void ktp_cpuinfo(struct cgc *c, int16_t task)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	uint32_t dst = copy_new(c, DPROCFS_CPU_SIZE);
	if (task != KTP_CURRENT && o->task_cpu >= 0) {
		task_field(c, task, dst, DPROCFS_CPU_ID, o->task_cpu, 4);
	} else {
		cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
		cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 0, (int16_t)(dst + DPROCFS_CPU_ID)));
	}
	cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, (int16_t)(dst + DPROCFS_CPU_PSET), -1));  /* no processor set */
	result_addr(c, dst);
}

/* ---- args[] ---- */

/* A program to parse argument types in with the kernel's types, as a D program's own parse
 * knows them (umode_t, siginfo_t, aio_context_t: dtrace types syscall and proc arguments with
 * them, from the kernel's CTF). */
static struct dprog *kernel_typed_prog(void)
{
	struct dprog *g = dprog_new();
	kbtf_attach(g->types);
	return g;
}

/* "typedef TYPE NAME;" into b; an array type's bounds after the name ("char [16]": typedef
 * char NAME[16];), where C's declarator puts them. */
static void put_typedef(struct strbuf *b, const char *type, const char *name)
{
	const char *br = strchr(type, '[');
	if (!br) {
		strbuf_printf(b, "\ntypedef %s %s;", type, name);
		return;
	}
	int base = (int)(br - type);
	while (base > 0 && type[base - 1] == ' ')
		base--;
	strbuf_printf(b, "\ntypedef %.*s %s%s;", base, type, name, br);
}

/* Whether `decls` then "typedef TYPE x;" parses as D with the kernel's types (a name neither
 * D nor the kernel's BTF knows does not). */
static bool type_parses(const char *decls, const char *type)
{
	struct strbuf b = { 0 };
	strbuf_puts(&b, decls);
	put_typedef(&b, type, "__usdtrace_try");
	strbuf_puts(&b, "\n");
	struct dprog *g = kernel_typed_prog();
	int rc = dparse_script(g, "probe argument types", b.s, b.len, NULL);
	strbuf_free(&b);
	dprog_free(g);
	return rc == 0;
}

int ktp_args(const char *const *names, int n, const char *decls, bool listing,
	     struct prov_args *a)
{
	if (n <= 0)
		return -1;
	const char **text = xcalloc((size_t)n + 1, sizeof(*text));
	memcpy(text, names, sizeof(*text) * (size_t)n);
	if (listing) {
		a->nargs = n;
		a->text = text;
		return 0;
	}
	struct strbuf b = { 0 };
	strbuf_puts(&b, decls);
	for (int k = 0; k < n; k++) {
		/* a type D cannot spell is its size's integer: a pointer's address, a value */
		const char *t = names[k];
		if (!type_parses(decls, t))
			t = strchr(t, '*') ? "uintptr_t" : "int64_t";
		char name[32];
		snprintf(name, sizeof(name), "__usdtrace_karg%d", k);
		put_typedef(&b, t, name);
	}
	strbuf_puts(&b, "\n");
	struct dprog *g = kernel_typed_prog();
	int rc = dparse_script(g, "probe argument types", b.s, b.len, NULL);
	strbuf_free(&b);
	struct dtype **types = xcalloc((size_t)n + 1, sizeof(*types));
	for (int k = 0; rc == 0 && k < n; k++) {
		char name[32];
		snprintf(name, sizeof(name), "__usdtrace_karg%d", k);
		struct dscope_ent *e = dscope_find(g->types, name, DSYM_TYPEDEF, false);
		/* the type the typedef names: our helper's name must not reach messages (dtrace
		 * -n 'syscall::write:entry { x = args[1]; x = 1; }': "char *" = "int") */
		types[k] = e && e->type && e->type->kind == DTY_TYPEDEF ? e->type->base :
			   e ? e->type : NULL;
		if (!types[k])
			rc = -1;
	}
	if (rc != 0) {
		free(types);
		free(text);
		dprog_free(g);
		return -1;
	}
	a->nargs = n;
	a->types = types;
	a->text = text;
	a->keep = g;
	return 0;
}
