/* cg_subr.c — D subroutine calls as BPF: the DN_CALL nodes of subroutines (cg_subr.h says which
 * and how). Integer-valued ones evaluate into R0, string-valued ones into a scratch slot through
 * cg_str.h's emitters, statement-only ones record nothing. Memory subroutines (copyin, alloca,
 * bcopy, copyinto, copyout) check sizes and tracer-memory addresses as DTrace does. */
#include <errno.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "cg_clause.h"
#include "cg_str.h"
#include "cg_subfn.h"
#include "cg_subr.h"

#define PROGENY_DEPTH 24                     /* ancestors progenyof() looks at */

/* ---- arguments and tracer memory ---- */

static struct dnode *arg_n(struct dnode *call, int i)
{
	struct dnode *a = call->args;

	while (a && i-- > 0)
		a = a->next;
	return a;
}

/* R0 = this CPU's scratch address + off: a tracer-memory pointer as D sees it. */
static void scratch_addr(struct cgc *c, uint32_t off)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)off));
}

uint32_t cgc_persist_alloc(struct cgc *c, uint32_t size)
{
	uint32_t off = cgs_scratch_alloc(&c->g, size);

	c->persist_top = c->g.scratch_top;
	c->persist_used += size;
	return off;
}

/* A size argument bounded by max for helpers that need a bounded length: R0 = size, or a
 * fault (out of scratch space) above max. */
static void bounded_size(struct cgc *c, int16_t slot, uint32_t max)
{
	int ok = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, slot));
	bpb_jmp_imm(&c->buf, BPF_JLE, 0, (int32_t)max, ok);
	c->g.emit_fault(&c->g, DOUT_FLT_NOSCRATCH, -1);
	bpb_label_place(&c->buf, ok);
}

/* The most one clause may alloca() (and copyin()): the scratchsize option rounded up to 8 bytes,
 * as dtrace keeps it (-x scratchsize=100: "alloca(101) size larger than scratchsize 104"). */
static uint64_t alloca_limit(const struct cgc *c)
{
	uint64_t s = c->in->opts ? c->in->opts->scratchsize : 256;
	return s > UINT64_MAX - 7 ? s : (s + 7) & ~(uint64_t)7;
}

/* A constant size beyond the scratchsize, alloca()'s or copyin()'s: dtrace's D_ALLOCA_SIZE
 * (copyin(addr, -1): "alloca(18446744073709551615) size larger than scratchsize 256"). */
_Noreturn static void alloca_too_big(struct cgc *c, struct dnode *n, uint64_t size, uint64_t limit)
{
	cgc_fail_tag(c, n, D_ALLOCA_SIZE, "alloca(%llu) size larger than scratchsize %llu",
		     (unsigned long long)size, (unsigned long long)limit);
}

#define COPY_MAX 1024      /* largest run-time-sized copyin/copyinto/bcopy/copyout */

/* Fault with DTRACEFLT_BADSIZE (the size) unless 0 <= the size in slot `zs` <= max. */
static void checked_size(struct cgc *c, int16_t zs, uint32_t max)
{
	int ok = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	bpb_jmp_imm(&c->buf, BPF_JLE, 3, (int32_t)max, ok);
	c->g.emit_fault(&c->g, DOUT_FLT_BADSIZE, 3);
	bpb_label_place(&c->buf, ok);
}

/* A source in tracer scratch must have its `size` bytes (slot zs) below the top of the clause's
 * alloca() memory: reading past it faults with DTRACEFLT_BADSIZE (the size), as in DTrace.
 * String operands live in our temporaries and are not checked. */
static void src_in_alloca(struct cgc *c, int16_t ss, int16_t zs)
{
	int ok = bpb_label_new(&c->buf);

	cgc_scratch_off(c, ss);
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 3));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)c->persist_top, ok);
	c->g.emit_fault(&c->g, DOUT_FLT_BADSIZE, 3);
	bpb_label_place(&c->buf, ok);
}

/* How dest_in_alloca learns whether the source can be read (a fault there is reported
 * first, as dtrace reports it): not at all (a string: our own bytes), or by a one-byte read
 * from the kernel's or the traced process's memory. */
enum src_space { SRC_OWN, SRC_KERNEL, SRC_USER };

/* Fault with DTRACEFLT_BADADDR (the source) unless the first byte at the source (slot ss) can
 * be read; a string source is our own bytes. */
static void src_readable(struct cgc *c, int16_t ss, enum src_space src)
{
	if (src == SRC_OWN)
		return;
	int readable = bpb_label_new(&c->buf);
	uint32_t probe = cgs_scratch_alloc(&c->g, 8);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)probe));
	cgc_emit(c, bi_mov64_imm(2, 1));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	cgc_emit(c, bi_call(src == SRC_USER ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, readable);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, readable);
}

/* The destination of bcopy()/copyinto(): `size` bytes (slot zs, at most COPY_MAX) inside the
 * clause's alloca() memory. A destination outside it faults with DTRACEFLT_BADADDR (the
 * address as D sees it; one at its top too); one that starts inside and runs past its end
 * with DTRACEFLT_BADSIZE (the size); either way a source (slot ss) that cannot be read at all
 * is reported first, DTRACEFLT_BADADDR (the source), as DTrace for Linux reports it
 * (observed: copyinto(0, 16, p) with p = alloca(8) is "invalid address (0x0)", and so is
 * copyinto(0, 4, p - 100); copyinto(arg1, 16, p) with a good arg1 "invalid size (0x10)"). */
static void dest_in_alloca(struct cgc *c, int16_t ds, int16_t zs, int16_t ss, enum src_space src)
{
	int ok = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);

	cgc_scratch_off(c, ds);
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, bad);
	bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->this_end, bad);
	/* at or past the top is outside too (&s[16] of a 16-byte alloca(): dtrace's "invalid
	 * address") */
	bpb_jmp_imm(&c->buf, BPF_JGE, 1, (int32_t)c->persist_top, bad);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 3));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)c->persist_top, ok);
	src_readable(c, ss, src);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	c->g.emit_fault(&c->g, DOUT_FLT_BADSIZE, 3);
	bpb_label_place(&c->buf, bad);
	src_readable(c, ss, src);
	/* the destination is an alloca() pointer (the checker makes sure): its address as D sees
	 * one (dtrace: bcopy(s, x + 5000, 4) of x = alloca(8) is "invalid address (0x1390)") */
	cgc_alloca_fault_addr(c, ds);
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

/* bcopy(src, dest, size) and copyinto(uaddr, size, dest): arguments evaluated in their order;
 * a size beyond the scratchsize or COPY_MAX (a negative one included) faults with
 * DTRACEFLT_BADSIZE; dest must be alloca()'d memory; a bcopy() source may be a string, read
 * from its own bytes. */
static void copy_to_scratch(struct cgc *c, struct dnode *n, struct dnode *a0, struct dnode *a1,
			    struct dnode *a2)
{
	bool into = n->subr == DS_COPYINTO;
	int16_t ss, zs, ds;

	if (!into && cgc_is_str(a0)) {
		scratch_addr(c, cgc_eval_str(c, a0));
		ss = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, ss));
	} else {
		ss = cgc_int_arg(c, a0);
	}
	if (into) {
		zs = cgc_int_arg(c, a1);
		ds = cgc_int_arg(c, a2);
	} else {
		ds = cgc_int_arg(c, a1);
		zs = cgc_int_arg(c, a2);
	}
	int fail = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	/* dtrace checks the size against the scratchsize before either address */
	uint64_t lim = alloca_limit(c);
	checked_size(c, zs, lim < COPY_MAX ? (uint32_t)lim : COPY_MAX);
	/* a bcopy() source is a string, or alloca()'d memory (checked next), or kernel memory */
	dest_in_alloca(c, ds, zs, ss, into ? SRC_USER : cgc_is_str(a0) ? SRC_OWN : SRC_KERNEL);
	if (!into && !cgc_is_str(a0))
		src_in_alloca(c, ss, zs);
	int again = into ? cgs_user_retry_begin(&c->g) : -1;
	cgc_scratch_ptr_from_addr(c, ds, COPY_MAX);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, zs));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	/* checked above; repeated on the register so the verifier knows the bound */
	bpb_jmp_imm(&c->buf, BPF_JGT, 2, COPY_MAX, done);
	if (into || !cgc_is_str(a0)) {
		/* nothing to copy, but a NULL source is still an invalid address, as dtrace
		 * has it (copyinto(0, 0, p) and bcopy(NULL, p, 0) fault 'invalid address (0x0)';
		 * copyinto(16, 0, p) does not fault) */
		int some = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JNE, 2, 0, some);
		bpb_jmp_imm(&c->buf, BPF_JNE, 3, 0, done);
		bpb_ja(&c->buf, fail);
		bpb_label_place(&c->buf, some);
	}
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, done);
	cgc_emit(c, bi_call(into ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, fail);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, fail);
	cgs_user_retry(&c->g, again, ss, COPY_MAX);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_emit(c, bi_mov64_imm(0, 0));
}

/* ---- calls ---- */

void cgc_call_int(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);

	switch (n->subr) {
	case DS_STRLEN:
		cgs_strlen(&c->g, cgc_eval_str(c, a0));
		return;
	case DS_INDEX: case DS_RINDEX: {
		uint32_t s = cgc_eval_str(c, a0), t = cgc_eval_str(c, a1);
		int16_t st = cgc_int_arg(c, a2);
		cgc_subfn_call(c, n->subr == DS_INDEX ? CGC_SUBFN_INDEX : CGC_SUBFN_RINDEX, 0, s, t,
			       st, 0);
		if (st)
			cgc_slot_pop(c);
		return;
	}
	case DS_SPECULATION:
		cgc_spec_new(c);
		return;
	case DS_RAND:
		cgc_emit(c, bi_call(BPF_FUNC_get_prandom_u32));
		cgc_norm(c, 0, n->type);
		return;
	case DS_HTONS: case DS_HTONL: case DS_HTONLL:
	case DS_NTOHS: case DS_NTOHL: case DS_NTOHLL:
		/* the register's 64 bits swapped, as dtrace's BPF_END does: htonl(us + us) of
		 * 131070 is 0xfeff0100 */
		cgc_eval_raw(c, a0);
		cgs_byteswap(&c->g, n->subr);
		return;
	case DS_GETMAJOR: case DS_GETMINOR:
		/* the kernel's dev_t: a 32-bit value, major number above 20 bits of minor */
		cgc_eval_raw(c, a0);
		if (n->subr == DS_GETMAJOR) {
			cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 20));
			cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xfff));
		} else {
			cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xfffff));
		}
		return;
	case DS_COPYIN: {
		/* copyin() takes its bytes from the clause's alloca() memory (dtrace's order:
		 * the size is checked, the memory allocated, then the bytes read): a constant
		 * size beyond the scratchsize is D_ALLOCA_SIZE; at run time a size beyond it
		 * faults DTRACEFLT_BADSIZE (a negative one too: "invalid size (0xff...ff)"),
		 * one beyond what the clause has left DTRACEFLT_NOSCRATCH. Size 0 copies
		 * nothing and is no error. */
		uint64_t limit = alloca_limit(c);
		uint64_t left = c->persist_used < limit ? limit - c->persist_used : 0;
		if (a1->isconst && (uint64_t)a1->cval > limit)
			alloca_too_big(c, n, (uint64_t)a1->cval, limit);
		if (a1->isconst && a1->cval > CGC_SCRATCH_LIMIT / 4)
			cgc_fail(c, n, "copyin( ) size %lld is out of range", (long long)a1->cval);
		if (left > COPY_MAX)
			left = COPY_MAX;
		uint32_t max = a1->isconst ? (uint32_t)a1->cval : (uint32_t)left;
		int16_t as = cgc_int_arg(c, a0), ss = cgc_int_arg(c, a1);
		if (!a1->isconst)
			checked_size(c, ss, (uint32_t)(limit < INT32_MAX ? limit : INT32_MAX));
		if (!a1->isconst || (uint64_t)a1->cval > left)
			bounded_size(c, ss, (uint32_t)left);
		uint32_t dst = cgc_persist_alloc(c, cgc_round8(max ? max : 8));
		cgs_copyin(&c->g, dst, max, as, ss);
		cgc_slot_pop(c);
		cgc_slot_pop(c);
		scratch_addr(c, dst);
		return;
	}
	case DS_ALLOCA: {
		uint64_t limit = alloca_limit(c);
		/* what the clause kept so far: not persist_top's distance, which also spans the
		 * temporaries allocated before (an aggregation key's) */
		uint64_t used = c->persist_used;
		uint64_t left = used < limit ? limit - used : 0;
		if (a0->isconst && (uint64_t)a0->cval > limit)
			alloca_too_big(c, n, (uint64_t)a0->cval, limit);
		if (a0->isconst && a0->cval > CGC_SCRATCH_LIMIT / 4)
			cgc_fail(c, n, "alloca( ) size %lld is out of range", (long long)a0->cval);
		if (a0->isconst && a0->cval == 0) {
			/* nothing allocated: the top of the clause's alloca() memory, which the
			 * next alloca(0) returns too (and nothing may be read there) */
			scratch_addr(c, c->persist_top);
			return;
		}
		if (left > COPY_MAX)
			left = COPY_MAX;
		uint32_t max = a0->isconst ? (uint32_t)a0->cval : (uint32_t)left;
		if (a0->isconst && (uint64_t)a0->cval > left) {
			/* fits scratchsize, but not after what the clause took already */
			int16_t s = cgc_int_arg(c, a0);
			bounded_size(c, s, (uint32_t)left);
			cgc_slot_pop(c);
		}
		if (!a0->isconst) {
			int16_t s = cgc_int_arg(c, a0);
			bounded_size(c, s, max);
			cgc_slot_pop(c);
		}
		uint32_t dst = cgc_persist_alloc(c, cgc_round8(max ? max : 8));
		cgc_zero_scratch(c, dst, cgc_round8(max ? max : 8));
		scratch_addr(c, dst);
		return;
	}
	case DS_COPYINTO: case DS_BCOPY:
		copy_to_scratch(c, n, a0, a1, a2);
		return;
	case DS_PROGENYOF: {
		/* Is the current process pid, or a descendant of it? Walk real_parent a bounded
		 * number of steps, to init's parent (the idle task, tgid 0), which is every
		 * process's ancestor: progenyof(0) is 1, as in DTrace (illumos's sched, Linux's
		 * swapper). */
		cgc_need_btf(c, n, false);
		int16_t ps = cgc_int_arg(c, a0);
		uint32_t cur = cgs_scratch_alloc(&c->g, 8), tmp = cgs_scratch_alloc(&c->g, 8);
		int yes = bpb_label_new(&c->buf), no = bpb_label_new(&c->buf);
		int done = bpb_label_new(&c->buf);
		cgc_task(c);
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)cur));
		for (int i = 0; i < PROGENY_DEPTH; i++) {
			cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)cur));
			bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, no);
			cgc_kread(c, tmp, c->off_tgid, 4);
			cgc_emit(c, bi_ldx(BPF_DW, 1, 10, ps));
			bpb_jmp32_reg(&c->buf, BPF_JEQ, 0, 1, yes);
			bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, no);
			cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)cur));
			cgc_kread(c, tmp, c->off_real_parent, 8);
			cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)cur));
		}
		bpb_label_place(&c->buf, no);
		cgc_emit(c, bi_mov64_imm(0, 0));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, yes);
		cgc_emit(c, bi_mov64_imm(0, 1));
		bpb_label_place(&c->buf, done);
		cgc_slot_pop(c);
		return;
	}
	case DS_MUTEX_OWNED: case DS_MUTEX_OWNER: case DS_MUTEX_TYPE_ADAPTIVE:
	case DS_MUTEX_TYPE_SPIN: case DS_RW_ISWRITER: case DS_RW_READ_HELD: case DS_RW_WRITE_HELD:
		cgc_klock(c, n);
		return;
	case DS_RAISE: case DS_STOP: case DS_COPYOUT: case DS_COPYOUTSTR:
		cgc_subr_stmt(c, n);
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	case DS_STRSTR: case DS_STRCHR: case DS_STRRCHR: case DS_STRTOK:
		/* used as a pointer: not NULL, the found flag, stands for it */
		(void)cgc_eval_str_null(c, n);
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, 1));
		return;
	}
	if (cgc_vclass(n->type) == CGC_VSTR) {
		(void)cgc_eval_str(c, n);
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	cgc_fail(c, n, "cannot compile a call to %s( ) here",
		 dsubr_name((enum dsubr)n->subr) ? dsubr_name((enum dsubr)n->subr) : "?");
}

/* An address argument's bytes in scratch: an array value (a global uint8_t[20]) is copied
 * from where it lives; a pointer is read, len bytes, from the process or tracer memory it
 * points to, or from the kernel's when its type is a kernel type's pointer (a kernel struct's
 * member: &ip->saddr) (a bad address faults). Returns the scratch offset; *slot is the pointer's stack
 * slot (0 for an array), for the caller to pop. */
static uint32_t addr_arg(struct cgc *c, struct dnode *a, uint32_t len, int16_t *slot)
{
	if (cgc_vclass(a->type) == CGC_VBYTES) {
		uint32_t size, dst = cgs_scratch_alloc(&c->g, 24);
		uint32_t src = cgc_eval_bytes(c, a, &size);
		cgc_zero_scratch(c, dst, 24);
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, src, cgc_round8(size < 24 ? size : 24),
			 false);
		*slot = 0;
		return dst;
	}
	*slot = cgc_int_arg(c, a);
	uint32_t dst = cgs_scratch_alloc(&c->g, 24);
	if (len)
		cgs_load_ptr_as(&c->g, dst, *slot, len, cgc_kernel_ptr(a->type));
	return dst;
}

/* inet_ntop(af, addr) and link_ntop(type, addr): the family or link type picks the address
 * length and the text; known at compile time only that case is compiled, otherwise each
 * known value is tried at run time and any other faults (illegal operation). link_ntop's
 * fault is DTrace for Linux's; its inet_ntop instead prints any family but AF_INET6 as IPv4
 * (dtrace -n 'BEGIN { trace(inet_ntop(99, alloca(4))); }' prints 0.0.0.0), which the Guide
 * does not define ("Supported address families are AF_INET and AF_INET6"): we keep the
 * fault, as Solaris's dtrace did, so a wrong family is seen rather than misread. */
static void net_ntop(struct cgc *c, struct dnode *n, uint32_t dst)
{
	struct dnode *kind = arg_n(n, 0), *a1 = arg_n(n, 1);
	bool inet = n->subr == DS_INET_NTOP;
	const int64_t vals[2] = { inet ? 2 : 1, inet ? 10 : 32 };      /* AF_INET, AF_INET6;
								  * ARPHRD_ETHER, _INFINIBAND */
	const uint32_t lens[2] = { inet ? 4 : 6, inet ? 16 : 20 };
	int16_t ks = cgc_int_arg(c, kind), as;
	uint32_t addr = addr_arg(c, a1, 0, &as);
	int done = bpb_label_new(&c->buf);
	bool matched = false;

	for (int k = 0; k < 2; k++) {
		int other = bpb_label_new(&c->buf);
		if (kind->isconst && kind->cval != vals[k])
			continue;
		if (!kind->isconst) {
			cgc_emit(c, bi_ldx(BPF_DW, 0, 10, ks));
			bpb_jmp_imm(&c->buf, BPF_JNE, 0, (int32_t)vals[k], other);
		}
		matched = true;
		if (as)
			cgs_load_ptr_as(&c->g, addr, as, lens[k], cgc_kernel_ptr(a1->type));
		if (!inet)
			cgs_link_ntop(&c->g, dst, addr, lens[k]);
		else if (k == 0)
			cgs_inet_ntoa(&c->g, dst, addr);
		else
			cgc_subfn_call(c, CGC_SUBFN_INET_NTOP6, dst, addr, 0, 0, 0);
		if (kind->isconst)
			break;
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, other);
	}
	if (kind->isconst && !matched) {
		/* an unknown constant: always the fault, but the code after it needs an edge
		 * for the verifier (a jump never taken); the result is "" */
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)dst, 0));
		cgc_emit(c, bi_mov64_imm(0, 0));
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, done);
	}
	if (!kind->isconst || !matched)
		c->g.emit_fault(&c->g, DOUT_FLT_ILLOP, -1);
	bpb_label_place(&c->buf, done);
	if (as)
		cgc_slot_pop(c);
	cgc_slot_pop(c);
}

uint32_t cgc_call_str(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);

	switch (n->subr) {
	case DS_STRJOIN: {
		uint32_t a = cgc_eval_str(c, a0), b = cgc_eval_str(c, a1);
		cgc_subfn_call(c, CGC_SUBFN_STRJOIN, dst, a, b, 0, 0);
		return dst;
	}
	case DS_SUBSTR: {
		uint32_t s = cgc_eval_str(c, a0);
		int16_t is = cgc_int_arg(c, a1), ls = cgc_int_arg(c, a2);
		cgc_subfn_call(c, CGC_SUBFN_SUBSTR, dst, s, 0, is, ls);
		if (ls)
			cgc_slot_pop(c);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_STRSTR: {
		uint32_t s = cgc_eval_str(c, a0), t = cgc_eval_str(c, a1);
		cgc_subfn_call(c, CGC_SUBFN_STRSTR, dst, s, t, 0, 0);
		return dst;
	}
	case DS_STRCHR: case DS_STRRCHR: {
		uint32_t s = cgc_eval_str(c, a0);
		int16_t cs = cgc_int_arg(c, a1);
		cgc_subfn_call(c, n->subr == DS_STRCHR ? CGC_SUBFN_STRCHR : CGC_SUBFN_STRRCHR, dst,
			       s, 0, cs, 0);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_STRTOK: {
		bool null = a0->isconst && a0->cval == 0 && !cgc_is_str(a0);
		if (a1->isconst && a1->cval == 0 && !cgc_is_str(a1)) {
			/* a NULL delimiter string: dtrace faults reading it. The code after
			 * the fault needs an edge for the verifier: a jump never taken. */
			int past = bpb_label_new(&c->buf);
			if (!null)
				(void)cgc_eval_str(c, a0);
			cgc_emit(c, bi_mov64_imm(1, 0));
			bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, past);
			c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 1);
			bpb_label_place(&c->buf, past);
			cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)dst, 0));
			cgc_emit(c, bi_mov64_imm(0, 0));
			return dst;
		}
		uint32_t s = null ? CGS_NO_STRING : cgc_eval_str(c, a0);
		uint32_t d = cgc_eval_str(c, a1);
		cgs_strtok(&c->g, dst, s, d);
		return dst;
	}
	case DS_LLTOSTR: {
		int16_t vs = cgc_int_arg(c, a0);
		cgc_subfn_call(c, CGC_SUBFN_LLTOSTR, dst, 0, 0, vs, 0);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_INET_NTOA: {
		/* the address may be the traced process's or a copyin()'s: loaded as any pointer */
		int16_t as;
		uint32_t addr = addr_arg(c, a0, 4, &as);
		cgs_inet_ntoa(&c->g, dst, addr);
		if (as)
			cgc_slot_pop(c);
		return dst;
	}
	case DS_INET_NTOA6: {
		int16_t as;
		uint32_t addr = addr_arg(c, a0, 16, &as);
		cgc_subfn_call(c, a1 && a1->cval != 0 ? CGC_SUBFN_INET_NTOP6 : CGC_SUBFN_INET_NTOA6,
			       dst, addr, 0, 0, 0);
		if (as)
			cgc_slot_pop(c);
		return dst;
	}
	case DS_INET_NTOP: case DS_LINK_NTOP:
		net_ntop(c, n, dst);
		return dst;
	case DS_TOUPPER: case DS_TOLOWER: case DS_BASENAME: case DS_DIRNAME: case DS_CLEANPATH: {
		uint32_t s = cgc_eval_str(c, a0);
		enum cgc_subfn_kind k = n->subr == DS_CLEANPATH ? CGC_SUBFN_CLEANPATH
			: n->subr == DS_TOUPPER ? CGC_SUBFN_TOUPPER
			: n->subr == DS_TOLOWER ? CGC_SUBFN_TOLOWER
			: n->subr == DS_BASENAME ? CGC_SUBFN_BASENAME : CGC_SUBFN_DIRNAME;
		cgc_subfn_call(c, k, dst, s, 0, 0, 0);
		return dst;
	}
	case DS_D_PATH: {
		struct dtype *at = dtype_resolve(a0->type);
		bool mnt = at->kind == DTY_PTR && dtype_resolve(at->base)->kind == DTY_STRUCT &&
			   dtype_resolve(at->base)->name &&
			   strcmp(dtype_resolve(at->base)->name, "vfsmount") == 0;
		int16_t ps = cgc_int_arg(c, a0);
		if (mnt)
			cgc_d_path_mount(c, dst, ps);
		else
			cgc_d_path(c, dst, ps);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_PSARGS: {
		int16_t ss = cgc_int_arg(c, a0), es = cgc_int_arg(c, a1);
		cgs_psargs(&c->g, dst, ss, es);
		cgc_slot_pop(c);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_COPYINSTR: {
		int16_t as = cgc_int_arg(c, a0), ms = cgc_int_arg(c, a1);
		cgs_copyinstr(&c->g, dst, as, ms);
		if (ms)
			cgc_slot_pop(c);
		cgc_slot_pop(c);
		return dst;
	}
	}
	cgc_fail(c, n, "cannot compile a call to %s( ) as a string",
		 dsubr_name((enum dsubr)n->subr) ? dsubr_name((enum dsubr)n->subr) : "?");
}

/* Whether programs of this type may call bpf_probe_write_user: a kernel may withhold it
 * (lockdown, or its policy) even from root, and then a program that calls it does not load at
 * all. Learned once per type by loading a program that calls it. */
static bool can_write_user(int prog_type)
{
	static int known[64];       /* 0 unknown, 1 yes, 2 no */
	if (prog_type < 0 || prog_type >= 64)
		return true;
	if (!known[prog_type]) {
		struct bpf_insn insns[] = {
			bi_st(BPF_DW, 10, -8, 0),
			bi_mov64_imm(1, 0),
			bi_mov64_reg(2, 10),
			bi_alu64_imm(BPF_ADD, 2, -8),
			bi_mov64_imm(3, 8),
			bi_call(BPF_FUNC_probe_write_user),
			bi_mov64_imm(0, 0),
			bi_exit(),
		};
		int fd = bpf_prog_load((enum bpf_prog_type)prog_type, NULL, "GPL", insns,
				       sizeof(insns) / sizeof(insns[0]), NULL);
		/* EPERM and the like are not the helper's fault: only EINVAL (the verifier's
		 * refusal) says no */
		known[prog_type] = fd >= 0 || errno != EINVAL ? 1 : 2;
		if (fd >= 0)
			close(fd);
	}
	return known[prog_type] == 1;
}

/* Statement-only subroutines that record nothing: raise, stop, copyout, copyoutstr. */
void cgc_subr_stmt(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);

	switch (n->subr) {
	case DS_RAISE:
		cgc_eval_int(c, a0);
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_call(BPF_FUNC_send_signal));
		return;
	case DS_STOP:
		cgc_emit(c, bi_mov64_imm(1, 19 /* SIGSTOP */));
		cgc_emit(c, bi_call(BPF_FUNC_send_signal));
		return;
	case DS_COPYOUT: case DS_COPYOUTSTR: {
		/* copyout(buf, uaddr, n) writes tracer memory; copyoutstr(str, uaddr, n) a string */
		bool str = n->subr == DS_COPYOUTSTR;
		/* copyout() of a string: its bytes (in our temporaries, which have no address a
		 * D pointer could hold) */
		bool sbuf = !str && cgc_is_str(a0);
		uint32_t s = str || sbuf ? cgc_eval_str(c, a0) : 0;
		int16_t bs = str || sbuf ? 0 : cgc_int_arg(c, a0);
		int16_t us = cgc_int_arg(c, a1), zs = cgc_int_arg(c, a2);
		uint32_t max = str || sbuf ? c->g.strsize : COPY_MAX;
		int fail = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		int small = bpb_label_new(&c->buf);
		bounded_size(c, zs, str ? 0x7fffffff : max);
		if (str) {
			/* at most the string and its NUL */
			cgs_strlen(&c->g, s);
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 1));
			cgc_emit(c, bi_ldx(BPF_DW, 1, 10, zs));
			bpb_jmp_reg(&c->buf, BPF_JLE, 0, 1, small);
			cgc_emit(c, bi_mov64_reg(0, 1));
			bpb_label_place(&c->buf, small);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, zs));
		} else {
			bpb_label_place(&c->buf, small);
		}
		if (str || sbuf) {
			cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)s));
		} else {
			cgc_scratch_ptr_from_addr(c, bs, max);
			cgc_emit(c, bi_mov64_reg(2, 1));
		}
		cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
		bpb_jmp_imm(&c->buf, BPF_JGT, 3, (int32_t)max, done);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 3, 0, done);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, us));
		if (can_write_user(c->probe->prov->prog_type(c->probe))) {
			cgc_emit(c, bi_call(BPF_FUNC_probe_write_user));
			bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
		} else {
			/* the kernel withholds the write: an address that could not be written
			 * anyway is a bad address, any other an invalid user access */
			bpb_jmp_imm(&c->buf, BPF_JLT, 1, 4096, fail);
			bpb_ld_imm64(&c->buf, 2, CGC_USER_ADDR_MAX);
			bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, fail);
			c->g.emit_fault(&c->g, DOUT_FLT_UPRIV, 1);
		}
		bpb_label_place(&c->buf, fail);
		cgc_emit(c, bi_ldx(BPF_DW, 3, 10, us));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
		bpb_label_place(&c->buf, done);
		cgc_slot_pop(c);
		cgc_slot_pop(c);
		if (!str && !sbuf)
			cgc_slot_pop(c);
		return;
	}
	}
	cgc_fail(c, n, "cannot compile %s( ) as a statement",
		 dsubr_name((enum dsubr)n->subr) ? dsubr_name((enum dsubr)n->subr) : "?");
}
