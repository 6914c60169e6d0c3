/* cg_ustack.c — user stacks and user symbols in the generated code: ustack()/jstack() and
 * uaddr()/usym()/ufunc()/umod(), as actions (a value in the clause's record) and as whole
 * aggregation keys; the user stack walk behind them and behind ucaller and ustackdepth.
 *
 * Both record the same bytes, the layout dtrace's records have: the pid (the thread group id,
 * 8 bytes), then either the frames of the user stack or the address given. User frames come
 * from our own walk (cgc_ustack_walk, below), which follows the CFI tables the tracer builds
 * from each object's .eh_frame (cfi.h, docs/unwind.md) and falls back to frame pointers where
 * an object has none; it starts from the user registers: the probe's for uprobes, the thread's
 * saved user registers (bpf_task_pt_regs) for clock samples and kernel probes, and, in
 * BEGIN/END/ERROR, which the tracer runs in its own bpf() call, the tracer's own, as dtrace's
 * BEGIN sees dtrace's (its ioctl). Frames past the stack's end are zero, so a stack ends at the
 * first 0 and equal stacks give equal keys. Nothing is symbolized here: the tracer does it
 * (usym.h).
 *
 * The kernel's stack(), sym(), func() and mod() record the same layout with the pid
 * USYM_KERNEL_PID in place of the process's (usym.h symbolizes that from /proc/kallsyms) and,
 * for stack(), the kernel frames bpf_get_stack walks from the probe's kernel context. */
#include <string.h>

#include <stddef.h>

#include "agg.h"
#include "cfi.h"
#include "cg_clause.h"
#include "dcheck.h"
#include "usym.h"

static bool is_kernel(const struct dnode *call)
{
	return call->subr >= DS_STACK && call->subr <= DS_MOD;
}

/* At most 127 frames: the kernel's perf_event_max_stack, which bpf_get_stack (kernel stacks)
 * keeps to, and the bound of our own walk's loop. */
#define MAX_FRAMES 127

static uint32_t frames_of(struct cgc *c, const struct dnode *call)
{
	int64_t n;
	if (call->args && call->args->isconst)
		n = call->args->cval;
	else if (call->subr == DS_JSTACK)
		n = c->in->opts ? c->in->opts->jstackframes : 50;
	else if (call->subr == DS_STACK)
		n = c->in->opts ? c->in->opts->stackframes : 20;
	else
		n = c->in->opts ? c->in->opts->ustackframes : 100;
	/* more frames than maxframes allows are silently fewer (dtrace's dt_cg_stack_arg);
	 * maxframes=0 (or stackframes=0) records an empty stack */
	if (c->in->opts && n > c->in->opts->maxframes)
		n = c->in->opts->maxframes;
	if (n < 0)
		n = 0;
	return n > MAX_FRAMES ? MAX_FRAMES : (uint32_t)n;
}

/* The frame slots a stack's record or key holds: its frames, and at least one (a stack of
 * no frames is one zero frame). */
static uint32_t slots_of(struct cgc *c, const struct dnode *call)
{
	uint32_t n = frames_of(c, call);
	return n ? n : 1;
}

/* R0 = the current thread group id (the pid), or for the kernel's USYM_KERNEL_PID, stored at
 * off. */
static void store_pid(struct cgc *c, uint32_t off, bool rec, bool kernel)
{
	if (kernel) {
		cgc_emit(c, bi_mov64_imm(0, USYM_KERNEL_PID));
	} else {
		cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
	}
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)off));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
}

/* ---- the user stack walk ----
 *
 * One bounded loop over frames (the verifier follows each iteration), per frame: record the pc,
 * find the mapping holding it in the process's sorted mappings (ustack_procs, a binary search of
 * CFI_MAPS_SEARCH steps without branches), find the row in the object's rows (ustack_rows: the
 * range its page index gives, ustack_pages, then at most CFI_ROW_SEARCH steps of binary search
 * stopping at one row), and apply it: the CFA from %rsp or %rbp (or the PLT's rule), the
 * return address and the saved %rbp read at CFA offsets, or a signal frame's registers read
 * from the ucontext at %rsp. Where there is no row (an object without CFI, anonymous code, a
 * gap between FDEs), one frame-pointer step; where there is no table (a process not built
 * yet, a pc in a mapping made since), the stack ends at that frame. The pc looked up is the return address - 1 (the
 * call), except for the first frame and the frame a signal interrupted, whose pc is exact. The
 * stack ends at a row that says so (the outermost frame, an unsupported rule), a failed read,
 * a zero pc, or a frame that does not move up the stack. A process without a table, or a pc
 * in no mapping the table knows, is put in ustack_want for the tracer to build. */

/* scratch layout of the walk's state */
enum { W_PC = 0, W_SP = 8, W_BP = 16, W_TMP = 24, W_KEY = 32, W_TARGET = 40, W_CFA = 48,
       W_LO = 56, W_LEN = 64, W_HALF = 72, W_PID = 80, W_CFAOFF = 88, W_RBPOFF = 96,
       W_RAOFF = 104, W_RBPK = 112, W_NEWPC = 120, W_PAIR = 128, W_MAP = 144, W_TAG = 152,
       W_SLOT = 160, W_ROW = 168, W_BUFLO = 184, W_BUFOK = 192, W_ADDR = 200, W_STK = 208,
       W_SIZE = W_STK + CFI_STACK_COPY + 16 };

static void ensure_maps(struct cgc *c)
{
	if (c->o->ustack_rows_map >= 0)
		return;
	c->o->ustack_rows_map = cgc_add_map(c, "ustack_rows", BPF_SYS_MAP_ARRAY, 4,
					    sizeof(struct cfi_row), CFI_ROWS_DEFAULT);
	c->o->ustack_procs_map = cgc_add_map(c, "ustack_procs", BPF_SYS_MAP_HASH, 4,
					     sizeof(struct cfi_proc), CFI_PROCS_MAX);
	c->o->ustack_want_map = cgc_add_map(c, "ustack_want", BPF_SYS_MAP_HASH, 4, 8, CFI_WANT_MAX);
	c->o->ustack_pages_map = cgc_add_map(c, "ustack_pages", BPF_SYS_MAP_ARRAY, 4, 4,
					     CFI_PAGES_MAX);
	c->o->ustack_cache_map = cgc_add_map(c, "ustack_cache", BPF_SYS_MAP_PERCPU_ARRAY, 4,
					     CFI_CACHE_SLOTS * sizeof(struct cfi_cache_slot), 1);
	/* the tracer writes rows and page entries through mmap: a batch update of a million
	 * rows (libclang-cpp) took 100-200 ms of system calls, a copy into the mapping 10 */
	c->o->maps[c->o->ustack_rows_map].flags = BPF_F_MMAPABLE;
	c->o->maps[c->o->ustack_pages_map].flags = BPF_F_MMAPABLE;
}

/* R1 = R7 + off */
static void scr_ptr(struct cgc *c, int reg, uint32_t off)
{
	cgc_emit(c, bi_mov64_reg(reg, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, reg, (int32_t)off));
}

/* scratch[w + dst] = the user word at (register addr_reg + add); on failure jump to fail.
 * Clobbers R0-R5. */
static void read_user(struct cgc *c, uint32_t w, uint32_t dst, int addr_reg, int32_t add, int fail)
{
	if (addr_reg != 3)
		cgc_emit(c, bi_mov64_reg(3, addr_reg));
	if (add)
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, add));
	scr_ptr(c, 1, w + dst);
	cgc_emit(c, bi_mov64_imm(2, 8));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, fail);
}

/* scratch[w + dst], n (8 or 16) bytes = the user stack's at scratch[w + base] + scratch[w +
 * offslot]; on failure jump to fail. The stack is read a block at a time: the aligned
 * CFI_STACK_COPY bytes holding the address (W_STK, from W_BUFLO, valid when W_BUFOK), so the
 * frames above it in the block are loaded from scratch, not read one helper call each (a call
 * costs about 24 ns, a frame's whole work about 55; frames move up the stack). A block never
 * crosses a page: a read running past the stack's top would fault, which costs more than it
 * saves. Words that straddle a block's end, or a block that cannot be read, are read alone.
 * For the verifier: the size is constant, the ways meet with nothing live but the offset, and
 * each way through continues by the jump, not the fall-through, wherever it can: the
 * verifier keeps the fall-through's alternatives pending, and ustackdepth's 127 frames (in
 * tests/d/ok/builtins_misc.d) passed its limit of 8192 with one more per read ("the sequence
 * of 8193 jumps is too complex"). The copy is padded by 16 bytes so that the offset masked to
 * the block bounds the load for the verifier without another branch. Clobbers R0-R5. */
static void read_stack(struct cgc *c, uint32_t w, uint32_t dst, int n, uint32_t base,
		       uint32_t offslot, int fail, bool blocks)
{
	struct bpf_prog_buf *b = &c->buf;
	if (!blocks) {
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + base)));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + offslot)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
		scr_ptr(c, 1, w + dst);
		cgc_emit(c, bi_mov64_imm(2, n));
		cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
		bpb_jmp_imm(b, BPF_JNE, 0, 0, fail);
		return;
	}
	int check = bpb_label_new(b), refill = bpb_label_new(b), doread = bpb_label_new(b);
	int readok = bpb_label_new(b), small = bpb_label_new(b), load = bpb_label_new(b);
	int out = bpb_label_new(b);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + base)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + offslot)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 3, (int16_t)(w + W_ADDR)));
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(w + W_BUFOK)));
	bpb_jmp_imm(b, BPF_JNE, 1, 0, check);
	/* a new block */
	bpb_label_place(b, refill);
	cgc_emit(c, bi_mov64_reg(2, 3));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 2, CFI_STACK_COPY - 1));
	bpb_jmp_imm(b, BPF_JLE, 2, CFI_STACK_COPY - n, doread);
	bpb_ja(b, small);                                            /* straddles the block's end */
	bpb_label_place(b, doread);
	cgc_emit(c, bi_alu64_imm(BPF_AND, 3, -CFI_STACK_COPY));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 3, (int16_t)(w + W_BUFLO)));
	scr_ptr(c, 1, w + W_STK);
	cgc_emit(c, bi_mov64_imm(2, CFI_STACK_COPY));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_BUFOK), 0));
	bpb_jmp_imm(b, BPF_JEQ, 0, 0, readok);
	bpb_ja(b, small);
	bpb_label_place(b, readok);
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_BUFOK), 1));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_ADDR)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 2, CFI_STACK_COPY - 1));  /* <= COPY - n: checked above */
	bpb_ja(b, load);
	/* in the current block? */
	bpb_label_place(b, check);
	cgc_emit(c, bi_mov64_reg(2, 3));
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(w + W_BUFLO)));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 2, 1));
	bpb_jmp_imm(b, BPF_JLE, 2, CFI_STACK_COPY - n, load);
	bpb_ja(b, refill);
	bpb_label_place(b, load);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 2));
	for (int k = 0; k < n; k += 8) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, 1, (int16_t)(w + W_STK + k)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + dst + k)));
	}
	bpb_ja(b, out);
	/* alone */
	bpb_label_place(b, small);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_ADDR)));
	scr_ptr(c, 1, w + dst);
	cgc_emit(c, bi_mov64_imm(2, n));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(b, BPF_JEQ, 0, 0, out);
	bpb_ja(b, fail);
	bpb_label_place(b, out);
}

/* scratch[w + dst] = the user word at scratch[w + base] + scratch[w + offslot], read alone
 * (a signal frame's registers: rare enough that the blocks' code is not worth its verifier
 * time there) */
static void read_word_at(struct cgc *c, uint32_t w, uint32_t dst, uint32_t base, uint32_t offslot,
			 int fail)
{
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + base)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + offslot)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
	read_user(c, w, dst, 3, 0, fail);
}

/* scratch[w + dst] = the stack word at scratch[w + base] + scratch[w + offslot] */
static void read_user_at(struct cgc *c, uint32_t w, uint32_t dst, uint32_t base, uint32_t offslot,
			 int fail, bool blocks)
{
	read_stack(c, w, dst, 8, base, offslot, fail, blocks);
}

/* scratch[w + W_PAIR], 16 bytes = the stack words at scratch[w + base] + scratch[w + offslot] */
static void read_pair(struct cgc *c, uint32_t w, uint32_t base, uint32_t offslot, int fail,
		      bool blocks)
{
	read_stack(c, w, W_PAIR, 16, base, offslot, fail, blocks);
}

/* ustack_want[pid] = 0 (if absent). Clobbers R0-R5. */
static void emit_want(struct cgc *c, uint32_t w)
{
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_TMP), 0));
	cgc_ld_map(c, 1, c->o->ustack_want_map);
	scr_ptr(c, 2, w + W_PID);
	scr_ptr(c, 3, w + W_TMP);
	cgc_emit(c, bi_mov64_imm(4, BPF_NOEXIST));
	cgc_emit(c, bi_call(BPF_FUNC_map_update_elem));
}

/* A site of include/usdtrace/sdt.h runs its nop5 with %rsp lowered by 128, so that the call
 * the kernel makes of an optimised uprobe misses the red zone; the first frame's CFA rules
 * want the compiler's %rsp. The instruction after the nop5, lea 0x80(%rsp),%rsp (48 8d a4 24
 * 80 00 00 00), says so whatever padding precedes the nop5 (docs/sdt-sites.md). Only a CFA
 * on %rsp needs it, and the answer depends on the code at the pc alone, so it is kept with
 * the row in the cache (the pad of the row's copy, W_ROW): the 8-byte read at the pc, a third
 * of what came before the first frame, is made once per site and CPU. Sets the pad to
 * SITE_OURS or SITE_OTHER. Clobbers R0-R5. */
enum { SITE_UNKNOWN = 0, SITE_OURS = 1, SITE_OTHER = 2 };

static void emit_site_check(struct cgc *c, uint32_t w)
{
	struct bpf_prog_buf *b = &c->buf;
	int other = bpb_label_new(b), out = bpb_label_new(b);
	const int16_t pad = (int16_t)(w + W_ROW + offsetof(struct cfi_row, pad));

	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_PC)));
	read_user(c, w, W_TMP, 3, 5, other);
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_TMP)));
	bpb_ld_imm64(b, 3, 0x0000008024a48d48ULL);
	bpb_jmp_reg(b, BPF_JNE, 2, 3, other);
	cgc_emit(c, bi_st(BPF_H, CG_R_SCRATCH, pad, SITE_OURS));
	bpb_ja(b, out);
	bpb_label_place(b, other);
	cgc_emit(c, bi_st(BPF_H, CG_R_SCRATCH, pad, SITE_OTHER));
	bpb_label_place(b, out);
}

void cgc_ustack_walk(struct cgc *c, uint32_t off, uint32_t nframes, bool rec)
{
	struct bpf_prog_buf *b = &c->buf;
	ensure_maps(c);
	if (nframes < 1)
		nframes = 1;
	if (nframes > MAX_FRAMES)
		nframes = MAX_FRAMES;
	uint32_t w = cgs_scratch_alloc(&c->g, W_SIZE);
	int16_t s_i = cgc_slot_push(c), s_proc = cgc_slot_push(c), s_exact = cgc_slot_push(c);
	int16_t s_cache = cgc_slot_push(c);
	int loop = bpb_label_new(b), done = bpb_label_new(b), have = bpb_label_new(b);
	int fp = bpb_label_new(b), notfound = bpb_label_new(b), next = bpb_label_new(b);
	int rows_done = bpb_label_new(b), cfa_ok = bpb_label_new(b), signal = bpb_label_new(b);
	int not_rsp = bpb_label_new(b), not_rbp = bpb_label_new(b), rbp_done = bpb_label_new(b);
	int plt8 = bpb_label_new(b), search_maps = bpb_label_new(b), mapped = bpb_label_new(b);
	int search_rows = bpb_label_new(b), have_row = bpb_label_new(b);
	const int16_t mo = (int16_t)offsetof(struct cfi_proc, m);
	const bool uprobe = cgc_probe_flags(c) & PROV_F_UPROBE;
	/* Stack blocks (read_stack) for walks of at most CFI_BLOCK_FRAMES frames: they add about
	 * a third to the verifier's work per frame, which deep walks cannot spare (a clause with
	 * ustack(127), ustack(100) and ustackdepth verified 824k instructions of the kernel's
	 * 1M before them) */
	const bool blocks = nframes <= CFI_BLOCK_FRAMES;

	for (uint32_t k = 0; k < nframes; k++) {
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(off + 8 * k), 0));
		if (rec)
			cgc_patch_here(c, CGC_PATCH_REC_OFF);
	}
	cgc_emit(c, bi_st(BPF_DW, 10, s_i, 0));

	/* the user registers */
	if (uprobe) {
		cgc_emit(c, bi_mov64_reg(1, CG_R_CTX));
	} else {
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task_btf));
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_call(BPF_FUNC_task_pt_regs));
		cgc_emit(c, bi_mov64_reg(1, 0));
		/* a kernel thread, or a thread inside the kernel with no user frame saved: none */
		cgc_emit(c, bi_ldx(BPF_DW, 2, 1, 136));            /* cs */
		cgc_emit(c, bi_alu64_imm(BPF_AND, 2, 3));
		bpb_jmp_imm(b, BPF_JNE, 2, 3, done);
	}
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, 128));                     /* ip */
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_PC)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, 152));                     /* sp */
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_SP)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, 32));                      /* bp */
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_BP)));
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_BUFOK), 0));   /* no block yet */
	/* the process's table */
	cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_PID)));
	cgc_ld_map(c, 1, c->o->ustack_procs_map);
	scr_ptr(c, 2, w + W_PID);
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s_proc));
	bpb_jmp_imm(b, BPF_JNE, 0, 0, have);
	emit_want(c, w);
	bpb_label_place(b, have);
	/* the row cache (CFI_CACHE_SLOTS slots in one per-CPU value), looked up once. Element 0
	 * of a one-element array is always there; checked here once so that the pointer on the
	 * stack is known not null in every path (checked at each frame, the null and non-null
	 * copies made two families of paths: three times the verifier's time for ustack(100)) */
	cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, (int16_t)(w + W_KEY), 0));
	cgc_ld_map(c, 1, c->o->ustack_cache_map);
	scr_ptr(c, 2, w + W_KEY);
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
	bpb_jmp_imm(b, BPF_JEQ, 0, 0, done);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s_cache));
	cgc_emit(c, bi_st(BPF_DW, 10, s_exact, 1));
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_MAP), CFI_MAPS_MAX));  /* none yet */

	/* ---- per frame ---- */
	bpb_label_place(b, loop);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_i));
	bpb_jmp_imm(b, BPF_JGE, 1, (int32_t)nframes, done);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)off));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_reg(3, 1));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 3, 3));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 3));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PC)));
	cgc_emit(c, bi_stx(BPF_DW, 2, 0, 0));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, 1));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, s_i));
	bpb_jmp_imm(b, BPF_JGE, 1, (int32_t)nframes, done);

	/* target = pc - 1 unless the pc is exact */
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_exact));
	cgc_emit(c, bi_alu64_imm(BPF_XOR, 1, 1));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 1));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_TARGET)));
	cgc_emit(c, bi_mov64_reg(5, 0));

	/* the mapping: the previous frame's when it holds target (most frames stay in one
	 * object: one range check), else the last one starting at or below target (R1 table, R3
	 * lo, R4 len). Both ways leave the mapping's index in scratch (W_MAP) and meet with only
	 * R1 and R5 live, so the verifier prunes the second way into the rest of the frame: with
	 * the mapping's pointer carried across instead, it followed the row search once per way
	 * and took twice as long to load ustack(100) (start-up 0.8 s -> 1.9 s). */
	/* no table for the process yet: the stack ends at this frame (recorded above). A
	 * frame-pointer step in code built without frame pointers can print a frame that is not
	 * on the stack; a stack printed is a true leading part of the real one or nothing */
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_proc));
	bpb_jmp_imm(b, BPF_JEQ, 1, 0, done);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_MAP)));
	bpb_jmp_imm(b, BPF_JGE, 3, CFI_MAPS_MAX, search_maps);
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 3, (int32_t)sizeof(struct cfi_mapping)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 1));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 3, mo + (int16_t)offsetof(struct cfi_mapping, start)));
	bpb_jmp_reg(b, BPF_JLT, 5, 2, search_maps);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 3, mo + (int16_t)offsetof(struct cfi_mapping, end)));
	bpb_jmp_reg(b, BPF_JLT, 5, 2, mapped);
	bpb_label_place(b, search_maps);
	cgc_emit(c, bi_ldx(BPF_W, 4, 1, 0));
	bpb_jmp_imm(b, BPF_JEQ, 4, 0, notfound);
	bpb_jmp_imm(b, BPF_JGT, 4, CFI_MAPS_MAX, fp);
	cgc_emit(c, bi_mov64_imm(3, 0));
	/* branchless: an early exit when one candidate is left saved steps but multiplied the
	 * verifier's paths past its limit ("8193 jumps is too complex") in programs with
	 * several stack actions (tests/d/ok/builtins_misc.d) */
	for (int k = 0; k < CFI_MAPS_SEARCH; k++) {
		cgc_emit(c, bi_mov64_reg(0, 4));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 1));             /* half */
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, 1));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 1));             /* len - half */
		cgc_emit(c, bi_mov64_reg(2, 3));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 0));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 2, CFI_MAPS_MAX - 1));
		cgc_emit(c, bi_alu64_imm(BPF_MUL, 2, (int32_t)sizeof(struct cfi_mapping)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
		cgc_emit(c, bi_ldx(BPF_DW, 2, 2, (int16_t)offsetof(struct cfi_proc, m)));
		/* all ones when start <= target: (start - target - 1) >> 63, arithmetic */
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 2, 5));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 2, 1));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, 2, 63));
		cgc_emit(c, bi_alu64_reg(BPF_AND, 0, 2));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
	}
	cgc_emit(c, bi_alu64_imm(BPF_AND, 3, CFI_MAPS_MAX - 1));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 3, (int16_t)(w + W_MAP)));
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 3, (int32_t)sizeof(struct cfi_mapping)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 1));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 3, mo + (int16_t)offsetof(struct cfi_mapping, start)));
	bpb_jmp_reg(b, BPF_JLT, 5, 2, notfound);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 3, mo + (int16_t)offsetof(struct cfi_mapping, end)));
	bpb_jmp_reg(b, BPF_JGE, 5, 2, notfound);
	/* R3 again from the index in scratch, as on the other way here */
	bpb_label_place(b, mapped);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_MAP)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 3, CFI_MAPS_MAX - 1));
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 3, (int32_t)sizeof(struct cfi_mapping)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 1));
	cgc_emit(c, bi_ldx(BPF_W, 2, 3, mo + (int16_t)offsetof(struct cfi_mapping, row_lo)));
	cgc_emit(c, bi_ldx(BPF_W, 4, 3, mo + (int16_t)offsetof(struct cfi_mapping, row_hi)));
	bpb_jmp_reg(b, BPF_JGE, 2, 4, fp);                          /* an object without CFI */
	cgc_emit(c, bi_ldx(BPF_DW, 0, 3, mo + (int16_t)offsetof(struct cfi_mapping, bias)));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 5, 0));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 5, (int16_t)(w + W_TARGET)));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 4, 2));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_LO)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 4, (int16_t)(w + W_LEN)));

	/* the cache: a slot chosen by object (its first row) and pc, holding that pair's row.
	 * Read as a sequence lock against a program that preempts this one on the CPU and
	 * rewrites the slot: the tag before and after the row. Both ways to have_row leave the
	 * row in scratch (W_ROW) and no register live, so the verifier prunes the second. */
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_TAG), 0));
	cgc_emit(c, bi_mov64_reg(0, 5));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
	bpb_jmp_imm(b, BPF_JNE, 0, 0, search_rows);                /* pcs are 32-bit in rows */
	cgc_emit(c, bi_mov64_reg(0, 2));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 1));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 32));
	cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 5));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_TAG)));
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_cache));
	cgc_emit(c, bi_mov32_reg(4, 5));
	cgc_emit(c, bi_alu32_imm(BPF_MUL, 4, (int32_t)0x9e3779b1u));
	cgc_emit(c, bi_alu32_imm(BPF_RSH, 4, 16));
	cgc_emit(c, bi_alu32_reg(BPF_XOR, 4, 2));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 4, CFI_CACHE_SLOTS - 1));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 4, (int16_t)(w + W_SLOT)));
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 4, (int32_t)sizeof(struct cfi_cache_slot)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 4));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, (int16_t)offsetof(struct cfi_cache_slot, tag)));
	bpb_jmp_reg(b, BPF_JNE, 2, 0, search_rows);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, (int16_t)offsetof(struct cfi_cache_slot, row)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_ROW)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, (int16_t)offsetof(struct cfi_cache_slot, row) + 8));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_ROW + 8)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 1, (int16_t)offsetof(struct cfi_cache_slot, tag)));
	bpb_jmp_reg(b, BPF_JEQ, 2, 0, have_row);
	bpb_label_place(b, search_rows);
	cgc_emit(c, bi_ldx(BPF_DW, 5, CG_R_SCRATCH, (int16_t)(w + W_TARGET)));

	/* narrowed by the page index: target's page's entry packs the first row that can hold
	 * target and how many more (cfi.h); without an entry, all the object's rows */
	{
		int search = bpb_label_new(b);
		cgc_emit(c, bi_ldx(BPF_W, 0, 3, mo + (int16_t)offsetof(struct cfi_mapping, page_first)));
		cgc_emit(c, bi_mov64_reg(1, 5));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 1, CFI_PAGE_SHIFT));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 0));
		cgc_emit(c, bi_ldx(BPF_W, 0, 3, mo + (int16_t)offsetof(struct cfi_mapping, npages)));
		bpb_jmp_reg(b, BPF_JGE, 1, 0, search);
		cgc_emit(c, bi_ldx(BPF_W, 0, 3, mo + (int16_t)offsetof(struct cfi_mapping, page_lo)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
		cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 1, (int16_t)(w + W_KEY)));
		cgc_ld_map(c, 1, c->o->ustack_pages_map);
		scr_ptr(c, 2, w + W_KEY);
		cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
		bpb_jmp_imm(b, BPF_JEQ, 0, 0, search);
		cgc_emit(c, bi_ldx(BPF_W, 2, 0, 0));
		cgc_emit(c, bi_mov64_reg(4, 2));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 4, CFI_PAGE_SPAN_MASK));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, 1));                /* rows to search */
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 2, CFI_PAGE_SPAN_BITS)); /* the first */
		cgc_emit(c, bi_mov64_reg(0, 2));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 4));
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_LEN)));
		bpb_jmp_reg(b, BPF_JGT, 0, 3, search);              /* not an index: ignore it */
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 4, (int16_t)(w + W_LEN)));
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_LO)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 2));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 3, (int16_t)(w + W_LO)));
		bpb_label_place(b, search);
	}

	/* the row: the last one at or below target, in [lo, lo + len) */
	for (int k = 0; k < CFI_ROW_SEARCH; k++) {
		cgc_emit(c, bi_ldx(BPF_DW, 4, CG_R_SCRATCH, (int16_t)(w + W_LEN)));
		bpb_jmp_imm(b, BPF_JLE, 4, 1, rows_done);
		cgc_emit(c, bi_mov64_reg(0, 4));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 1));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_HALF)));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, 1));
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 4, 1));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 4, (int16_t)(w + W_LEN)));
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_LO)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
		cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 3, (int16_t)(w + W_KEY)));
		cgc_ld_map(c, 1, c->o->ustack_rows_map);
		scr_ptr(c, 2, w + W_KEY);
		cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
		bpb_jmp_imm(b, BPF_JEQ, 0, 0, done);
		cgc_emit(c, bi_ldx(BPF_W, 2, 0, (int16_t)offsetof(struct cfi_row, pc)));
		cgc_emit(c, bi_ldx(BPF_DW, 5, CG_R_SCRATCH, (int16_t)(w + W_TARGET)));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 2, 5));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 2, 1));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, 2, 63));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_HALF)));
		cgc_emit(c, bi_alu64_reg(BPF_AND, 0, 2));
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_LO)));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 3, (int16_t)(w + W_LO)));
	}
	bpb_label_place(b, rows_done);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_LO)));
	cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 3, (int16_t)(w + W_KEY)));
	cgc_ld_map(c, 1, c->o->ustack_rows_map);
	scr_ptr(c, 2, w + W_KEY);
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
	bpb_jmp_imm(b, BPF_JEQ, 0, 0, done);
	cgc_emit(c, bi_ldx(BPF_W, 2, 0, (int16_t)offsetof(struct cfi_row, pc)));
	cgc_emit(c, bi_ldx(BPF_DW, 5, CG_R_SCRATCH, (int16_t)(w + W_TARGET)));
	bpb_jmp_reg(b, BPF_JLT, 5, 2, fp);                          /* before the first row */
	cgc_emit(c, bi_ldx(BPF_DW, 2, 0, 0));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_ROW)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 0, 8));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_ROW + 8)));
	cgc_emit(c, bi_st(BPF_H, CG_R_SCRATCH, (int16_t)(w + W_ROW + offsetof(struct cfi_row, pad)),
			  SITE_UNKNOWN));
	if (uprobe) {
		/* the first frame of a uprobe on a CFA on %rsp: our site or not, cached with the
		 * row (emit_site_check) */
		int no = bpb_label_new(b);
		cgc_emit(c, bi_ldx(BPF_DW, 2, 10, s_i));
		bpb_jmp_imm(b, BPF_JNE, 2, 1, no);
		cgc_emit(c, bi_ldx(BPF_B, 2, CG_R_SCRATCH,
				   (int16_t)(w + W_ROW + offsetof(struct cfi_row, cfa))));
		bpb_jmp_imm(b, BPF_JNE, 2, CFI_CFA_RSP, no);
		emit_site_check(c, w);
		bpb_label_place(b, no);
	}
	/* into the cache slot: tag 0 while the row is written */
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_TAG)));
	bpb_jmp_imm(b, BPF_JEQ, 2, 0, have_row);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s_cache));
	cgc_emit(c, bi_ldx(BPF_DW, 4, CG_R_SCRATCH, (int16_t)(w + W_SLOT)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 4, CFI_CACHE_SLOTS - 1));
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 4, (int32_t)sizeof(struct cfi_cache_slot)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 4));
	cgc_emit(c, bi_st(BPF_DW, 1, (int16_t)offsetof(struct cfi_cache_slot, tag), 0));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_ROW)));
	cgc_emit(c, bi_stx(BPF_DW, 1, 0, (int16_t)offsetof(struct cfi_cache_slot, row)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_ROW + 8)));
	cgc_emit(c, bi_stx(BPF_DW, 1, 0, (int16_t)offsetof(struct cfi_cache_slot, row) + 8));
	cgc_emit(c, bi_stx(BPF_DW, 1, 2, (int16_t)offsetof(struct cfi_cache_slot, tag)));

	/* the row's fields, sign-extended, into scratch */
	bpb_label_place(b, have_row);
	cgc_emit(c, bi_mov64_reg(0, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)(w + W_ROW)));
	cgc_emit(c, bi_ldx(BPF_W, 2, 0, (int16_t)offsetof(struct cfi_row, cfa_off)));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 2, 32));
	cgc_emit(c, bi_alu64_imm(BPF_ARSH, 2, 32));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_CFAOFF)));
	cgc_emit(c, bi_ldx(BPF_H, 2, 0, (int16_t)offsetof(struct cfi_row, rbp_off)));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 2, 48));
	cgc_emit(c, bi_alu64_imm(BPF_ARSH, 2, 48));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_RBPOFF)));
	cgc_emit(c, bi_ldx(BPF_H, 2, 0, (int16_t)offsetof(struct cfi_row, ra_off)));
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 2, 48));
	cgc_emit(c, bi_alu64_imm(BPF_ARSH, 2, 48));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_RAOFF)));
	cgc_emit(c, bi_ldx(BPF_B, 2, 0, (int16_t)offsetof(struct cfi_row, rbp)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_RBPK)));
	cgc_emit(c, bi_ldx(BPF_B, 1, 0, (int16_t)offsetof(struct cfi_row, cfa)));

	/* the CFA, into R2 */
	bpb_jmp_imm(b, BPF_JNE, 1, CFI_CFA_RSP, not_rsp);
	if (uprobe) {
		/* the first frame at one of our sites: the compiler's %rsp is 128 above */
		int plain = bpb_label_new(b), known = bpb_label_new(b);
		const int16_t pad = (int16_t)(w + W_ROW + offsetof(struct cfi_row, pad));
		cgc_emit(c, bi_ldx(BPF_DW, 2, 10, s_i));
		bpb_jmp_imm(b, BPF_JNE, 2, 1, plain);
		cgc_emit(c, bi_ldx(BPF_H, 2, CG_R_SCRATCH, pad));
		bpb_jmp_imm(b, BPF_JNE, 2, SITE_UNKNOWN, known);
		emit_site_check(c, w);              /* a row cached by a later frame */
		bpb_label_place(b, known);
		cgc_emit(c, bi_ldx(BPF_H, 2, CG_R_SCRATCH, pad));
		bpb_jmp_imm(b, BPF_JNE, 2, SITE_OURS, plain);
		cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_SP)));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 128));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_SP)));
		bpb_label_place(b, plain);
	}
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_SP)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_CFAOFF)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 0));
	bpb_ja(b, cfa_ok);
	bpb_label_place(b, not_rsp);
	bpb_jmp_imm(b, BPF_JNE, 1, CFI_CFA_RBP, not_rbp);
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_BP)));
	bpb_jmp_imm(b, BPF_JEQ, 2, 0, done);                        /* %rbp lost */
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_CFAOFF)));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 0));
	bpb_ja(b, cfa_ok);
	bpb_label_place(b, not_rbp);
	bpb_jmp_imm(b, BPF_JEQ, 1, CFI_CFA_SIGNAL, signal);
	bpb_jmp_imm(b, BPF_JEQ, 1, CFI_CFA_NONE, fp);
	bpb_jmp_imm(b, BPF_JNE, 1, CFI_CFA_PLT, done);              /* END, EXPR: the stack ends */
	/* the PLT: rsp + 8, + 8 once the entry has pushed its index */
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_PC)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 3, 15));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_CFAOFF)));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_SP)));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 8));
	bpb_jmp_reg(b, BPF_JLT, 3, 0, plt8);
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 8));
	bpb_label_place(b, plt8);

	/* R2 = CFA: it must lie above %rsp, then the return address and %rbp from it */
	bpb_label_place(b, cfa_ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_SP)));
	bpb_jmp_reg(b, BPF_JLE, 2, 3, done);
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_CFA)));
	{
		/* The common frame (push %rbp after the call): %rbp saved just below the return
		 * address, both read in one call; the helper call is most of a frame's cost. */
		int single = bpb_label_new(b);
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(w + W_RBPK)));
		bpb_jmp_imm(b, BPF_JNE, 1, CFI_RBP_CFA, single);
		cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_RBPOFF)));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_RAOFF)));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 0, 8));
		bpb_jmp_reg(b, BPF_JNE, 0, 3, single);
		read_pair(c, w, W_CFA, W_RBPOFF, done, blocks);
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PAIR)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_BP)));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PAIR + 8)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_NEWPC)));
		bpb_ja(b, rbp_done);
		bpb_label_place(b, single);
	}
	read_user_at(c, w, W_NEWPC, W_CFA, W_RAOFF, done, blocks);
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(w + W_RBPK)));
	bpb_jmp_imm(b, BPF_JEQ, 1, CFI_RBP_SAME, rbp_done);
	{
		int lost = bpb_label_new(b);
		bpb_jmp_imm(b, BPF_JNE, 1, CFI_RBP_CFA, lost);
		read_user_at(c, w, W_BP, W_CFA, W_RBPOFF, done, blocks);
		bpb_ja(b, rbp_done);
		bpb_label_place(b, lost);
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_BP), 0));
	}
	bpb_label_place(b, rbp_done);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_CFA)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_SP)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_NEWPC)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_PC)));
	cgc_emit(c, bi_st(BPF_DW, 10, s_exact, 0));
	bpb_ja(b, next);

	/* a signal frame: the interrupted registers from the ucontext at %rsp; its pc is exact */
	bpb_label_place(b, signal);
	{
		int keep = bpb_label_new(b);
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(w + W_RBPK)));
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_TMP), 0));
		bpb_jmp_imm(b, BPF_JNE, 1, CFI_RBP_RSP, keep);
		read_word_at(c, w, W_TMP, W_SP, W_RBPOFF, done);
		bpb_label_place(b, keep);
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_TMP)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_BP)));
		read_word_at(c, w, W_NEWPC, W_SP, W_RAOFF, done);
		read_word_at(c, w, W_CFA, W_SP, W_CFAOFF, done);
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_CFA)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_SP)));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_NEWPC)));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_PC)));
		cgc_emit(c, bi_st(BPF_DW, 10, s_exact, 1));
		bpb_ja(b, next);
	}

	/* a pc in no mapping the table knows (mapped since the table was built): ask the tracer,
	 * and end the stack here, as for a process without a table */
	bpb_label_place(b, notfound);
	emit_want(c, w);
	bpb_ja(b, done);

	/* one frame-pointer step: %rbp must lie at or above %rsp */
	bpb_label_place(b, fp);
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_BP)));
	cgc_emit(c, bi_ldx(BPF_DW, 3, CG_R_SCRATCH, (int16_t)(w + W_SP)));
	bpb_jmp_reg(b, BPF_JLT, 2, 3, done);
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(w + W_TMP), 0));
	read_pair(c, w, W_BP, W_TMP, done, blocks);         /* saved %rbp, return addr */
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, (int16_t)(w + W_BP)));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 16));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)(w + W_SP)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PAIR)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_BP)));
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PAIR + 8)));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(w + W_PC)));
	cgc_emit(c, bi_st(BPF_DW, 10, s_exact, 0));

	bpb_label_place(b, next);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)(w + W_PC)));
	bpb_jmp_imm(b, BPF_JNE, 0, 0, loop);

	bpb_label_place(b, done);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s_i));
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
}

/* bpf_get_stack into scratch[off..off+bytes), the frames to skip (the flags' skip field) in
 * stack slot skip; R0 = its result. rec: off lies in the record. */
static void get_kstack(struct cgc *c, uint32_t off, uint32_t bytes, int16_t skip, bool rec)
{
	cgc_emit(c, bi_mov64_reg(1, CG_R_CTX));
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)off));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_imm(3, (int32_t)bytes));
	cgc_emit(c, bi_ldx(BPF_DW, 4, 10, skip));
	cgc_emit(c, bi_call(BPF_FUNC_get_stack));   /* zero-fills what it does not find */
}

void cgc_kstack_get(struct cgc *c, uint32_t off, uint32_t bytes, bool rec)
{
	struct prov_kstack k = { 0 };
	/* a uprobe fires in user mode: the kernel frames under it are the probe machinery's */
	if (cgc_probe_flags(c) & PROV_F_UPROBE)
		k.none = true;
	else if (c->probe->prov->kstack_own)
		c->probe->prov->kstack_own(c->probe, &k);
	if (k.none) {
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)off, 0));
		if (rec)
			cgc_patch_here(c, CGC_PATCH_REC_OFF);
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int16_t skip = cgc_slot_push(c);
	cgc_emit(c, bi_st(BPF_DW, 10, skip, (int32_t)k.skip));
	if (k.nhandlers) {
		/* the frames past the fixed ones: handlers', then the probe site's */
		const int n = PROV_KSTACK_MAX_HANDLED;
		uint32_t peek = cgs_scratch_alloc(&c->g, 8 * n);
		int go = bpb_label_new(&c->buf);
		get_kstack(c, peek, 8 * n, skip, false);
		bpb_jmp_imm(&c->buf, BPF_JSLT, 0, 8, go);
		for (int f = 0; f < n; f++) {
			int handled = bpb_label_new(&c->buf);
			cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)(peek + 8 * f)));
			for (int i = 0; i < k.nhandlers; i++) {
				int next = bpb_label_new(&c->buf);
				bpb_ld_imm64(&c->buf, 2, k.handler[i].lo);
				bpb_jmp_reg(&c->buf, BPF_JLT, 1, 2, next);
				bpb_ld_imm64(&c->buf, 2, k.handler[i].hi);
				bpb_jmp_reg(&c->buf, BPF_JLT, 1, 2, handled);
				bpb_label_place(&c->buf, next);
			}
			bpb_ja(&c->buf, go);   /* the site: no more to leave out */
			bpb_label_place(&c->buf, handled);
			cgc_emit(c, bi_st(BPF_DW, 10, skip, (int32_t)(k.skip + f + 1)));
		}
		bpb_label_place(&c->buf, go);
	}
	get_kstack(c, off, bytes, skip, rec);
	cgc_slot_pop(c);
}

/* pid at off, then nframes user (or kernel) frames (zero-filled beyond the stack's end). */
static void emit_stack(struct cgc *c, uint32_t off, uint32_t nframes, bool rec, bool kernel)
{
	store_pid(c, off, rec, kernel);
	if (nframes == 0) {
		/* a stack with no frames: one zero frame, where the printers stop */
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(off + 8), 0));
		if (rec)
			cgc_patch_here(c, CGC_PATCH_REC_OFF);
		return;
	}
	if (!kernel) {
		cgc_ustack_walk(c, off + 8, nframes, rec);
		return;
	}
	cgc_kstack_get(c, off + 8, nframes * 8, rec);
}

/* pid at off, the address (the call's argument) after it. */
static void emit_addr(struct cgc *c, struct dnode *call, uint32_t off, bool rec)
{
	cgc_eval_int(c, call->args);
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)(off + 8)));
	if (rec)
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
	store_pid(c, off, rec, is_kernel(call));
}

void cgc_ustack_action(struct cgc *c, struct dnode *call)
{
	bool stack = call->subr == DS_USTACK || call->subr == DS_JSTACK || call->subr == DS_STACK;
	enum dobj_act_kind kind = stack ? DOBJ_ACT_USTACK :
				  call->subr == DS_UADDR ? DOBJ_ACT_UADDR :
				  call->subr == DS_UMOD || call->subr == DS_MOD ? DOBJ_ACT_UMOD
										: DOBJ_ACT_USYM;
	uint32_t size = stack ? 8 + 8 * slots_of(c, call) : 16;
	struct dobj_val *v = cgc_new_action(c, kind, 1)->vals;

	v->off = cgc_rec_alloc(c, size, 8);
	v->size = size;
	v->kind = DOBJ_V_BYTES;
	v->argtype = (struct dfmt_argtype){ .cls = stack ? DFMT_ARG_STACK : DFMT_ARG_USYMADDR,
					    .size = size, .name = stack ? "stack" : "_usymaddr" };
	if (stack)
		emit_stack(c, v->off, frames_of(c, call), true, is_kernel(call));
	else
		emit_addr(c, call, v->off, true);
}

static bool key_of(struct cgc *c, const struct dnode *k, struct agg_keydesc *kd)
{
	memset(kd, 0, sizeof(*kd));
	if (!dck_is_ukey(k))
		return false;
	switch (k->subr) {
	case DS_USTACK: case DS_JSTACK: case DS_STACK:
		kd->kind = AGG_KEY_STACK;
		kd->size = 8 + 8 * slots_of(c, k);
		break;
	case DS_UADDR:
		kd->kind = AGG_KEY_UADDR;
		kd->size = 16;
		break;
	case DS_UMOD: case DS_MOD:
		kd->kind = AGG_KEY_UMOD;
		kd->size = 16;
		break;
	default:
		kd->kind = AGG_KEY_USYM;
		kd->size = 16;
		break;
	}
	return true;
}

bool cgc_ustack_key_desc(struct cgc *c, const struct dck_agg *a, int idx, struct agg_keydesc *kd)
{
	bool seen = false, is = false;
	for (struct dnode *n = c->ck->prog->pool.all; n; n = n->pool_next) {
		struct dnode *k;
		if (!cgc_agg_update_key(n, a, idx, &k) || !k)
			continue;
		struct agg_keydesc this;
		bool u = key_of(c, k, &this);
		if (!seen) {
			seen = true;
			is = u;
			*kd = this;
		} else if (u && is && this.kind == AGG_KEY_STACK && kd->kind == AGG_KEY_STACK) {
			/* stacks of any depth, user or kernel, share a position as in dtrace: the
			 * deepest sizes it, a shallower one is zero-filled (the printer stops at
			 * the first zero frame; the pid word tells kernel from user) */
			if (this.size > kd->size)
				kd->size = this.size;
		} else if (u != is || (u && this.kind != kd->kind)) {
			/* one map key layout per aggregation: usym() and a plain address, or a
			 * stack and a symbol, cannot share a key position */
			cgc_fail(c, n, "@%s: key #%d must be the same kind of user stack or symbol "
				 "in every use", dck_agg_label(a->name), idx + 1);
		}
	}
	return is;
}

void cgc_ustack_key(struct cgc *c, struct dnode *call, uint32_t off, const struct agg_keydesc *kd)
{
	if (kd->kind == AGG_KEY_STACK) {
		uint32_t frames = frames_of(c, call);
		emit_stack(c, off, frames, false, is_kernel(call));
		for (uint32_t at = 8 + 8 * slots_of(c, call); at < kd->size; at += 8)
			cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(off + at), 0));
	} else
		emit_addr(c, call, off, false);
}
