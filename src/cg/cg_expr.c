/* cg_expr.c — D expressions as BPF: integers evaluate into R0, strings into scratch slots,
 * struct and array values into scratch copies. Operators with C's conversions (switching on
 * dop.h's operators), assignments to every kind of lvalue, loads and stores through pointers.
 * Subroutine calls are cg_subr.c's, string emitters cg_str.c's, variables and built-ins
 * cg_var.c's. */
#include <stdlib.h>
#include <string.h>

#include "cg_clause.h"
#include "cg_str.h"
#include "cg_subfn.h"
#include "cg_subr.h"
#include "dfold.h"

/* x86-64: the kernel's half of the address space starts here. Kernel pointers (fbt's
 * arguments, curthread, members of kernel structs) point there, user pointers below
 * CGC_USER_ADDR_MAX, so the address itself says which read it needs: a kernel struct's member
 * that holds a user pointer (vfs_read's buf) is read from user memory without the type
 * having to say so. */
#define KERNEL_ADDR_MIN 0xffff800000000000ull

/* Whether a pointer (or array) of type t may hold a kernel address: any may. A kernel
 * address (at or above KERNEL_ADDR_MIN) is read as kernel memory whatever the pointer's
 * type, as dtrace reads it: *(int *)&curthread->pid and print((unsigned long *)p) of a
 * kernel p work there, not only pointers kbtf made or ones to a kernel struct. An address
 * below is the traced process's (or tracer memory), and a bad one faults either way. */
static bool kernel_ptr(struct dtype *t)
{
	t = dtype_resolve(t);
	return t && (t->kind == DTY_PTR || t->kind == DTY_ARRAY);
}

bool cgc_kernel_ptr(struct dtype *t)
{
	return kernel_ptr(t);
}

static void cond_str_into(struct cgc *c, struct dnode *n, uint32_t dst, bool flag);
static uint32_t null_str(struct cgc *c);
static struct dtype *rtype(const struct dnode *n)
{
	return dtype_resolve(n->type);
}

bool cgc_is_str(const struct dnode *n)
{
	return cgc_vclass(n->type) == CGC_VSTR;
}

static bool is_ptr(struct dtype *t)
{
	t = dtype_resolve(t);
	return t && (t->kind == DTY_PTR || t->kind == DTY_ARRAY);
}

/* Size of what a pointer or array of type t points to (1 for void *, as gcc does). */
static int64_t pointee_size(struct dtype *t)
{
	t = dtype_resolve(t);
	int64_t s = t && t->base ? dtype_sizeof(t->base) : 1;
	return s > 0 ? s : 1;
}

int cgc_bpf_size(int64_t size)
{
	return size == 1 ? BPF_B : size == 2 ? BPF_H : size == 4 ? BPF_W : BPF_DW;
}

/* Bring the 64-bit value in reg to what a value of type t holds: truncate, then sign- or
 * zero-extend. */
void cgc_norm(struct cgc *c, int reg, struct dtype *t)
{
	t = dtype_resolve(t);
	if (!t || cgc_vclass(t) != CGC_VINT || t->kind == DTY_PTR || t->size >= 8 || t->size <= 0)
		return;
	int shift = 64 - (int)t->size * 8;
	if (t->kind == DTY_BOOL) {
		int l = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JEQ, reg, 0, l);
		cgc_emit(c, bi_mov64_imm(reg, 1));
		bpb_label_place(&c->buf, l);
	} else if (cgc_is_signed(t)) {
		cgc_emit(c, bi_alu64_imm(BPF_LSH, reg, shift));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, reg, shift));
	} else if (t->size == 4) {
		cgc_emit(c, bi_mov32_reg(reg, reg));
	} else {
		cgc_emit(c, bi_alu64_imm(BPF_AND, reg, t->size == 1 ? 0xff : 0xffff));
	}
}

/* An integer type other than _Bool, an enum or a pointer. */
static bool plain_int(const struct dtype *t)
{
	return t && t->kind >= DTY_CHAR && t->kind <= DTY_LLONG;
}

/* ---- pointers and memory ---- */

int cgs_user_retry_begin(struct cg *g)
{
	struct cgc *c = g->priv;
	if (!g->sleepable)
		return -1;
	int again = bpb_label_new(&c->buf);
	cgc_emit(c, bi_st(BPF_DW, 10, CGC_TRY, 0));
	bpb_label_place(&c->buf, again);
	return again;
}

void cgs_user_retry(struct cg *g, int again, int16_t addr_slot, uint32_t len)
{
	struct cgc *c = g->priv;
	if (!g->sleepable || again < 0 || len == 0)
		return;
	g->touched = true;
	int tried = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_TRY));
	bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, tried);
	cgc_emit(c, bi_st(BPF_DW, 10, CGC_TRY, 1));
	/* the first byte's page, then each following page start below addr + len */
	for (uint32_t k = 0; k < 3 && k * 4096 < len + 4095; k++) {
		int skip = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
		if (k > 0) {
			cgc_emit(c, bi_mov64_reg(4, 3));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 4, (int32_t)len));
			cgc_emit(c, bi_alu64_imm(BPF_AND, 3, -4096));
			cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, (int32_t)(k * 4096)));
			bpb_jmp_reg(&c->buf, BPF_JGE, 3, 4, skip);
		}
		cgc_emit(c, bi_mov64_reg(1, 10));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, CGC_TOUCH));
		cgc_emit(c, bi_mov64_imm(2, 1));
		cgc_emit(c, bi_call(BPF_FUNC_copy_from_user));
		bpb_label_place(&c->buf, skip);
	}
	/* Faulting a page in may sleep, and another firing on this CPU may then have used the
	 * scratch area: if so, what this one built there is gone; its record is dropped. */
	int mine = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, CGC_SCR_OWNER));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, CGC_OWNER));
	bpb_jmp_reg(&c->buf, BPF_JEQ, 1, 2, mine);
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
	cgc_scratch_release(c);
	cgc_emit(c, bi_mov64_imm(0, 0));
	cgc_emit(c, bi_exit());
	bpb_label_place(&c->buf, mine);
	bpb_ja(&c->buf, again);
	bpb_label_place(&c->buf, tried);
}

/* Jump to `in` when the `size` bytes at the address in register addr_reg lie among the global
 * variables (the globals map value past struct dobj_state), leaving in R1 their offset from
 * the first variable; fall through otherwise. D code may point at its global variables (an
 * element or member's address, an array used as a value): such a pointer is a kernel address
 * in the globals area. Stores through it stay inside the variables; loads may also read the
 * zeros that fill the map value's last unit past them (CGC_GLOBALS_UNIT), as D lets a cast
 * pointer read past an array. The state before the variables is not D's to touch. Clobbers
 * R1, R2. Returns false, emitting nothing, when no access of that size fits there at all
 * (`in` is then never jumped to, and code placed there only would be unreachable). */
static bool globals_range(struct cgc *c, int addr_reg, uint32_t size, bool load, int in)
{
	uint32_t vstart = cgc_round8(sizeof(struct dobj_state));
	/* string literals (cg_lit.c), after the variables, are read only */
	uint32_t end = load ? (c->globals_size + CGC_GLOBALS_UNIT - 1) / CGC_GLOBALS_UNIT *
				      CGC_GLOBALS_UNIT : c->lits_start;

	if (c->globals_size <= vstart || end < vstart + size)
		return false;
	cgc_emit(c, bi_mov64_reg(1, addr_reg));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_GBASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, (int32_t)vstart));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(end - vstart - size), in);
	return true;
}

/* Jump to `in` when the address in addr_reg starts size bytes inside the large globals'
 * map (CGC_GLOBAL_BIG), with R1 its offset there, bounded; false (nothing emitted) when the
 * program has none. Clobbers R1, R2. */
static bool big_range(struct cgc *c, int addr_reg, uint32_t size, int in)
{
	if (c->big_size < size)
		return false;
	cgc_emit(c, bi_mov64_reg(1, addr_reg));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_BIGBASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(c->big_size - size), in);
	return true;
}

void cgs_load_ptr(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size)
{
	cgs_load_ptr_as(g, dst, addr_slot, size, false);
}

void cgs_load_ptr_as(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size,
		     bool kernel)
{
	struct cgc *c = g->priv;
	int kern = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);
	int check = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_mov64_reg(2, 3));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 2, 1));
	cgc_emit(c, bi_mov64_imm(1, 0));
	cgc_patch_here(c, CGC_PATCH_SCRATCH_SIZE);
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, (int32_t)size));
	bpb_jmp_reg(&c->buf, BPF_JLE, 2, 1, kern);
	/* inside the D variables: a kernel read. Past them is kernel memory like any other, read
	 * on as dtrace reads on: a guard zone there (1 MiB once) took kernel objects that happen
	 * to lie after the map value (a task_struct: curthread's members) for a bad address */
	globals_range(c, 3, size, true, kern);
	big_range(c, 3, size, kern);
	if (kernel) {
		bpb_ld_imm64(&c->buf, 1, KERNEL_ADDR_MIN);
		cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
		bpb_jmp_reg(&c->buf, BPF_JGE, 3, 1, kern);
	}
	bpb_ld_imm64(&c->buf, 1, CGC_USER_ADDR_MAX - size);
	bpb_jmp_reg(&c->buf, BPF_JGT, 3, 1, bad);
	int again = cgs_user_retry_begin(g);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)size));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	cgs_user_retry(g, again, addr_slot, size);
	bpb_ja(&c->buf, bad);
	bpb_label_place(&c->buf, kern);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)size));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
	bpb_label_place(&c->buf, check);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	bpb_label_place(&c->buf, bad);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
	g->emit_fault(g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, done);
}

/* Where a value of struct, array or integer type is stored. */
enum loc_kind { LOC_MEM, LOC_SCRATCH, LOC_GLOBAL };
struct loc {
	enum loc_kind k;
	uint32_t off;      /* SCRATCH, GLOBAL */
	int16_t slot;      /* MEM: the address, in a stack slot the caller pops */
	/* SCRATCH copy of a struct-valued dynamic variable element: stores write it back */
	struct dck_var *dyn;
	uint32_t dynkey, dynval;
	/* SCRATCH copy of a global array element at a run-time index: stores go to
	 * R8 + gbase + (the checked byte offset kept in scratch at gofftmp, at most gmax) */
	bool gidx;
	uint32_t gbase, gofftmp, gmax;
	/* MEM made by loc_to_mem: our own pointer into scratch, not one D code computed */
	bool internal;
	/* MEM reached through a kernel pointer (kernel_ptr): kernel addresses are readable */
	bool kmem;
	/* MEM reached through a pointer into alloca() memory (dck_alloca_ptr): one that has
	 * left scratch altogether faults too */
	bool alloca;
};

static void loc_of(struct cgc *c, struct dnode *n, struct loc *l);

/* Turn a scratch location into a memory one (its address as a number). */
static void loc_to_mem(struct cgc *c, struct dnode *n, struct loc *l)
{
	if (l->k == LOC_MEM)
		return;
	(void)n;
	if (l->gidx) {
		/* an element of a global array at a run-time index: its place, not the copy */
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_GBASE));
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)l->gofftmp));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)l->gbase));
	} else {
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH,
				   l->k == LOC_GLOBAL ? CGC_SCR_GBASE : CGC_SCR_BASE));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)l->off));
	}
	l->gidx = false;
	l->slot = cgc_slot_push(c);
	l->k = LOC_MEM;
	l->internal = true;
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
}

static void loc_add(struct cgc *c, struct loc *l, int64_t delta)
{
	if (l->k == LOC_MEM) {
		if (delta) {
			cgc_emit(c, bi_ldx(BPF_DW, 0, 10, l->slot));
			cgc_mov_imm64(c, 1, delta);
			cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		}
	} else {
		l->off = (uint32_t)((int64_t)l->off + delta);
		if (l->gidx)   /* g[i].m: the member's place in the array, as in the copy */
			l->gbase = (uint32_t)((int64_t)l->gbase + delta);
	}
}

/* R1 = the address in slot `as` minus the scratch base (unsigned), R2 = the scratch size. */
void cgc_scratch_off(struct cgc *c, int16_t as)
{
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	cgc_emit(c, bi_mov64_imm(2, 0));
	cgc_patch_here(c, CGC_PATCH_SCRATCH_SIZE);
}

/* R1 = R7 + (the tracer-memory address in slot - scratch base), checked to leave room for
 * `room` bytes; faults (bad address) otherwise. */
void cgc_scratch_ptr_from_addr(struct cgc *c, int16_t slot, uint32_t room)
{
	int ok = bpb_label_new(&c->buf);

	cgc_scratch_off(c, slot);
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 2, (int32_t)room));
	bpb_jmp_reg(&c->buf, BPF_JLE, 1, 2, ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, slot));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
	/* the verifier learns the bound from the compare only on its own register */
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
	cgc_emit(c, bi_mov64_reg(1, 2));
}

/* reg, a pointer into alloca() memory, made dtrace's offset there (counted from 8); a value
 * below the kernel's addresses stays as it is. tmp is clobbered. The one rule behind
 * cgc_alloca_to_offset and cgc_alloca_fault_addr. */
static void alloca_offset_in(struct cgc *c, int reg, int tmp)
{
	int done = bpb_label_new(&c->buf);

	bpb_ld_imm64(&c->buf, tmp, KERNEL_ADDR_MIN);
	bpb_jmp_reg(&c->buf, BPF_JLT, reg, tmp, done);
	cgc_emit(c, bi_ldx(BPF_DW, tmp, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, reg, tmp));
	cgc_emit(c, bi_alu64_imm(BPF_SUB, reg, (int32_t)c->this_end - 8));
	bpb_label_place(&c->buf, done);
}

void cgc_alloca_to_offset(struct cgc *c)
{
	alloca_offset_in(c, 0, 1);
}

/* The inverse of cgc_alloca_to_offset for an integer made from an alloca() pointer and cast
 * back to a pointer: an offset becomes the address again; 0 stays NULL, and an address (a
 * value at or above KERNEL_ADDR_MIN) stays as it is. Clobbers R1, R2. */
static void alloca_from_offset(struct cgc *c)
{
	int done = bpb_label_new(&c->buf);

	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	bpb_ld_imm64(&c->buf, 1, KERNEL_ADDR_MIN);
	bpb_jmp_reg(&c->buf, BPF_JGE, 0, 1, done);
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 2));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)c->this_end - 8));
	bpb_label_place(&c->buf, done);
}

/* A cast of R0, the value of n->lhs, where that value is alloca() memory (dtrace's taint): a
 * pointer made an integer is dtrace's offset ((long)p >> 8 of p = alloca(8) is 0 there), an
 * integer so made cast back to a pointer the address again. */
static void alloca_cast(struct cgc *c, struct dnode *n)
{
	struct dtype *from = rtype(n->lhs), *to = rtype(n);

	if (!from || !to || !dck_alloca_value(n->lhs))
		return;
	if (is_ptr(from) && !is_ptr(to) && cgc_vclass(to) == CGC_VINT)
		cgc_alloca_to_offset(c);
	else if (!is_ptr(from) && from->kind != DTY_ARRAY && is_ptr(to))
		alloca_from_offset(c);
}

void cgc_alloca_fault_addr(struct cgc *c, int16_t slot)
{
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, slot));
	alloca_offset_in(c, 3, 2);
}

/* Fault (DTRACEFLT_BADADDR with the address as D sees it, or DTRACEFLT_BADSIZE with `size`
 * when only the end is outside) unless the `size` bytes at the address in `slot`, when it
 * points into tracer scratch at all, lie inside what this clause has alloca()'d or
 * copyin()'d so far: [this_end, persist_top) as the clause is compiled. DTrace's rule: D code
 * may reach scratch only through such memory, which does not outlive its clause (a pointer
 * kept from an earlier clause faults). Addresses outside scratch are left to the access,
 * unless the pointer was made from alloca() memory (l->alloca).
 * Clobbers R0-R3. */
static void alloca_check(struct cgc *c, const struct loc *l, uint32_t size)
{
	int ok = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);
	int badsize = bpb_label_new(&c->buf);

	cgc_scratch_off(c, l->slot);
	/* a pointer made from alloca() memory stays D's offset into it however far it is moved:
	 * dtrace faults x[5000] of x = alloca(10) at "invalid address (0x1390)" (in a clause
	 * that has alloca()'d nothing, such a pointer is one kept from an earlier clause, and
	 * the access alone judges it, as it does when the memory is too small for any access
	 * of this size: a fault on every path leaves the code after unreachable, which the
	 * verifier refuses) */
	bool far_bad = l->alloca && c->persist_top >= c->this_end + size;
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, far_bad ? bad : ok);
	/* a clause-local variable's own bytes (&this->a[3]), as dtrace's this-> variables are
	 * memory D may point into, unless the pointer was made from alloca() memory */
	if (!l->alloca && c->this_vars_end >= c->this_start + size) {
		int below = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->this_start, below);
		bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(c->this_vars_end - size), ok);
		bpb_label_place(&c->buf, below);
	}
	if (c->persist_top <= c->this_end) {
		bpb_ja(&c->buf, bad);
	} else {
		/* a start outside the memory is a bad address; a start inside it whose `size`
		 * bytes run past its top a bad size (dtrace: *(long *)(x + 3) of x = (int *)
		 * alloca(16) is "invalid size (0x8)") */
		bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->this_end, bad);
		bpb_jmp_imm(&c->buf, BPF_JGE, 1, (int32_t)c->persist_top, bad);
		if (c->persist_top < c->this_end + size)
			bpb_ja(&c->buf, badsize);
		else
			bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(c->persist_top - size), ok);
	}
	if (c->persist_top > c->this_end) {    /* else nothing jumps there: the verifier
						 * refuses unreachable code */
		bpb_label_place(&c->buf, badsize);
		cgc_emit(c, bi_mov64_imm(3, (int32_t)size));
		c->g.emit_fault(&c->g, DOUT_FLT_BADSIZE, 3);
	}
	bpb_label_place(&c->buf, bad);
	cgc_alloca_fault_addr(c, l->slot);
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

/* A struct-valued element of an associative array or self-> variable, copied into scratch:
 * zeros when there is none. The reference design faults a missing by-reference element in,
 * zero-filled, on any access (dt_cg_assoc_op's epilogue), so the Guide's `i[k].calls++` on a
 * new key works; DTrace for Linux faults at 0 there instead, which is not followed. */
static uint32_t dyn_fetch_bytes(struct cgc *c, struct dck_var *v, uint32_t key)
{
	uint32_t size = cgc_vinfo(c, v)->size;
	uint32_t tmp = cgs_scratch_alloc(&c->g, size);
	int miss = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);

	cgc_dyn_lookup(c, v, key);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, miss);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_copy(c, CG_R_SCRATCH, tmp, 1, 0, size, false);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, miss);
	cgc_zero_scratch(c, tmp, size);
	bpb_label_place(&c->buf, done);
	return tmp;
}

static void loc_of(struct cgc *c, struct dnode *n, struct loc *l);

/* Copy exactly size bytes (no rounding: a struct member's neighbours stay as they are). */
static void copy_exact(struct cgc *c, int dreg, uint32_t doff, int sreg, uint32_t soff,
		       uint32_t size);

/* A run-time index R0 into array type at (esize-byte elements) must be below its length,
 * compared unsigned so a negative index is out too: else dtrace's index-out-of-bounds fault,
 * which reports the index as dtrace computes it, the element offset divided back by the
 * element size unsigned (-1 into an int array is 4611686018427387903, into a char array -1).
 * Arrays of no declared length (a kernel struct's flexible member) are not checked. R0 is
 * kept; R1 and R3 are clobbered. */
static void index_bounds_check(struct cgc *c, const struct dtype *at, int64_t esize)
{
	int ok = bpb_label_new(&c->buf);

	if (at->array_len <= 0 || esize <= 0)
		return;
	bpb_jmp_imm(&c->buf, BPF_JLT, 0, (int32_t)at->array_len, ok);
	cgc_emit(c, bi_mov64_reg(3, 0));
	cgc_mov_imm64(c, 1, esize);
	cgc_emit(c, bi_alu64_reg(BPF_MUL, 3, 1));
	cgc_emit(c, bi_alu64_reg(BPF_DIV, 3, 1));
	c->g.emit_fault(&c->g, DOUT_FLT_BADINDEX, 3);
	bpb_label_place(&c->buf, ok);
}

/* a[i] of a global array, i known only at run time: the element is copied into scratch
 * (reads) after a bounds check; an index outside the array faults (DTRACEFLT_BADINDEX, with
 * the index as DTrace for Linux reports it). A string element is not copied: the string code
 * reaches it through the checked offset (global_elem_addr). */
static void global_index(struct cgc *c, struct dnode *n, struct loc *l, struct dtype *at,
			 int64_t esize)
{
	bool str = dtype_resolve(at->base)->kind == DTY_STRING;
	uint32_t tmp = str ? 0 : cgs_scratch_alloc(&c->g, cgc_round8((uint64_t)esize));
	uint32_t offtmp = cgs_scratch_alloc(&c->g, 8);

	if (at->array_len <= 0 || esize <= 0 || (esize > CGC_SCRATCH_LIMIT / 4 && !str))
		cgc_fail(c, n, "cannot index this global array at run time");
	cgc_eval_int(c, n->args);
	index_bounds_check(c, at, esize);
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 0, (int32_t)esize));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)offtmp));
	if (!str && esize <= 8 && (esize & (esize - 1)) == 0) {
		cgc_emit(c, bi_mov64_reg(1, CG_R_GLOBALS));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
		cgc_emit(c, bi_ldx(cgc_bpf_size(esize), 2, 1, (int16_t)l->off));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)tmp));
	} else if (!str) {
		/* a struct, union or array element: its exact bytes (the last element may end
		 * where the variable does) */
		cgc_emit(c, bi_mov64_reg(1, CG_R_GLOBALS));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
		copy_exact(c, CG_R_SCRATCH, tmp, 1, l->off, (uint32_t)esize);
	}
	l->gidx = true;
	l->gbase = l->off;
	l->gofftmp = offtmp;
	l->gmax = (uint32_t)((at->array_len - 1) * esize);
	l->k = LOC_SCRATCH;
	l->off = tmp;
}

/* A member of a struct reached through a NULL pointer (p->m, (*p).m, &p->m too) faults at
 * address 0, not at the member's offset: dtrace checks the struct's address before adding the
 * offset (`((struct task_struct *)0)->pid` reports "invalid address (0x0)"). Clobbers R3. */
static void null_base_fault(struct cgc *c, int16_t slot)
{
	int ok = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, slot));
	bpb_jmp_imm(&c->buf, BPF_JNE, 3, 0, ok);
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

static void loc_of(struct cgc *c, struct dnode *n, struct loc *l)
{
	struct dck_var *v = cgc_node_var(n);

	memset(l, 0, sizeof *l);
	if (v && (v->cls == DCK_ASSOC || v->cls == DCK_SELF)) {
		l->k = LOC_SCRATCH;
		l->dyn = v;
		l->dynkey = cgc_var_key(c, n, v);
		l->dynval = l->off = dyn_fetch_bytes(c, v, l->dynkey);
		return;
	}
	if (v && v->cls == DCK_GLOBAL && cgc_vinfo(c, v)->big) {
		/* a large global: its address in its own map, as any pointer to it would be */
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BIGBASE));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)cgc_vinfo(c, v)->off));
		l->k = LOC_MEM;
		l->internal = true;
		l->slot = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (v && (v->cls == DCK_GLOBAL || v->cls == DCK_THIS)) {
		l->k = v->cls == DCK_GLOBAL ? LOC_GLOBAL : LOC_SCRATCH;
		l->off = cgc_vinfo(c, v)->off;
		return;
	}
	if (n->kind == DN_UNARY && n->op == DOP_DEREF) {
		cgc_eval_int(c, n->lhs);
		l->k = LOC_MEM;
		l->kmem = kernel_ptr(n->lhs->type);
		l->alloca = dck_alloca_ptr(n->lhs);
		l->slot = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (n->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(n->lhs->type);
		if (n->op == DOP_ARROW) {
			st = dtype_resolve(st->base);
			cgc_eval_int(c, n->lhs);
			l->k = LOC_MEM;
			l->kmem = kernel_ptr(n->lhs->type);
			l->alloca = dck_alloca_ptr(n->lhs);
			l->slot = cgc_slot_push(c);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
			null_base_fault(c, l->slot);
		} else {
			loc_of(c, n->lhs, l);
			if (l->k == LOC_MEM && !l->internal)
				null_base_fault(c, l->slot);
		}
		int64_t off = 0;  /* members of anonymous members: the holders' offsets too */
		const struct dmember *m = dtype_member_at(st, n->name, &off);
		if (!m)
			cgc_fail(c, n, "no member %s", n->name);
		loc_add(c, l, off);
		return;
	}
	if (n->kind == DN_INDEX && n->builtin == DB_NONE && !n->var) {
		struct dtype *bt = dtype_resolve(n->lhs->type);
		int64_t esize = pointee_size(bt);
		if (bt->kind == DTY_ARRAY) {
			loc_of(c, n->lhs, l);
			if (n->args->isconst) {
				loc_add(c, l, n->args->cval * esize);
				return;
			}
			if (l->k == LOC_GLOBAL) {
				global_index(c, n, l, bt, esize);
				return;
			}
			loc_to_mem(c, n, l);
			cgc_eval_int(c, n->args);
			/* dtrace leaves an array of one element unchecked here (it is often the
			 * anchor of a longer run of elements); a global's it checks */
			if (bt->array_len > 1)
				index_bounds_check(c, bt, esize);
		} else {
			cgc_eval_int(c, n->lhs);
			l->k = LOC_MEM;
			l->kmem = kernel_ptr(bt);
			l->alloca = dck_alloca_ptr(n->lhs);
			l->slot = cgc_slot_push(c);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
			cgc_eval_int(c, n->args);
		}
		cgc_mov_imm64(c, 1, esize);
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 1));
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, l->slot));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (n->builtin == DB_ARGS) {
		/* an argument of array type (sdt's char prev_comm[16]): its value is the address
		 * of the provider's copy of the array */
		cgc_builtin_int(c, n);
		l->k = LOC_MEM;
		l->kmem = true;
		l->slot = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (n->kind == DN_CAST && cgc_is_str(n->lhs)) {
		/* a char array a translator defines by a string (psinfo_t's pr_psargs): the string,
		 * zero-padded, in scratch room for the array and for the string */
		uint32_t s = cgc_eval_str(c, n->lhs);
		uint32_t size = cgc_round8((uint64_t)dtype_sizeof(n->type));
		uint32_t room = size > c->slot ? size : c->slot;
		l->k = LOC_SCRATCH;
		l->off = cgs_scratch_alloc(&c->g, room);
		if (room > c->slot)
			cgc_zero_scratch(c, l->off + c->slot, room - c->slot);
		cgc_copy_str_clean(c, l->off, s, false);
		return;
	}
	if (n->kind == DN_CAST) {
		loc_of(c, n->lhs, l);
		return;
	}
	cgc_fail(c, n, "cannot take the address of this expression");
}

/* Bring the located bytes into scratch; returns their offset there. A memory location's
 * address slot stays pushed (the caller stores there afterwards, then pops it). */
static uint32_t loc_fetch_keep(struct cgc *c, struct loc *l, uint32_t size)
{
	uint32_t tmp;

	switch (l->k) {
	case LOC_SCRATCH:
		return l->off;
	case LOC_GLOBAL:
		tmp = cgs_scratch_alloc(&c->g, cgc_round8(size));
		cgc_copy(c, CG_R_SCRATCH, tmp, CG_R_GLOBALS, l->off, cgc_round8(size), false);
		return tmp;
	case LOC_MEM:
		tmp = cgs_scratch_alloc(&c->g, cgc_round8(size));
		cgc_zero_scratch(c, tmp, cgc_round8(size));
		if (!l->internal)
			alloca_check(c, l, size);
		cgs_load_ptr_as(&c->g, tmp, l->slot, size, l->kmem);
		return tmp;
	}
	return 0;
}

/* Bring the located bytes into scratch, done with the location; returns their offset. */
static uint32_t loc_fetch(struct cgc *c, struct loc *l, uint32_t size)
{
	uint32_t tmp = loc_fetch_keep(c, l, size);

	if (l->k == LOC_MEM)
		cgc_slot_pop(c);
	return tmp;
}

/* R0 = the integer of node n (members and bitfields included) at its location l, which
 * stays as it is (an address slot stays pushed). */
static void load_loc_at(struct cgc *c, struct dnode *n, struct loc *l)
{
	const struct dmember *m = NULL;
	struct dtype *t = rtype(n);

	if (n->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(n->lhs->type);
		if (n->op == DOP_ARROW)
			st = dtype_resolve(st->base);
		int64_t off = 0;
		m = dtype_member_at(st, n->name, &off);
	}
	/* a pointer's bytes in memory are the data model's (4 under -32) */
	int64_t size = t->size;
	if (l->k == LOC_SCRATCH || l->k == LOC_GLOBAL) {
		int reg = l->k == LOC_SCRATCH ? CG_R_SCRATCH : CG_R_GLOBALS;
		cgc_emit(c, bi_ldx(cgc_bpf_size(size), 0, reg, (int16_t)l->off));
	} else {
		uint32_t tmp = loc_fetch_keep(c, l, (uint32_t)size);
		cgc_emit(c, bi_ldx(cgc_bpf_size(size), 0, CG_R_SCRATCH, (int16_t)tmp));
	}
	if (m && m->bit_width >= 0) {
		int left = 64 - m->bit_offset - m->bit_width;
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, left));
		cgc_emit(c, bi_alu64_imm(cgc_is_signed(t) ? BPF_ARSH : BPF_RSH, 0, 64 - m->bit_width));
		return;
	}
	cgc_norm(c, 0, t);
}

/* R0 = the integer at n's location (members and bitfields included). */
static void load_loc_int(struct cgc *c, struct dnode *n)
{
	struct loc l;

	loc_of(c, n, &l);
	if (rtype(n)->kind == DTY_ARRAY) {          /* an array used as a value is its address */
		if (l.k != LOC_MEM)
			loc_to_mem(c, n, &l);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, l.slot));
		cgc_slot_pop(c);
		return;
	}
	load_loc_at(c, n, &l);
	if (l.k == LOC_MEM)
		cgc_slot_pop(c);
}

/* ---- integer operators ---- */

/* The common type of two integer operands by the Guide's rule ("Type Conversions", as
 * dt_type_promote applies it): the operand of higher rank (bits, then unsignedness) gives
 * it, an enum counting as int; no promotion to int first. NULL when either is a pointer
 * (compared as unsigned 64-bit addresses, unconverted). */
static struct dtype *common_int(struct cgc *c, struct dtype *a, struct dtype *b)
{
	a = dtype_resolve(a);
	b = dtype_resolve(b);
	if (is_ptr(a) || is_ptr(b))
		return NULL;
	struct dtype *t_int = c->ck->prog->types->t_int;
	if (a->kind == DTY_ENUM && a->size <= 4)
		a = t_int;
	if (b->kind == DTY_ENUM && b->size <= 4)
		b = t_int;
	return dtype_int_rank(b) > dtype_int_rank(a) ? b : a;
}

/* Whether a comparison of a and b is unsigned: their common type is. */
static bool cmp_unsigned(struct cgc *c, struct dtype *a, struct dtype *b)
{
	struct dtype *t = common_int(c, a, b);
	return !t || !cgc_is_signed(t);
}

/* R0 = R0 op R1 for an arithmetic operator over the operands' 64 bits (dtrace converts neither
 * operand to the common type: docs/arithmetic.md), signed / % >> when is_signed (the result
 * type's); division faults on 0. */
static void arith(struct cgc *c, enum dop op, bool is_signed)
{
	switch (op) {
	case DOP_ADD: cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1)); return;
	case DOP_SUB: cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 1)); return;
	case DOP_MUL: cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 1)); return;
	case DOP_BAND: cgc_emit(c, bi_alu64_reg(BPF_AND, 0, 1)); return;
	case DOP_BOR: cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 1)); return;
	case DOP_XOR: cgc_emit(c, bi_alu64_reg(BPF_XOR, 0, 1)); return;
	case DOP_SHL: cgc_emit(c, bi_alu64_reg(BPF_LSH, 0, 1)); return;
	case DOP_SHR: cgc_emit(c, bi_alu64_reg(is_signed ? BPF_ARSH : BPF_RSH, 0, 1)); return;
	case DOP_DIV: case DOP_MOD: {
		bool div = op == DOP_DIV;
		int ok = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, ok);
		c->g.emit_fault(&c->g, DOUT_FLT_DIVZERO, -1);
		bpb_label_place(&c->buf, ok);
		if (!is_signed) {
			cgc_emit(c, bi_alu64_reg(div ? BPF_DIV : BPF_MOD, 0, 1));
			return;
		}
		/* Signed, from unsigned division of the magnitudes (BPF_SDIV needs kernel 6.6):
		 * the quotient, and the remainder too, are negative when the signs differ, as
		 * dtrace's code computes them (-7 % -2 is 1, 7 % -2 is -1: C gives -1 and 1).
		 * R2 holds the sign to apply. */
		int p1 = bpb_label_new(&c->buf), p2 = bpb_label_new(&c->buf);
		int p3 = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(2, 0));
		bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, p1);
		cgc_emit(c, bi_neg64(0));
		cgc_emit(c, bi_mov64_imm(2, 1));
		bpb_label_place(&c->buf, p1);
		bpb_jmp_imm(&c->buf, BPF_JSGE, 1, 0, p2);
		cgc_emit(c, bi_neg64(1));
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 2, 1));
		bpb_label_place(&c->buf, p2);
		cgc_emit(c, bi_alu64_reg(div ? BPF_DIV : BPF_MOD, 0, 1));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, p3);
		cgc_emit(c, bi_neg64(0));
		bpb_label_place(&c->buf, p3);
		return;
	}
	default:
		cgc_fail(c, NULL, "operator %s cannot be compiled", dop_text(op));
	}
}

/* The jump of a comparison operator, -1 for any other. */
static int cmp_op(enum dop op, bool uns)
{
	switch (op) {
	case DOP_EQ: return BPF_JEQ;
	case DOP_NE: return BPF_JNE;
	case DOP_LT: return uns ? BPF_JLT : BPF_JSLT;
	case DOP_LE: return uns ? BPF_JLE : BPF_JSLE;
	case DOP_GT: return uns ? BPF_JGT : BPF_JSGT;
	case DOP_GE: return uns ? BPF_JGE : BPF_JSGE;
	default: return -1;
	}
}

/* R0 = R0 != 0 */
static void set_cond_zero(struct cgc *c)
{
	int z = bpb_label_new(&c->buf);

	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, z);
	cgc_emit(c, bi_mov64_imm(0, 1));
	bpb_label_place(&c->buf, z);
}

/* R0 = (R0 jop R1) ? 1 : 0 */
static void set_cond(struct cgc *c, int jop)
{
	int yes = bpb_label_new(&c->buf);

	cgc_emit(c, bi_mov64_reg(2, 0));
	cgc_emit(c, bi_mov64_imm(0, 1));
	bpb_jmp_reg(&c->buf, jop, 2, 1, yes);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, yes);
}

/* Evaluate lhs then rhs, as operands (their uncut 64 bits): R0 = lhs, R1 = rhs. */
static void eval_pair(struct cgc *c, struct dnode *lhs, struct dnode *rhs)
{
	cgc_eval_raw(c, lhs);
	if (rhs->isconst) {
		cgc_mov_imm64(c, 1, rhs->cval);
		return;
	}
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	cgc_eval_raw(c, rhs);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
	cgc_slot_pop(c);
}

/* Pointer arithmetic: scale the integer side of p + i, p - i; p - q counts elements. */
static void scaled_arith(struct cgc *c, enum dop op, struct dtype *lt, struct dtype *rt,
			 struct dtype *res)
{
	bool lp = is_ptr(lt), rp = is_ptr(rt);

	if (lp && rp && op == DOP_SUB) {
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 1));
		int64_t s = pointee_size(lt);
		if (s > 1) {
			cgc_mov_imm64(c, 1, s);
			arith(c, DOP_DIV, true);
		}
		return;
	}
	if (lp && !rp && (op == DOP_ADD || op == DOP_SUB)) {
		cgc_mov_imm64(c, 2, pointee_size(lt));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 1, 2));
	} else if (rp && !lp && op == DOP_ADD) {
		cgc_mov_imm64(c, 2, pointee_size(rt));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 2));
	}
	arith(c, op, cgc_is_signed(res));   /* uncut: cgc_eval_int cuts where a value is taken */
}

/* Whether n is NULL (the constant 0, not a string) where a string is wanted. */
static bool null_const(const struct dnode *n)
{
	return n->isconst && n->cval == 0 && !cgc_is_str(n);
}

/* R0 = the NULL flag of the string value at slot s of expression n: 1 NULL, 0 not. */
static void str_flag(struct cgc *c, const struct dnode *n, uint32_t s, int reg)
{
	if (cgc_str_nullable(n))
		cgc_emit(c, bi_ldx(BPF_B, reg, CG_R_SCRATCH, (int16_t)(s + c->g.strsize)));
	else
		cgc_emit(c, bi_mov64_imm(reg, 0));
}

static uint32_t chars_to_str(struct cgc *c, struct dnode *n);

/* One side of a string comparison: a char array (curthread->comm) is its characters. */
static uint32_t cmp_side(struct cgc *c, struct dnode *n)
{
	if (!cgc_is_str(n) && rtype(n)->kind == DTY_ARRAY)
		return chars_to_str(c, n);
	return cgc_eval_str_null(c, n);
}

/* A comparison with a string on either side, the other a string, a char * or NULL: R0 = 0/1.
 * dtrace compares the characters of two strings, and the pointers when either is NULL: NULL
 * equals only NULL and is below every string ("" included). Sides that cannot be NULL
 * compare as before: only strcmp. */
static void str_compare(struct cgc *c, struct dnode *n)
{
	struct dnode *l = n->lhs, *r = n->rhs;
	bool ln = null_const(l), rn = null_const(r);
	uint32_t a = ln ? 0 : cmp_side(c, l);
	uint32_t b = rn ? 0 : cmp_side(c, r);
	int cmp = bpb_label_new(&c->buf), ptrs = bpb_label_new(&c->buf);

	if (!ln && !rn && !cgc_str_nullable(l) && !cgc_str_nullable(r)) {
		cgs_strcmp(&c->g, a, b);
		cgc_emit(c, bi_mov64_imm(1, 0));
		set_cond(c, cmp_op(n->op, false));
		return;
	}
	/* R0, R1 = "not NULL" of each side: the pointers' order when either is NULL */
	if (ln)
		cgc_emit(c, bi_mov64_imm(4, 1));
	else
		str_flag(c, l, a, 4);
	if (rn)
		cgc_emit(c, bi_mov64_imm(5, 1));
	else
		str_flag(c, r, b, 5);
	cgc_emit(c, bi_mov64_reg(0, 4));
	cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, 1));
	cgc_emit(c, bi_mov64_reg(1, 5));
	cgc_emit(c, bi_alu64_imm(BPF_XOR, 1, 1));
	if (!ln && !rn) {
		cgc_emit(c, bi_alu64_reg(BPF_OR, 4, 5));
		bpb_jmp_imm(&c->buf, BPF_JNE, 4, 0, ptrs);
		cgs_strcmp(&c->g, a, b);
		cgc_emit(c, bi_mov64_imm(1, 0));
		bpb_ja(&c->buf, cmp);
	}
	bpb_label_place(&c->buf, ptrs);
	bpb_label_place(&c->buf, cmp);
	set_cond(c, cmp_op(n->op, false));
}

static void binary_int(struct cgc *c, struct dnode *n)
{
	enum dop op = n->op;

	if (op == DOP_LAND || op == DOP_LOR) {
		int out = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		bool and = op == DOP_LAND;
		cgc_eval_raw(c, n->lhs);
		bpb_jmp_imm(&c->buf, and ? BPF_JEQ : BPF_JNE, 0, 0, out);
		cgc_eval_raw(c, n->rhs);
		bpb_jmp_imm(&c->buf, and ? BPF_JEQ : BPF_JNE, 0, 0, out);
		cgc_emit(c, bi_mov64_imm(0, and ? 1 : 0));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, out);
		cgc_emit(c, bi_mov64_imm(0, and ? 0 : 1));
		bpb_label_place(&c->buf, done);
		return;
	}
	if (op == DOP_LXOR) {
		/* both sides are evaluated: there is nothing to short-circuit in an exclusive or */
		cgc_eval_raw(c, n->lhs);
		set_cond_zero(c);
		int16_t s = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
		cgc_eval_raw(c, n->rhs);
		set_cond_zero(c);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s));
		cgc_slot_pop(c);
		cgc_emit(c, bi_alu64_reg(BPF_XOR, 0, 1));
		return;
	}
	int jop = cmp_op(op, false);
	if (jop >= 0) {
		if (cgc_is_str(n->lhs) || cgc_is_str(n->rhs)) {
			str_compare(c, n);
			return;
		}
		/* the 64 bits compared, signed when the common type is (dt_cg_compare_signed) */
		eval_pair(c, n->lhs, n->rhs);
		set_cond(c, cmp_op(op, cmp_unsigned(c, n->lhs->type, n->rhs->type)));
		return;
	}
	eval_pair(c, n->lhs, n->rhs);
	scaled_arith(c, op, n->lhs->type, n->rhs->type, n->type);
}

/* The jump taken when jump jop is not (integers: every comparison has an exact opposite). */
static int cmp_negate(int jop)
{
	switch (jop) {
	case BPF_JEQ: return BPF_JNE;
	case BPF_JNE: return BPF_JEQ;
	case BPF_JLT: return BPF_JGE;
	case BPF_JGE: return BPF_JLT;
	case BPF_JLE: return BPF_JGT;
	case BPF_JGT: return BPF_JLE;
	case BPF_JSLT: return BPF_JSGE;
	case BPF_JSGE: return BPF_JSLT;
	case BPF_JSLE: return BPF_JSGT;
	default: return BPF_JSLE;   /* BPF_JSGT */
	}
}

void cgc_branch(struct cgc *c, struct dnode *n, int label, bool when)
{
	int jop = n->kind == DN_BINARY ? cmp_op(n->op, false) : -1;
	if (jop < 0 || n->isconst || cgc_is_str(n->lhs) || cgc_is_str(n->rhs)) {
		cgc_eval_raw(c, n);
		bpb_jmp_imm(&c->buf, when ? BPF_JNE : BPF_JEQ, 0, 0, label);
		return;
	}
	/* binary_int's comparison, the jump taken on it instead of set_cond's 0/1 */
	eval_pair(c, n->lhs, n->rhs);
	jop = cmp_op(n->op, cmp_unsigned(c, n->lhs->type, n->rhs->type));
	bpb_jmp_reg(&c->buf, when ? jop : cmp_negate(jop), 0, 1, label);
}

/* ---- assignment ---- */

static struct dck_var *assignable(struct cgc *c, struct dnode *lhs)
{
	struct dck_var *v = cgc_node_var(lhs);

	if (!v)
		cgc_fail(c, lhs, "cannot compile an assignment to this kind of expression");
	return v;
}

/* Before R0 is stored (size bytes at base+off) into bit-field m: keep only its low bits,
 * moved to the field's place, and the other bits of the unit as they are in memory (a
 * value too wide for the field loses its high bits, as in C). R4 and R5 are clobbered. */
static void merge_bitfield(struct cgc *c, const struct dmember *m, int64_t size, int base, int16_t off)
{
	if (!m)
		return;
	uint64_t mask = m->bit_width >= 64 ? ~0ull : ((1ull << m->bit_width) - 1) << m->bit_offset;
	cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, m->bit_offset));
	cgc_mov_imm64(c, 5, (int64_t)mask);
	cgc_emit(c, bi_alu64_reg(BPF_AND, 0, 5));
	cgc_emit(c, bi_ldx(cgc_bpf_size(size), 4, base, off));
	cgc_mov_imm64(c, 5, (int64_t)~mask);
	cgc_emit(c, bi_alu64_reg(BPF_AND, 4, 5));
	cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 4));
}

/* R2 = the globals plus the checked byte offset of a run-time-indexed element (l->gidx):
 * the element starts at R2 + l->gbase. Checked again on this register for the verifier. */
static void global_elem_addr(struct cgc *c, const struct loc *l)
{
	int in = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)l->gofftmp));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)l->gmax, in);
	cgc_emit(c, bi_mov64_reg(3, 1));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, in);
	cgc_emit(c, bi_mov64_reg(2, CG_R_GLOBALS));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
}


/* What a store writes: R0's low bytes (into bit-field bf when set), or the bytes of a struct,
 * union or array value kept in scratch at soff. */
struct store_src {
	bool bytes;
	uint32_t soff;
	const struct dmember *bf;
};

/* Write src's size bytes at base + off. R0, R4 and R5 are clobbered. */
static void emit_store(struct cgc *c, const struct store_src *src, int64_t size, int base,
		       int16_t off)
{
	if (src->bytes) {
		copy_exact(c, base, (uint32_t)off, CG_R_SCRATCH, src->soff, (uint32_t)size);
		return;
	}
	merge_bitfield(c, src->bf, size, base, off);
	cgc_emit(c, bi_stx(cgc_bpf_size(size), base, 0, off));
}

/* R2 = a pointer the verifier accepts to the size bytes at the address in l's slot (a
 * memory location), which must be tracer scratch that D may write (alloca()/copyin() memory,
 * this-> variables: alloca_check), a global variable, or a large global (CGC_GLOBAL_BIG): a
 * store anywhere else faults with the address, as dtrace refuses stores outside its own
 * memory. R0 is kept; R1 and R3 are clobbered. */
static void mem_dest(struct cgc *c, const struct loc *l, uint32_t size)
{
	int ok = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int glob = bpb_label_new(&c->buf), bigl = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, l->slot));
	bool globals = globals_range(c, 3, size, false, glob);
	bool big = big_range(c, 3, size, bigl);
	if (!l->internal)
		alloca_check(c, l, size);
	cgc_scratch_off(c, l->slot);
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 2, (int32_t)size));
	bpb_jmp_reg(&c->buf, BPF_JLE, 1, 2, ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, l->slot));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
	if (globals) {
		/* a global variable: R1 is the offset past the state, bounded on its register */
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, glob);
		cgc_emit(c, bi_mov64_reg(2, CG_R_GLOBALS));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, (int32_t)cgc_round8(sizeof(struct dobj_state))));
	}
	if (big) {
		/* a large global: R1 is its offset in their map, bounded on its register */
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, bigl);
		cgc_ld_map_value(c, 2, c->m_big);
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
	}
	bpb_label_place(&c->buf, done);
}

/* Store src (size bytes) at a location (a memory one as mem_dest allows). Pops a memory
 * location's address slot. */
static void store_loc(struct cgc *c, struct loc *l, int64_t size, const struct store_src *src)
{
	if (l->gidx) {
		global_elem_addr(c, l);
		emit_store(c, src, size, 2, (int16_t)l->gbase);
		return;
	}
	if (l->k != LOC_MEM) {
		int base = l->k == LOC_SCRATCH ? CG_R_SCRATCH : CG_R_GLOBALS;
		emit_store(c, src, size, base, (int16_t)l->off);
		if (l->dyn)
			cgc_dyn_store(c, l->dyn, l->dynkey, l->dynval, false);
		return;
	}
	mem_dest(c, l, (uint32_t)size);
	emit_store(c, src, size, 2, 0);
	cgc_slot_pop(c);
}

/* Store R0 (the size of lhs's type) at lhs's location l. */
static void store_loc_int(struct cgc *c, struct dnode *lhs, struct loc *l)
{
	struct dtype *t = rtype(lhs);
	int64_t size = t->size;   /* a pointer's: the data model's (4 under -32) */
	struct store_src src = { 0 };

	if (size != 1 && size != 2 && size != 4 && size != 8)
		cgc_fail(c, lhs, "cannot assign a value of %lld bytes", (long long)size);
	if (lhs->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(lhs->lhs->type);
		if (lhs->op == DOP_ARROW)
			st = dtype_resolve(st->base);
		int64_t off = 0;
		const struct dmember *m = dtype_member_at(st, lhs->name, &off);
		if (m && m->bit_width >= 0)
			src.bf = m;
	}
	store_loc(c, l, size, &src);
}

/* Zero-extend R0 from integer type t: ++ and -- read their variable so (dtrace loads its
 * bytes without extending the sign), and yield that, or that plus one, uncut. */
static void zero_extend(struct cgc *c, struct dtype *t)
{
	t = dtype_resolve(t);
	if (!t || cgc_vclass(t) != CGC_VINT || t->kind == DTY_PTR || t->kind == DTY_BOOL ||
	    t->size >= 8 || t->size <= 0 || !cgc_is_signed(t))
		return;
	if (t->size == 4)
		cgc_emit(c, bi_mov32_reg(0, 0));
	else
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, t->size == 1 ? 0xff : 0xffff));
}

/* R0 = the address of string v's characters, where a pointer is given a string (`char *p;
 * p = "abc"`): dtrace's pointer holds the string's address. A literal's bytes live for the
 * run (cg_lit.c); another string is copied into the clause's kept scratch (as alloca's), as
 * dtrace's temporary strings last for the clause. */
static void str_address(struct cgc *c, struct dnode *v)
{
	if (cgc_lit_addr(c, v))
		return;
	uint32_t s = cgc_eval_str(c, v);
	uint32_t keep = cgc_persist_alloc(c, c->g.strsize);
	cgc_copy(c, CG_R_SCRATCH, keep, CG_R_SCRATCH, s, c->g.strsize, false);
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)keep));
}

/* R0 = the value v to store into a place of type t: its 64 bits, which the store cuts to t.
 * When t is no wider than v's type, v's value as its type holds it has the same low bytes; an
 * assignment or a ++/-- gives that one more cheaply (no copy of the uncut value, no
 * zero-extension), so a[0] = a[1] = 1 and this->x = a[k]++ compile as before. */
static void eval_stored(struct cgc *c, struct dnode *v, struct dtype *t)
{
	struct dtype *vt = dtype_resolve(v->type), *lt = dtype_resolve(t);
	if (lt && lt->kind == DTY_PTR && cgc_is_str(v)) {
		str_address(c, v);
		return;
	}
	bool cheap = v->kind == DN_ASSIGN ||
		     (v->kind == DN_UNARY && (v->op == DOP_PREINC || v->op == DOP_PREDEC ||
					      v->op == DOP_POSTINC || v->op == DOP_POSTDEC));
	if (cheap && vt && lt && plain_int(vt) && plain_int(lt) && lt->size <= vt->size) {
		cgc_eval_int(c, v);
		return;
	}
	cgc_eval_raw(c, v);
}

/* x = v (op DOP_NONE), x op= v, ++x... where x is memory reached through a pointer. With raw,
 * R0 is left with the uncut value (cgc_eval_raw), else with the value stored.
 * Order, as dtrace evaluates: x = v computes v first, then x's place (`g[i++] = i` stores the
 * old i at g[old i]); x op= v and ++x locate x once, as C's E1 op= E2 evaluates E1 once
 * (`g[i++]++` steps one element; DTrace for Linux locates g[i++] twice for op=, a bug not
 * followed). */
static void assign_mem(struct cgc *c, struct dnode *lhs, struct dnode *rhs, enum dop op,
		       bool post, bool raw)
{
	struct loc l;
	int16_t old = 0, rawv = 0, first = 0;

	if (op == DOP_NONE) {
		eval_stored(c, rhs, lhs->type);
		first = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, first));
		loc_of(c, lhs, &l);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, first));
	} else {
		old = cgc_slot_push(c);
		loc_of(c, lhs, &l);
		load_loc_at(c, lhs, &l);
		if (raw && !rhs)
			zero_extend(c, lhs->type);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, old));
		if (rhs)
			cgc_eval_raw(c, rhs);
		else
			cgc_mov_imm64(c, 0, is_ptr(lhs->type) ? pointee_size(lhs->type) : 1);
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, old));
		scaled_arith(c, op, lhs->type, rhs ? rhs->type : lhs->type, lhs->type);
	}
	if (raw) {
		rawv = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, rawv));
	}
	cgc_norm(c, 0, lhs->type);
	int16_t val = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, val));
	store_loc_int(c, lhs, &l);
	/* the slots were pushed (first value | old), (address), (raw value), value: read
	 * back, then release */
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, post ? old : raw ? rawv : val));
	cgc_slot_pop(c);
	if (raw)
		cgc_slot_pop(c);
	cgc_slot_pop(c);
}

/* x = v, x op= v: the value stored is cut to x's type; the expression's (with raw) is the
 * uncut right-hand value or result, as dtrace's register holds it. */
static void assign_int(struct cgc *c, struct dnode *n, bool raw)
{
	if (!cgc_node_var(n->lhs)) {
		assign_mem(c, n->lhs, n->rhs, dop_arith(n->op), false, raw);
		return;
	}
	struct dck_var *v = assignable(c, n->lhs);
	bool keyed = v->cls == DCK_ASSOC || v->cls == DCK_SELF;
	uint32_t key = 0;
	int16_t rawv = 0;

	if (n->op == DOP_ASSIGN) {
		/* the value first, then the element's key, as dtrace evaluates them: a[i++] = i
		 * stores the old i under the old i */
		eval_stored(c, n->rhs, n->lhs->type);
		if (keyed) {
			int16_t s = cgc_slot_push(c);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
			key = cgc_var_key(c, n->lhs, v);
			cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
			cgc_slot_pop(c);
		}
	} else {
		key = cgc_var_key(c, n->lhs, v);
		cgc_var_load_int(c, v, key);
		int16_t s = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
		cgc_eval_raw(c, n->rhs);
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
		cgc_slot_pop(c);
		scaled_arith(c, dop_arith(n->op), n->lhs->type, n->rhs->type, n->lhs->type);
	}
	struct dtype *lt = dtype_resolve(n->lhs->type);
	if (raw && lt && lt->size < 8) {
		rawv = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, rawv));
	}
	cgc_norm(c, 0, n->lhs->type);
	cgc_var_store_int(c, v, key);
	if (rawv) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, rawv));
		cgc_slot_pop(c);
	}
}

/* ++x, x++, --x, x--; with raw, dtrace's value: the variable read zero-extended, or that plus
 * or minus one uncut (a signed char -1: x++ is 255, ++x 256). */
static void incdec(struct cgc *c, struct dnode *n, bool raw)
{
	bool post = dop_is_postfix(n->op);
	if (!cgc_node_var(n->lhs)) {
		assign_mem(c, n->lhs, NULL, dop_arith(n->op), post, raw);
		return;
	}
	struct dck_var *v = assignable(c, n->lhs);
	uint32_t key = cgc_var_key(c, n->lhs, v);
	bool inc = dop_arith(n->op) == DOP_ADD;
	int64_t step = is_ptr(n->lhs->type) ? pointee_size(n->lhs->type) : 1;

	cgc_var_load_int(c, v, key);
	if (raw)
		zero_extend(c, n->lhs->type);
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	cgc_mov_imm64(c, 1, inc ? step : -step);
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
	if (raw && !post)
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	cgc_norm(c, 0, n->lhs->type);
	cgc_var_store_int(c, v, key);
	if (post || raw)
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
	cgc_slot_pop(c);
}

static uint32_t literal(struct cgc *c, const char *s, size_t len);

/* *p = s where p is a string *: the string's strsize bytes go where p points, which must be
 * alloca()'d memory (as every store through a pointer). */
static uint32_t assign_str_mem(struct cgc *c, struct dnode *n)
{
	struct loc l;
	uint32_t size = c->o->strsize;       /* sizeof (string) */
	uint32_t whole = size & ~7u;

	if (n->op != DOP_ASSIGN)
		cgc_fail(c, n, "operator %s cannot be applied to strings", dop_text(n->op));
	loc_of(c, n->lhs, &l);
	if (l.k != LOC_MEM || l.internal)
		cgc_fail(c, n->lhs, "cannot compile an assignment to this kind of expression");
	uint32_t s = cgc_eval_str(c, n->rhs);
	alloca_check(c, &l, size);
	cgc_scratch_ptr_from_addr(c, l.slot, size);
	cgc_copy(c, 1, 0, CG_R_SCRATCH, s, whole, false);
	for (uint32_t i = whole; i < size; i++) {
		cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)(s + i)));
		cgc_emit(c, bi_stx(BPF_B, 1, 0, (int16_t)i));
	}
	cgc_slot_pop(c);
	return s;
}


/* Whether n is a string kept inside a struct, union or array: a member or an element of
 * type string, which holds strsize bytes in its place (dtrace's string is char[strsize]). */
static bool is_str_member(struct dnode *n)
{
	if (cgc_node_var(n) || !cgc_is_str(n))
		return false;
	if (n->kind == DN_MEMBER)
		return true;
	return n->kind == DN_INDEX && n->builtin == DB_NONE && !n->var &&
	       dtype_resolve(n->lhs->type)->kind == DTY_ARRAY;
}

/* s.name = v, a[i] = v for a string member or element: the string's first strsize bytes go
 * to its place (a longer string is cut there, as dtrace keeps strsize characters). A place
 * inside a struct-valued dynamic variable is written back; memory reached through a pointer
 * must be alloca()'d, as every store through a pointer. */
/* The bytes a string member or element holds: strsize, as the layout gave it (never more
 * than its type's size, so a program laid out with another strsize cannot write past it). */
static uint32_t str_member_size(struct cgc *c, struct dnode *n)
{
	int64_t t = dtype_sizeof(n->type);
	return t > 0 && t < (int64_t)c->o->strsize ? (uint32_t)t : c->o->strsize;
}

static uint32_t assign_str_member(struct cgc *c, struct dnode *n)
{
	struct loc l;
	uint32_t size = str_member_size(c, n->lhs);

	if (n->op != DOP_ASSIGN)
		cgc_fail(c, n, "operator %s cannot be applied to strings", dop_text(n->op));
	loc_of(c, n->lhs, &l);
	uint32_t s = cgc_eval_str(c, n->rhs);
	if (l.gidx) {
		global_elem_addr(c, &l);
		copy_exact(c, 2, l.gbase, CG_R_SCRATCH, s, size);
		return s;
	}
	if (l.k == LOC_MEM) {
		mem_dest(c, &l, size);
		copy_exact(c, 2, 0, CG_R_SCRATCH, s, size);
		cgc_slot_pop(c);
		return s;
	}
	copy_exact(c, l.k == LOC_GLOBAL ? CG_R_GLOBALS : CG_R_SCRATCH, l.off, CG_R_SCRATCH, s, size);
	if (l.dyn)
		cgc_dyn_store(c, l.dyn, l.dynkey, l.dynval, false);
	return s;
}

/* The value of a string member or element (is_str_member): its strsize bytes, then a NUL
 * (a member filled to strsize characters has none of its own). */
static uint32_t str_member(struct cgc *c, struct dnode *n)
{
	struct loc l;
	uint32_t size = str_member_size(c, n);
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);

	loc_of(c, n, &l);
	if (l.gidx) {
		global_elem_addr(c, &l);
		copy_exact(c, CG_R_SCRATCH, dst, 2, l.gbase, size);
	} else if (l.k == LOC_MEM) {
		uint32_t tmp = loc_fetch(c, &l, size);
		copy_exact(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, tmp, size);
	} else {
		copy_exact(c, CG_R_SCRATCH, dst, l.k == LOC_GLOBAL ? CG_R_GLOBALS : CG_R_SCRATCH,
			   l.off, size);
	}
	for (uint32_t i = size; i < c->slot; i++)
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + i), 0));
	return dst;
}

static uint32_t assign_str(struct cgc *c, struct dnode *n)
{
	if (!cgc_node_var(n->lhs) && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF)
		return assign_str_mem(c, n);
	if (is_str_member(n->lhs))
		return assign_str_member(c, n);
	struct dck_var *v = assignable(c, n->lhs);
	uint32_t key = cgc_var_key(c, n->lhs, v);

	if (n->op != DOP_ASSIGN)
		cgc_fail(c, n, "operator %s cannot be applied to strings", dop_text(n->op));
	/* s = NULL reads nothing: the variable is marked NULL (cgc_var_store_null_str) */
	if (n->rhs->isconst && n->rhs->cval == 0 && !cgc_is_str(n->rhs)) {
		cgc_var_store_null_str(c, v, key);
		return null_str(c);
	}
	/* a NULL value (another variable's, a NULL char *'s) is stored as NULL, as dtrace's */
	uint32_t s = cgc_eval_str_null(c, n->rhs);
	cgc_var_store_str(c, v, key, s, cgc_str_nullable(n->rhs));
	return s;
}

/* Copy exactly size bytes (no rounding: a struct member's neighbours stay as they are). */
static void copy_exact(struct cgc *c, int dreg, uint32_t doff, int sreg, uint32_t soff,
		       uint32_t size)
{
	uint32_t i = size & ~7u;

	cgc_copy(c, dreg, doff, sreg, soff, i, false);
	for (uint32_t w = 4; w; w >>= 1) {
		if (size - i >= w) {
			int bs = w == 4 ? BPF_W : w == 2 ? BPF_H : BPF_B;
			cgc_emit(c, bi_ldx(bs, 0, sreg, (int16_t)(soff + i)));
			cgc_emit(c, bi_stx(bs, dreg, 0, (int16_t)(doff + i)));
			i += w;
		}
	}
}

/* x = v for a struct, union or array value: whole variables of every kind and members of
 * global, this-> and dynamic ones (a dynamic one is read, changed and written back). A
 * dynamic variable assigned 0 is freed, as D frees one assigned zero. */
static void assign_bytes(struct cgc *c, struct dnode *n)
{
	struct dck_var *v = cgc_node_var(n->lhs);
	uint32_t size, lsize = (uint32_t)dtype_sizeof(n->lhs->type);
	struct loc l;

	if (n->op != DOP_ASSIGN)
		cgc_fail(c, n, "cannot compile this assignment of a struct or array value");
	if (v && (v->cls == DCK_ASSOC || v->cls == DCK_SELF)) {
		uint32_t key = cgc_var_key(c, n->lhs, v);
		if (n->rhs->isconst && n->rhs->cval == 0 && !cgc_is_str(n->rhs) &&
		    dtype_resolve(n->rhs->type)->kind != DTY_STRUCT &&
		    dtype_resolve(n->rhs->type)->kind != DTY_UNION) {
			uint32_t zero = cgs_scratch_alloc(&c->g, 8);
			cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)zero, 0));
			cgc_dyn_store(c, v, key, zero, true);
			return;
		}
		uint32_t s = cgc_eval_bytes(c, n->rhs, &size);
		uint32_t vsize = cgc_vinfo(c, v)->size;
		uint32_t val = cgs_scratch_alloc(&c->g, vsize);
		/* a clean value: the bytes past the struct are zeros, not the source's neighbours */
		cgc_zero_scratch(c, val, vsize);
		copy_exact(c, CG_R_SCRATCH, val, CG_R_SCRATCH, s, size < lsize ? size : lsize);
		cgc_dyn_store(c, v, key, val, false);
		return;
	}
	/* the value first, then its place (as assign_mem): g[i++] = h stores at g[old i] */
	struct store_src src = { .bytes = true };
	src.soff = cgc_eval_bytes(c, n->rhs, &size);
	loc_of(c, n->lhs, &l);
	store_loc(c, &l, size < lsize ? size : lsize, &src);
}

/* ---- the evaluators ---- */

/* Evaluate an integer argument into a new stack slot (0 for an absent optional one): the
 * 64-bit register value, as dtrace passes a subroutine's argument (dt_cg_node's register, no
 * cast to the prototype's type): lltostr(uc + uc) is "400" for uc = 200. A subroutine that
 * reads fewer bits cuts them itself (substr's int index and length, strchr's char). */
int16_t cgc_int_arg(struct cgc *c, struct dnode *a)
{
	if (!a)
		return 0;
	cgc_eval_raw(c, a);
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	return s;
}

static void unary_int(struct cgc *c, struct dnode *n, bool raw)
{
	switch (n->op) {
	case DOP_PREINC: case DOP_PREDEC: case DOP_POSTINC: case DOP_POSTDEC:
		incdec(c, n, raw);
		return;
	case DOP_DEREF:
		if (cgc_is_str(n->lhs)) {
			uint32_t str = cgc_eval_str(c, n->lhs);
			cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)str));
			cgc_norm(c, 0, n->type);
			return;
		}
		load_loc_int(c, n);
		return;
	case DOP_ADDROF: {
		struct loc l;
		loc_of(c, n->lhs, &l);
		if (l.k != LOC_MEM)
			loc_to_mem(c, n, &l);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, l.slot));
		cgc_slot_pop(c);
		return;
	}
	case DOP_NEG:
		cgc_eval_raw(c, n->lhs);
		cgc_emit(c, bi_neg64(0));
		break;
	case DOP_BNOT:
		cgc_eval_raw(c, n->lhs);
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, -1));
		break;
	case DOP_LNOT:
		cgc_eval_raw(c, n->lhs);
		set_cond_zero(c);
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, 1));
		return;
	case DOP_PLUS:
		cgc_eval_raw(c, n->lhs);
		break;
	default:
		cgc_eval_int(c, n->lhs);
		cgc_fail(c, n, "operator %s cannot be compiled", dop_text(n->op));
	}
	if (!raw)
		cgc_norm(c, 0, n->type);
}

/* R0, the uncut value of an expression of type from, cast to type to as dtrace casts
 * (dfold_cast_cuts): between integers only a narrowing, a change of sign at one size or a
 * signed value made a wider unsigned one cuts; a pointer or _Bool converts as in C. */
static void cast_raw(struct cgc *c, struct dtype *from, struct dtype *to)
{
	struct dtype *f = dtype_resolve(from), *t = dtype_resolve(to);
	if (f && t && (plain_int(f) || f->kind == DTY_ENUM) && plain_int(t) &&
	    !dfold_cast_cuts(f->size, !cgc_is_signed(f), t->size, !cgc_is_signed(t)))
		return;
	cgc_norm(c, 0, to);
}

/* s[i]: the i-th char of a string, 0 beyond the slot (dtrace treats strings as char arrays). */
static void str_char(struct cgc *c, struct dnode *n)
{
	bool nullable = cgc_str_nullable(n->lhs);
	int out = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	uint32_t str = nullable ? cgc_eval_str_null(c, n->lhs) : cgc_eval_str(c, n->lhs);

	cgc_eval_int(c, n->args);
	if (nullable) {
		/* a NULL string: s[i] reads address i, which faults as in dtrace */
		int ok = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_B, 1, CG_R_SCRATCH, (int16_t)(str + c->g.strsize)));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, ok);
		cgc_emit(c, bi_mov64_reg(3, 0));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
		bpb_label_place(&c->buf, ok);
	}
	bpb_jmp_imm(&c->buf, BPF_JGE, 0, (int32_t)c->g.strsize, out);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)str));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_ldx(BPF_B, 0, 1, 0));
	cgc_norm(c, 0, n->type);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, out);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* An integer constant as its type holds it: a folded operator keeps 64 bits (set_folded in
 * the checker), which a use of the value as such cuts as at run time. */
static int64_t const_value(const struct dnode *n)
{
	struct dtype *t = dtype_resolve(n->type);
	if (!t || cgc_vclass(t) != CGC_VINT || t->kind == DTY_PTR)
		return n->cval;
	return dfold_convert((uint64_t)n->cval, t->size, !cgc_is_signed(t), t->kind == DTY_BOOL);
}

static void eval_int(struct cgc *c, struct dnode *n, bool raw);

/* Whether cgc_eval_raw(n) is always the value cgc_eval_int(n) gives: n is no operator whose
 * 64-bit result may not fit its type (a variable, a member, a call, a comparison...). */
static bool raw_is_typed(const struct dnode *n)
{
	if (n->isconst)
		return n->cval == const_value(n);
	switch (n->kind) {
	case DN_BINARY:
		return cmp_op(n->op, false) >= 0 || n->op == DOP_LAND || n->op == DOP_LOR ||
		       n->op == DOP_LXOR;
	case DN_UNARY:
		return n->op != DOP_NEG && n->op != DOP_BNOT && n->op != DOP_PLUS &&
		       n->op != DOP_PREINC && n->op != DOP_PREDEC && n->op != DOP_POSTINC &&
		       n->op != DOP_POSTDEC;
	case DN_ASSIGN: case DN_COND: case DN_COMMA: case DN_CAST:
		return false;
	default:
		return true;
	}
}

void cgc_eval_as(struct cgc *c, struct dnode *n, struct dtype *t)
{
	struct dtype *f = dtype_resolve(n->type), *d = dtype_resolve(t);
	if (!f || !d || !plain_int(d) || !(plain_int(f) || f->kind == DTY_ENUM) ||
	    (raw_is_typed(n) &&
	     !dfold_cast_cuts(f->size, !cgc_is_signed(f), d->size, !cgc_is_signed(d)))) {
		cgc_eval_int(c, n);
		return;
	}
	cgc_eval_raw(c, n);
	cgc_norm(c, 0, t);
}

void cgc_eval_int(struct cgc *c, struct dnode *n)
{
	eval_int(c, n, false);
}

void cgc_eval_raw(struct cgc *c, struct dnode *n)
{
	eval_int(c, n, true);
}

static void eval_int(struct cgc *c, struct dnode *n, bool raw)
{
	if (n->isconst) {
		cgc_mov_imm64(c, 0, raw ? n->cval : const_value(n));
		return;
	}
	if (cgc_is_str(n)) {
		/* a string in a condition: true when not empty (dtrace: not NULL) */
		uint32_t s = cgc_eval_str(c, n);
		cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)s));
		return;
	}
	switch (n->kind) {
	case DN_INT:
		cgc_mov_imm64(c, 0, (int64_t)n->ival);
		return;
	case DN_IDENT: case DN_SELF: case DN_THIS: case DN_INDEX: {
		if (n->builtin != DB_NONE) {
			cgc_builtin_int(c, n);
			return;
		}
		struct dck_var *v = cgc_node_var(n);
		if (v && cgc_vclass(v->type) == CGC_VINT) {
			cgc_var_load_int(c, v, cgc_var_key(c, n, v));
			return;
		}
		if (n->kind == DN_INDEX && !v && cgc_is_str(n->lhs)) {
			str_char(c, n);
			return;
		}
		load_loc_int(c, n);
		return;
	}
	case DN_MEMBER:
		load_loc_int(c, n);
		return;
	case DN_UNARY:
		unary_int(c, n, raw);
		return;
	case DN_BINARY:
		binary_int(c, n);
		if (!raw && cmp_op(n->op, false) < 0 && n->op != DOP_LAND && n->op != DOP_LOR &&
		    n->op != DOP_LXOR)
			cgc_norm(c, 0, n->type);
		return;
	case DN_ASSIGN:
		assign_int(c, n, raw);
		return;
	case DN_COND: {
		/* the chosen operand's 64 bits, converted to neither's type */
		int l_else = bpb_label_new(&c->buf), l_end = bpb_label_new(&c->buf);
		cgc_eval_raw(c, n->cond);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, l_else);
		cgc_eval_raw(c, n->lhs);
		bpb_ja(&c->buf, l_end);
		bpb_label_place(&c->buf, l_else);
		cgc_eval_raw(c, n->rhs);
		bpb_label_place(&c->buf, l_end);
		if (!raw)
			cgc_norm(c, 0, n->type);
		return;
	}
	case DN_COMMA:
		cgc_eval_effect(c, n->lhs);
		eval_int(c, n->rhs, raw);
		return;
	case DN_CAST:
		if (n->uncut) {
			eval_int(c, n->lhs, raw);
			return;
		}
		cgc_eval_raw(c, n->lhs);
		alloca_cast(c, n);
		if (raw)
			cast_raw(c, n->lhs->type, n->type);
		else
			cgc_norm(c, 0, n->type);
		return;
	case DN_CALL:
		cgc_call_int(c, n);
		return;
	default:
		break;
	}
	cgc_fail(c, n, "cannot compile this expression as an integer");
}

static uint32_t literal(struct cgc *c, const char *s, size_t len)
{
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);

	if (len > c->g.strsize - 1)
		len = c->g.strsize - 1;
	cgs_str_from_literal(&c->g, dst, s, len);
	return dst;
}

/* A char array's bytes as a string: at most strsize - 1 of them, NUL-terminated. */
static uint32_t chars_to_str(struct cgc *c, struct dnode *n)
{
	uint32_t size;
	uint32_t src = cgc_eval_bytes(c, n, &size);
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
	uint32_t len = cgc_round8(size) < c->slot ? cgc_round8(size) : c->slot;

	cgc_zero_scratch(c, dst, c->slot);
	cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, src, len, false);
	if (size < c->g.strsize)
		cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + size), 0));
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize - 1), 0));
	return dst;
}

/* D lets a string stand for a pointer in additive expressions (dt_parser.c dt_cook_op2:
 * "D permits strings to be treated as pointers"): "abcd" + 1 is "bcd", as is 1 + "abcd", and
 * s - i moves back. The result is the string from that offset: the suffix while the offset
 * is inside the string, "" from its end on, and "" for a negative offset too (dtrace would
 * read whatever bytes precede the string; ours live in scratch, so there is nothing to read).
 * Operands are evaluated left to right. */
static uint32_t str_offset(struct cgc *c, struct dnode *n)
{
	bool str_left = cgc_is_str(n->lhs);
	uint32_t s = 0;
	if (str_left)
		s = cgc_eval_str(c, n->lhs);
	int16_t is = cgc_int_arg(c, str_left ? n->rhs : n->lhs);
	if (!str_left)
		s = cgc_eval_str(c, n->rhs);
	int ok = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, is));
	if (n->op == DOP_SUB)
		cgc_emit(c, bi_neg64(0));
	bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, ok);
	cgc_emit(c, bi_mov64_imm(0, (int32_t)c->g.strsize));
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, is));
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
	cgc_subfn_call(c, CGC_SUBFN_SUBSTR, dst, s, 0, is, 0);
	cgc_slot_pop(c);
	return dst;
}

/* A char pointer: the string it points to, in tracer scratch (alloca, copyin) or else in the
 * traced process. */
static uint32_t addr_to_str(struct cgc *c, int16_t as, bool kernel);

static uint32_t ptr_to_str(struct cgc *c, struct dnode *x)
{
	uint32_t dst = addr_to_str(c, cgc_int_arg(c, x), kernel_ptr(x->type));
	cgc_slot_pop(c);
	return dst;
}

/* The string at the address in slot `as` (which the caller pops), as ptr_to_str; kernel:
 * the pointer may hold a kernel address (kernel_ptr). */
static uint32_t addr_to_str(struct cgc *c, int16_t as, bool kernel)
{
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
	int user = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int kread = bpb_label_new(&c->buf);
	cgc_scratch_off(c, as);
	bpb_jmp_reg(&c->buf, BPF_JLT, 1, 2, kread);
	/* the globals area (a string literal a pointer was given, a global char array's
	 * address): kernel memory of ours */
	int glob = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, as));
	if (globals_range(c, 3, 1, true, glob)) {
		int past = bpb_label_new(&c->buf);
		bpb_ja(&c->buf, past);
		bpb_label_place(&c->buf, glob);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
		cgs_str_from_kaddr(&c->g, dst, 1);
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, past);
	}
	if (kernel) {
		/* kernel memory (a kernel struct's char *): read as kernel, a bad one faults */
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
		bpb_ld_imm64(&c->buf, 2, KERNEL_ADDR_MIN);
		bpb_jmp_reg(&c->buf, BPF_JLT, 1, 2, user);
		cgs_str_from_kaddr(&c->g, dst, 1);
		bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, done);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 1);
	} else {
		bpb_ja(&c->buf, user);
	}
	bpb_label_place(&c->buf, kread);
	/* tracer scratch (R1: the offset): a string in the clause's alloca()/copyin() memory
	 * ends with that memory, as dtrace's reads there are bounded by it; what lies above
	 * is this expression's own temporaries (dst among them) */
	int full = bpb_label_new(&c->buf);
	cgc_emit(c, bi_mov64_imm(4, (int32_t)c->g.strsize));
	if (c->persist_top > 0) {
		bpb_jmp_imm(&c->buf, BPF_JGE, 1, (int32_t)c->persist_top, full);
		cgc_emit(c, bi_mov64_imm(4, (int32_t)c->persist_top + 1));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 4, 1));
		bpb_jmp_imm(&c->buf, BPF_JLE, 4, (int32_t)c->g.strsize, full);
		cgc_emit(c, bi_mov64_imm(4, (int32_t)c->g.strsize));
	}
	bpb_label_place(&c->buf, full);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
	cgs_str_from_kaddr_n(&c->g, dst, 1, 4);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, user);
	cgs_copyinstr(&c->g, dst, as, 0);
	bpb_label_place(&c->buf, done);
	return dst;
}

/* *p where p is a string * (alloca'd strings): the string stored there. */
static uint32_t deref_str(struct cgc *c, struct dnode *n)
{
	struct loc l;
	loc_of(c, n, &l);
	if (l.k != LOC_MEM)
		cgc_fail(c, n, "cannot compile this expression as a string");
	if (!l.internal)
		alloca_check(c, &l, 1);
	uint32_t dst = addr_to_str(c, l.slot, l.kmem);
	cgc_slot_pop(c);
	return dst;
}

/* One arm of a string conditional into dst: a nested conditional writes there directly, so
 * that a chain `e == 1 ? "EPERM" : e == 2 ? "ENOENT" : ...` (an inline string table) needs one
 * result slot, not one per level; the arm's temporaries are dead once copied, so their
 * scratch is handed back. flag: the conditional may be NULL, so every arm writes the NULL
 * flag (an arm that cannot be NULL writes 0). */
static void cond_arm_into(struct cgc *c, struct dnode *arm, uint32_t dst, bool flag)
{
	uint32_t mark = c->g.scratch_top;
	if (arm->kind == DN_COND && cgc_is_str(arm)) {
		cond_str_into(c, arm, dst, flag);
	} else if (flag) {
		uint32_t v = cgc_eval_str_null(c, arm);
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, v, c->slot, false);
		if (!cgc_str_nullable(arm))
			cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize), 0));
	} else {
		uint32_t v = cgc_eval_str(c, arm);
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, v, c->slot, false);
	}
	c->g.scratch_top = mark;
}

static void cond_str_into(struct cgc *c, struct dnode *n, uint32_t dst, bool flag)
{
	int l_else = bpb_label_new(&c->buf), l_end = bpb_label_new(&c->buf);
	cgc_eval_raw(c, n->cond);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, l_else);
	cond_arm_into(c, n->lhs, dst, flag);
	bpb_ja(&c->buf, l_end);
	bpb_label_place(&c->buf, l_else);
	cond_arm_into(c, n->rhs, dst, flag);
	bpb_label_place(&c->buf, l_end);
}

/* D's NULL string: "" with its NULL flag set. */
static uint32_t null_str(struct cgc *c)
{
	uint32_t dst = literal(c, "", 0);
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize), 1));
	return dst;
}

/* A pointer (or integer) x made a string, (string)p: NULL when x is 0, as dtrace's. */
static uint32_t ptr_to_str_null(struct cgc *c, struct dnode *x)
{
	int16_t as = cgc_int_arg(c, x);
	int null = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);

	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, as));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, null);
	uint32_t dst = addr_to_str(c, as, kernel_ptr(x->type));
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize), 0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, null);
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)dst, 0));
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(dst + c->g.strsize), 1));
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
	return dst;
}

bool cgc_str_nullable(const struct dnode *n)
{
	if (null_const(n))
		return true;
	if (!cgc_is_str(n))      /* a char * where a string is wanted: NULL when 0 */
		return rtype(n)->kind == DTY_PTR && n->kind != DN_STRING;
	switch (n->kind) {
	case DN_IDENT: case DN_SELF: case DN_THIS: case DN_INDEX: {
		if (is_str_member((struct dnode *)n) || n->builtin != DB_NONE)
			return false;
		struct dck_var *v = cgc_node_var((struct dnode *)n);
		return v && cgc_vclass(v->type) == CGC_VSTR;
	}
	case DN_ASSIGN:
		/* assign_str's variables; members and memory hold no NULL */
		if (!cgc_node_var(n->lhs) && n->lhs->kind == DN_UNARY && n->lhs->op == DOP_DEREF)
			return false;
		if (is_str_member(n->lhs))
			return false;
		return cgc_str_nullable(n->rhs);
	case DN_COND:
		return cgc_str_nullable(n->lhs) || cgc_str_nullable(n->rhs);
	case DN_COMMA:
		return cgc_str_nullable(n->rhs);
	case DN_CAST:
		if (cgc_is_str(n->lhs))
			return cgc_str_nullable(n->lhs);
		return cgc_vclass(n->lhs->type) == CGC_VINT;
	case DN_UNARY:
		/* stringof(p) reads p: a NULL one faults, as in dtrace */
		return n->op == DOP_STRINGOF && cgc_is_str(n->lhs) && cgc_str_nullable(n->lhs);
	case DN_CALL:
		return n->subr == DS_STRSTR || n->subr == DS_STRCHR || n->subr == DS_STRRCHR ||
		       n->subr == DS_STRTOK;
	default:
		return false;
	}
}

/* NULL where it is an error (printed, a subroutine's argument, a key): dtrace reads address 0,
 * which faults; addr is the address the fault reports. The jump is conditional, so the code
 * after it stays reachable for the verifier's CFG check even where the value is NULL for
 * certain. */
static void null_str_fault(struct cgc *c, uint32_t s, int32_t addr)
{
	int ok = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_B, 3, CG_R_SCRATCH, (int16_t)(s + c->g.strsize)));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 3, 0, ok);
	cgc_emit(c, bi_mov64_imm(3, addr));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

/* A string expression's value in a scratch slot. An expression that may be NULL
 * (cgc_str_nullable) writes its NULL flag; keep_null returns the NULL value as it is, else a
 * NULL value faults (null_str_fault), except a pointer made a string, whose read of address 0
 * faults by itself. Subexpressions that pass the value on (`,`, casts, stringof) are evaluated
 * with the same keep_null, so the check stands once, at the innermost producer. */
static uint32_t eval_str(struct cgc *c, struct dnode *n, bool keep_null)
{
	bool nullable = cgc_str_nullable(n);
	uint32_t s;

	if (null_const(n)) {
		s = null_str(c);
		goto check;
	}
	/* a char * where a string is wanted (basename(p), index(p, q)): what it points to, as
	 * dtrace's char pointers are strings to its string subroutines; a NULL one is the NULL
	 * string where that is kept. A char array (curthread->comm) is not a pointer here: its
	 * bytes are read where they are (chars_to_str below), kernel memory included, where
	 * reading its address as a char * would take it for a user address and fault. */
	if (!cgc_is_str(n) && rtype(n)->kind == DTY_PTR && n->kind != DN_STRING)
		return nullable && keep_null ? ptr_to_str_null(c, n) : ptr_to_str(c, n);
	switch (n->kind) {
	case DN_STRING:
		return literal(c, n->str, n->slen);
	case DN_MEMBER:
		if (is_str_member(n))
			return str_member(c, n);
		break;
	case DN_IDENT: case DN_SELF: case DN_THIS: case DN_INDEX: {
		if (is_str_member(n))
			return str_member(c, n);
		switch (n->builtin) {
		case DB_EXECNAME: {
			uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
			cgc_task_comm(c, dst, c->g.strsize < 16 ? (uint32_t)c->g.strsize : 16);
			return dst;
		}
		case DB_PROBEPROV: case DB_PROBEMOD: case DB_PROBEFUNC: case DB_PROBENAME:
			if (cgc_probe_at_run_time(c) && c->probe->prov->cg_probe_name)
				return c->probe->prov->cg_probe_name(c, n->builtin == DB_PROBEPROV ? 0
						      : n->builtin == DB_PROBEMOD ? 1
						      : n->builtin == DB_PROBEFUNC ? 2 : 3);
			break;
		default:
			break;
		}
		switch (n->builtin) {
		case DB_PROBEPROV:
			return literal(c, c->probe->provider, strlen(c->probe->provider));
		case DB_PROBEMOD:
			return literal(c, c->probe->module, strlen(c->probe->module));
		case DB_PROBEFUNC:
			return literal(c, c->probe->function, strlen(c->probe->function));
		case DB_PROBENAME:
			return literal(c, c->probe->name, strlen(c->probe->name));
		case DB_NONE:
			break;
		case DB_ARGS: {
			/* a provider's string argument (proc:::exec's path): its value is the
			 * address of the characters, in tracer scratch or the process */
			int16_t as = cgc_slot_push(c);
			cgc_builtin_int(c, n);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, as));
			uint32_t dst = addr_to_str(c, as, false);
			cgc_slot_pop(c);
			return dst;
		}
		default:
			cgc_fail(c, n, "built-in variable is not a string");
		}
		/* a string variable's load copies its NULL mark (a missing element: NULL) */
		struct dck_var *v = cgc_node_var(n);
		if (v && cgc_vclass(v->type) == CGC_VSTR) {
			s = cgc_var_load_str(c, v, cgc_var_key(c, n, v));
			goto check;
		}
		break;
	}
	case DN_ASSIGN:
		s = assign_str(c, n);
		goto check;
	case DN_COND:
		s = cgs_scratch_alloc(&c->g, c->slot);
		cond_str_into(c, n, s, nullable);
		goto check;
	case DN_COMMA:
		cgc_eval_effect(c, n->lhs);
		return eval_str(c, n->rhs, keep_null);
	case DN_CAST: case DN_UNARY: {
		if (n->kind == DN_UNARY && n->op == DOP_DEREF)
			return deref_str(c, n);
		if (n->kind == DN_UNARY && n->op != DOP_STRINGOF)
			break;
		struct dnode *x = n->lhs;
		if (cgc_is_str(x))
			return eval_str(c, x, keep_null);
		struct dtype *xt = rtype(x);
		if (xt->kind == DTY_ARRAY)
			return chars_to_str(c, x);
		if (cgc_vclass(xt) != CGC_VINT)
			break;
		/* (string)p: NULL when p is 0, kept or checked; read where p is not a constant
		 * 0 and NULL is an error (address 0 faults by itself) */
		if (nullable && (keep_null || null_const(x))) {
			s = ptr_to_str_null(c, x);
			goto check;
		}
		return ptr_to_str(c, x);
	}
	case DN_CALL:
		s = cgc_call_str(c, n);
		if (nullable) {
			/* strstr & co. leave their found flag in R0: none found is NULL */
			cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, 1));
			cgc_emit(c, bi_stx(BPF_B, CG_R_SCRATCH, 0, (int16_t)(s + c->g.strsize)));
		}
		goto check;
	case DN_BINARY:
		if (n->op == DOP_ADD || n->op == DOP_SUB)
			return str_offset(c, n);
		break;
	default:
		break;
	}
	/* a char pointer or array where a string is wanted (a string subroutine's argument,
	 * whose prototype says const char *): its characters, as stringof() would read them */
	if (rtype(n)->kind == DTY_PTR && !n->isconst)
		return ptr_to_str(c, n);
	if (rtype(n)->kind == DTY_ARRAY)
		return chars_to_str(c, n);
	cgc_fail(c, n, "cannot compile this expression as a string");
check:
	if (nullable && !keep_null)
		null_str_fault(c, s, 0);
	return s;
}

uint32_t cgc_eval_str_null(struct cgc *c, struct dnode *n)
{
	return eval_str(c, n, true);
}

uint32_t cgc_eval_str(struct cgc *c, struct dnode *n)
{
	return eval_str(c, n, false);
}

uint32_t cgc_eval_str_key(struct cgc *c, struct dnode *n, int pos)
{
	uint32_t s = eval_str(c, n, true);
	/* dtrace copies each string of a tuple with bpf_probe_read_str and reports a failed
	 * copy (a NULL string: address 0) at 0x80 + the component's position (dt_cg_arglist) */
	if (cgc_str_nullable(n))
		null_str_fault(c, s, 0x80 + pos);
	return s;
}

uint32_t cgc_eval_bytes(struct cgc *c, struct dnode *n, uint32_t *size)
{
	int64_t s = dtype_sizeof(n->type);
	struct loc l;

	if (s <= 0 || s > 4096)
		cgc_fail(c, n, "cannot use a value of %lld bytes here", (long long)s);
	*size = (uint32_t)s;
	if (n->kind == DN_ASSIGN) {
		assign_bytes(c, n);
		return cgc_eval_bytes(c, n->lhs, size);
	}
	loc_of(c, n, &l);
	return loc_fetch(c, &l, (uint32_t)s);
}

void cgc_eval_effect(struct cgc *c, struct dnode *n)
{
	switch (cgc_vclass(n->type)) {
	case CGC_VSTR:
		(void)cgc_eval_str_null(c, n);    /* a NULL value unused is no error */
		return;
	case CGC_VBYTES: {
		uint32_t size;
		/* a store is not read back: the element it frees (x = 0) is gone */
		if (n->kind == DN_ASSIGN)
			assign_bytes(c, n);
		else
			(void)cgc_eval_bytes(c, n, &size);
		return;
	}
	case CGC_VINT:
		cgc_eval_int(c, n);
		return;
	case CGC_VVOID:
		if (n->kind == DN_CALL) {
			cgc_call_int(c, n);
			return;
		}
		break;
	}
	cgc_fail(c, n, "cannot compile this expression");
}
