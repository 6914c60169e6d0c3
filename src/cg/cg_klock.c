/* cg_klock.c — DTrace for Linux's kernel lock subroutines as BPF: mutex_owned(),
 * mutex_owner(), mutex_type_adaptive(), mutex_type_spin() on a struct mutex *, and
 * rw_iswriter(), rw_read_held(), rw_write_held() on a rwlock_t *.
 *
 * A Linux mutex keeps its owner in one word (struct mutex.owner): the owning task's address
 * with the low three bits used as flags (waiters, handoff, pickup), 0 when unowned. Every
 * Linux mutex is adaptive (it spins on a running owner, then sleeps), none a spin mutex, so
 * the type tests are constants (1 and 0), as DTrace for Linux's documentation says; their
 * argument is evaluated and not read. mutex_owned() is whether the calling thread is the
 * owner (DTrace for Linux gives 0 to a waiter while another thread holds the lock, 1 once it
 * has it: rawtp:lock::contention_begin/end on a contended pipe mutex); mutex_owner() the
 * owner's task_struct, NULL when unowned.
 *
 * A rwlock_t is a queued rwlock (its raw_lock), whose 32-bit cnts word has the writer byte
 * (0xff: held by a writer) and the waiting-writer bit (0x100) below the reader count (from
 * bit 9). rw_write_held() is whether a writer holds it, rw_read_held() whether readers do,
 * rw_iswriter() whether a writer holds it or waits for it; each 1 or 0.
 *
 * Offsets come from the kernel's BTF (kbtf_offsets: mutex.owner, rwlock_t.raw_lock.cnts);
 * the flag bits are the kernel's, which BTF does not carry. As in DTrace for Linux, a NULL
 * lock faults (DTRACEFLT_BADADDR, address 0) and another address that cannot be read gives
 * 0 (the read's zero-filled result). */
#include <linux/bpf.h>

#include "cg_clause.h"
#include "cg_impl.h"
#include "kbtf.h"

#define MUTEX_FLAG_BITS 0x07   /* kernel/locking/mutex.c: MUTEX_FLAGS */
#define QRW_WRITER_LOCKED 0xff /* include/asm-generic/qrwlock.h: _QW_LOCKED */
#define QRW_WRITER_WAITING 0x100
#define QRW_READER_SHIFT 9

/* R0 = 1 if R0 is not 0. */
static void to_bool(struct cgc *c)
{
	int zero = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, zero);
	cgc_emit(c, bi_mov64_imm(0, 1));
	bpb_label_place(&c->buf, zero);
}

void cgc_klock(struct cgc *c, struct dnode *n)
{
	struct dnode *a = n->args;
	if (n->subr == DS_MUTEX_TYPE_ADAPTIVE || n->subr == DS_MUTEX_TYPE_SPIN) {
		cgc_eval_raw(c, a);
		cgc_emit(c, bi_mov64_imm(0, n->subr == DS_MUTEX_TYPE_ADAPTIVE));
		return;
	}
	const struct kbtf_offsets *o = kbtf_offsets();
	bool mutex = n->subr == DS_MUTEX_OWNED || n->subr == DS_MUTEX_OWNER;
	int off = mutex ? o->mutex_owner : o->rwlock_cnts;
	if (off < 0)
		cgc_fail(c, n, "%s( ) needs the kernel's BTF (/sys/kernel/btf/vmlinux) to find %s, "
			 "and it is not available", dsubr_name((enum dsubr)n->subr),
			 mutex ? "struct mutex's owner" : "rwlock_t's counts");
	uint32_t tmp = cgs_scratch_alloc(&c->g, 8);
	int ok = bpb_label_new(&c->buf);
	cgc_eval_raw(c, a);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, ok);
	cgc_emit(c, bi_mov64_imm(3, 0));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
	cgc_kread(c, tmp, off, mutex ? 8 : 4);
	switch (n->subr) {
	case DS_MUTEX_OWNER:
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, ~MUTEX_FLAG_BITS));
		return;
	case DS_MUTEX_OWNED: {
		int no = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, ~MUTEX_FLAG_BITS));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)tmp));
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)tmp));
		bpb_jmp_reg(&c->buf, BPF_JNE, 0, 1, no);
		cgc_emit(c, bi_mov64_imm(0, 1));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, no);
		cgc_emit(c, bi_mov64_imm(0, 0));
		bpb_label_place(&c->buf, done);
		return;
	}
	case DS_RW_WRITE_HELD:
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, QRW_WRITER_LOCKED));
		break;
	case DS_RW_READ_HELD:
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, QRW_READER_SHIFT));
		break;
	default:   /* rw_iswriter */
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, QRW_WRITER_LOCKED | QRW_WRITER_WAITING));
		break;
	}
	to_bool(c);
}
