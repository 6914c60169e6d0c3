/* dmn_events.c — usdtraced's BPF programs on raw tracepoints and their ring buffer; see
 * dmn_events.h. The programs are a few dozen instructions, written here with the code
 * generator's instruction encoders (bpf_insn.h) and loaded with its loader (bpf_sys.h). */
#include "dmn_events.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpf_insn.h"
#include "bpf_sys.h"
#include "ringbuf.h"
#include "util.h"

#define NPROGS 3

/* x86-64 struct pt_regs offsets (the sys_exit tracepoint's first argument) */
#define PTREGS_R10 56
#define PTREGS_DX 96
#define PTREGS_ORIG_AX 120
#define NR_MMAP 9
#define PROT_EXEC_BIT 4
#define MAP_ANON_BIT 0x20

struct dmn_events {
	int ring_fd;
	int drop_fd;          /* a one-entry array: the u64 count of events the ring refused */
	int prog_fd[NPROGS], link_fd[NPROGS];
	struct ringbuf *rb;
	dmn_event_fn fn;
	void *ctx;
};

/* The daemon's own pid namespace: events carry pids as its /proc shows them (a daemon in a
 * container sees its processes' pids; processes outside its namespace are not reported). */
static uint64_t pidns_dev, pidns_ino;

struct prog {
	struct bpf_insn insn[96];
	int n;
	int out_jumps[12];     /* jumps to the common exit, patched at the end */
	int nout;
};

static void emit(struct prog *p, struct bpf_insn i) { p->insn[p->n++] = i; }

static void jump_out(struct prog *p, struct bpf_insn j)
{
	p->out_jumps[p->nout++] = p->n;
	emit(p, j);
}

/* The tgid in the daemon's pid namespace into r7 (out when the process is not in it), then
 * the record {ev, r7} to the ring buffer, counting it in the drop map's word when the ring has
 * no room (the daemon rescans /proc when that count moves); then the common exit. */
static void emit_report(struct prog *p, int ring_fd, int drop_fd, enum dmn_event ev)
{
	bi_ld_imm64(&p->insn[p->n], 1, pidns_dev);
	p->n += 2;
	bi_ld_imm64(&p->insn[p->n], 2, pidns_ino);
	p->n += 2;
	emit(p, bi_mov64_reg(3, 10));
	emit(p, bi_alu64_imm(BPF_ADD, 3, -24));
	emit(p, bi_mov64_imm(4, 8));
	emit(p, bi_call(BPF_FUNC_get_ns_current_pid_tgid));  /* {u32 pid, u32 tgid} */
	jump_out(p, bi_jmp_imm(BPF_JNE, 0, 0, 0));
	emit(p, bi_ldx(BPF_W, 7, 10, -20));
	emit(p, bi_st(BPF_W, 10, -8, (int32_t)ev));
	emit(p, bi_stx(BPF_W, 10, 7, -4));
	bi_ld_map_fd(&p->insn[p->n], 1, ring_fd);
	p->n += 2;
	emit(p, bi_mov64_reg(2, 10));
	emit(p, bi_alu64_imm(BPF_ADD, 2, -8));
	emit(p, bi_mov64_imm(3, 8));
	emit(p, bi_mov64_imm(4, 0));
	emit(p, bi_call(BPF_FUNC_ringbuf_output));
	jump_out(p, bi_jmp_imm(BPF_JEQ, 0, 0, 0));
	bi_ld_map_value(&p->insn[p->n], 1, drop_fd, 0);
	p->n += 2;
	emit(p, bi_mov64_imm(2, 1));
	emit(p, bi_atomic_add(BPF_DW, 1, 2, 0));
	int out = p->n;
	emit(p, bi_mov64_imm(0, 0));
	emit(p, bi_exit());
	for (int i = 0; i < p->nout; i++)
		p->insn[p->out_jumps[i]].off = (int16_t)(out - p->out_jumps[i] - 1);
}

/* *(u64 *)(r10 - 16) = the pt_regs word at off of the regs pointer in r9; out on a fault */
static void emit_read_reg(struct prog *p, int off)
{
	emit(p, bi_mov64_reg(1, 10));
	emit(p, bi_alu64_imm(BPF_ADD, 1, -16));
	emit(p, bi_mov64_imm(2, 8));
	emit(p, bi_mov64_reg(3, 9));
	emit(p, bi_alu64_imm(BPF_ADD, 3, off));
	emit(p, bi_call(BPF_FUNC_probe_read_kernel));
	jump_out(p, bi_jmp_imm(BPF_JNE, 0, 0, 0));
	emit(p, bi_ldx(BPF_DW, 1, 10, -16));
}

static void build_exec(struct prog *p, int ring_fd, int drop_fd)
{
	emit_report(p, ring_fd, drop_fd, DMN_EV_EXEC);
}

/* group_dead: the tracepoint's second argument says the whole process is gone */
static void build_exit(struct prog *p, int ring_fd, int drop_fd, bool has_group_dead)
{
	if (has_group_dead) {
		emit(p, bi_ldx(BPF_DW, 2, 1, 8));
		emit(p, bi_alu64_imm(BPF_AND, 2, 0xff));
		jump_out(p, bi_jmp_imm(BPF_JEQ, 2, 0, 0));
	} else {
		emit(p, bi_call(BPF_FUNC_get_current_pid_tgid));
		emit(p, bi_mov32_reg(8, 0));
		emit(p, bi_alu64_imm(BPF_RSH, 0, 32));
		jump_out(p, bi_jmp_reg(BPF_JNE, 0, 8, 0));
	}
	emit_report(p, ring_fd, drop_fd, DMN_EV_EXIT);
}

static void build_mmap(struct prog *p, int ring_fd, int drop_fd)
{
	emit(p, bi_mov64_reg(6, 1));
	emit(p, bi_ldx(BPF_DW, 8, 6, 8));                  /* the return value */
	jump_out(p, bi_jmp_imm(BPF_JSLT, 8, 0, 0));
	emit(p, bi_ldx(BPF_DW, 9, 6, 0));                  /* struct pt_regs * */
	emit_read_reg(p, PTREGS_ORIG_AX);
	jump_out(p, bi_jmp_imm(BPF_JNE, 1, NR_MMAP, 0));
	emit_read_reg(p, PTREGS_DX);
	emit(p, bi_alu64_imm(BPF_AND, 1, PROT_EXEC_BIT));
	jump_out(p, bi_jmp_imm(BPF_JEQ, 1, 0, 0));
	emit_read_reg(p, PTREGS_R10);
	emit(p, bi_alu64_imm(BPF_AND, 1, MAP_ANON_BIT));
	jump_out(p, bi_jmp_imm(BPF_JNE, 1, 0, 0));
	emit_report(p, ring_fd, drop_fd, DMN_EV_MMAP);
}

/* Whether sched_process_exit has its group_dead argument here (recent kernels; 6.18 does). */
static bool exit_has_group_dead(void)
{
	struct btf *btf = btf__load_vmlinux_btf();
	if (!btf)
		return false;
	bool yes = false;
	int id = btf__find_by_name_kind(btf, "btf_trace_sched_process_exit", BTF_KIND_TYPEDEF);
	if (id > 0) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		t = t ? btf__type_by_id(btf, t->type) : NULL;            /* pointer */
		t = t ? btf__type_by_id(btf, t->type) : NULL;            /* prototype */
		/* (void *__data, struct task_struct *p, bool group_dead) */
		yes = t && btf_is_func_proto(t) && btf_vlen(t) == 3;
	}
	btf__free(btf);
	return yes;
}

static int deliver(void *ctx, const void *data, size_t size)
{
	struct dmn_events *e = ctx;
	if (size >= 8) {
		uint32_t w[2];
		memcpy(w, data, 8);
		e->fn(e->ctx, (enum dmn_event)w[0], (pid_t)w[1]);
	}
	return 0;
}

struct dmn_events *dmn_events_open(dmn_event_fn fn, void *ctx, uint32_t ring_bytes,
				   char *errbuf, size_t errlen)
{
	struct dmn_events *e = xcalloc(1, sizeof(*e));
	e->fn = fn;
	e->ctx = ctx;
	e->drop_fd = -1;
	for (int i = 0; i < NPROGS; i++)
		e->prog_fd[i] = e->link_fd[i] = -1;
	e->ring_fd = bpf_sys_map_create(BPF_SYS_MAP_RINGBUF, "usdtraced_ev", 0, 0, ring_bytes,
					errbuf, errlen);
	if (e->ring_fd < 0)
		goto fail;
	e->drop_fd = bpf_sys_map_create(BPF_SYS_MAP_ARRAY, "usdtraced_drop", 4, 8, 1, errbuf,
					errlen);
	if (e->drop_fd < 0)
		goto fail;
	static const char *const tps[NPROGS] = { "sched_process_exec", "sched_process_exit",
						 "sys_exit" };
	static const char *const names[NPROGS] = { "usdtraced_exec", "usdtraced_exit",
						   "usdtraced_mmap" };
	bool group_dead = exit_has_group_dead();
	struct stat ns;
	if (stat("/proc/self/ns/pid", &ns) != 0) {
		util_seterr(errbuf, errlen, "cannot stat /proc/self/ns/pid: %s", strerror(errno));
		goto fail;
	}
	pidns_dev = ns.st_dev;
	pidns_ino = ns.st_ino;
	for (int i = 0; i < NPROGS; i++) {
		struct prog p = {0};
		if (i == 0)
			build_exec(&p, e->ring_fd, e->drop_fd);
		else if (i == 1)
			build_exit(&p, e->ring_fd, e->drop_fd, group_dead);
		else
			build_mmap(&p, e->ring_fd, e->drop_fd);
		struct bpf_sys_prog_opts o = { .type = BPF_PROG_TYPE_RAW_TRACEPOINT,
					       .name = names[i] };
		e->prog_fd[i] = bpf_sys_prog_load(&o, p.insn, (size_t)p.n, NULL, errbuf, errlen);
		if (e->prog_fd[i] < 0)
			goto fail;
		e->link_fd[i] = bpf_raw_tracepoint_open(tps[i], e->prog_fd[i]);
		if (e->link_fd[i] < 0) {
			util_seterr(errbuf, errlen, "cannot attach to tracepoint %s: %s", tps[i],
				    strerror(errno));
			goto fail;
		}
	}
	e->rb = ringbuf_open(e->ring_fd, deliver, e, errbuf, errlen);
	if (!e->rb)
		goto fail;
	return e;
fail:
	dmn_events_close(e);
	return NULL;
}

int dmn_events_fd(const struct dmn_events *e)
{
	return ringbuf_epoll_fd(e->rb);
}

int dmn_events_poll(struct dmn_events *e)
{
	int n = ringbuf_poll(e->rb, 0);
	return n == RINGBUF_ERR ? -1 : n;
}

uint64_t dmn_events_dropped(const struct dmn_events *e)
{
	uint32_t key = 0;
	uint64_t n = 0;
	if (bpf_map_lookup_elem(e->drop_fd, &key, &n) != 0)
		return 0;
	return n;
}

void dmn_events_close(struct dmn_events *e)
{
	if (!e)
		return;
	ringbuf_close(e->rb);
	for (int i = 0; i < NPROGS; i++) {
		if (e->link_fd[i] >= 0)
			close(e->link_fd[i]);
		if (e->prog_fd[i] >= 0)
			close(e->prog_fd[i]);
	}
	if (e->ring_fd >= 0)
		close(e->ring_fd);
	if (e->drop_fd >= 0)
		close(e->drop_fd);
	free(e);
}
