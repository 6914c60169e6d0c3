/* cg_expr.c — D expressions as BPF: integers evaluate into R0, strings into scratch slots,
 * struct and array values into scratch copies. Operators with C's conversions, assignments to
 * every kind of lvalue, loads and stores through pointers, and the subroutines that are not
 * string emitters (those are cg_str.c's). Variables and built-ins are cg_var.c's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "cg_clause.h"
#include "cg_str.h"

#define USER_ADDR_MAX 0x00007ffffffff000ull  /* x86-64: the highest user address + 1 */
/* x86-64: the kernel's half of the address space starts here. Kernel pointers (fbt's
 * arguments, curthread, members of kernel structs) point there, user pointers below
 * USER_ADDR_MAX, so the address itself says which read it needs: a kernel struct's member
 * that holds a user pointer (vfs_read's buf) is read from user memory without the type
 * having to say so. */
#define KERNEL_ADDR_MIN 0xffff800000000000ull

/* Whether a pointer (or array) of type t may hold a kernel address: one kbtf made, or one
 * to a kernel struct/union ((struct task_struct *)arg0). Other pointers are the traced
 * process's (or tracer memory), and a kernel address there stays a bad address. */
static bool kernel_ptr(struct dtype *t)
{
	t = dtype_resolve(t);
	if (!t || (t->kind != DTY_PTR && t->kind != DTY_ARRAY))
		return false;
	struct dtype *b = t->base ? dtype_resolve(t->base) : NULL;
	return t->kernel || (b && b->kernel);
}

bool cgx_kernel_ptr(struct dtype *t)
{
	return kernel_ptr(t);
}
#define PROGENY_DEPTH 24                     /* ancestors progenyof() looks at */

static void cond_str_into(struct cgc *c, struct dnode *n, uint32_t dst);
static struct dtype *rtype(const struct dnode *n)
{
	return dtype_resolve(n->type);
}

bool cgx_is_str(const struct dnode *n)
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

int cgx_bpf_size(int64_t size)
{
	return size == 1 ? BPF_B : size == 2 ? BPF_H : size == 4 ? BPF_W : BPF_DW;
}

/* Bring the 64-bit value in reg to what a value of type t holds: truncate, then sign- or
 * zero-extend. */
void cgx_norm(struct cgc *c, int reg, struct dtype *t)
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

/* ---- pointers and memory ---- */

int cg_user_retry_begin(struct cg *g)
{
	struct cgc *c = g->priv;
	if (!g->sleepable)
		return -1;
	int again = bpb_label_new(&c->buf);
	cgc_emit(c, bi_st(BPF_DW, 10, CGC_TRY, 0));
	bpb_label_place(&c->buf, again);
	return again;
}

void cg_user_retry(struct cg *g, int again, int16_t addr_slot, uint32_t len)
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
	uint32_t end = load ? (c->globals_size + CGC_GLOBALS_UNIT - 1) / CGC_GLOBALS_UNIT *
				      CGC_GLOBALS_UNIT : c->globals_size;

	if (c->globals_size <= vstart || end < vstart + size)
		return false;
	cgc_emit(c, bi_mov64_reg(1, addr_reg));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_GBASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, (int32_t)vstart));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(end - vstart - size), in);
	return true;
}

void cg_emit_load_ptr(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size)
{
	cg_emit_load_ptr_as(g, dst, addr_slot, size, false);
}

void cg_emit_load_ptr_as(struct cg *g, uint32_t dst, int16_t addr_slot, uint32_t size,
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
	globals_range(c, 3, size, true, kern);
	if (kernel) {
		bpb_ld_imm64(&c->buf, 1, KERNEL_ADDR_MIN);
		cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
		bpb_jmp_reg(&c->buf, BPF_JGE, 3, 1, kern);
	}
	bpb_ld_imm64(&c->buf, 1, USER_ADDR_MAX - size);
	bpb_jmp_reg(&c->buf, BPF_JGT, 3, 1, bad);
	int again = cg_user_retry_begin(g);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)size));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr_slot));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
	cg_user_retry(g, again, addr_slot, size);
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
	}
}

/* R1 = the address in slot `as` minus the scratch base (unsigned), R2 = the scratch size. */
static void scratch_off(struct cgc *c, int16_t as)
{
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, as));
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	cgc_emit(c, bi_mov64_imm(2, 0));
	cgc_patch_here(c, CGC_PATCH_SCRATCH_SIZE);
}

/* Fault (DTRACEFLT_BADADDR, the address) unless the `size` bytes at the address in `slot`,
 * when it points into tracer scratch at all, lie inside what this clause has alloca()'d or
 * copyin()'d so far: [this_end, persist_top) as the clause is compiled. DTrace's rule: D code
 * may reach scratch only through such memory, which does not outlive its clause (a pointer
 * kept from an earlier clause faults). Addresses outside scratch are left to the access.
 * Clobbers R0-R3. */
static void alloca_check(struct cgc *c, int16_t slot, uint32_t size)
{
	int ok = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);

	scratch_off(c, slot);
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, ok);
	if (c->persist_top < c->this_end + size) {
		bpb_ja(&c->buf, bad);
	} else {
		bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->this_end, bad);
		bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)(c->persist_top - size), ok);
	}
	bpb_label_place(&c->buf, bad);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, slot));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

/* A struct-valued element of an associative array or self-> variable, copied into scratch
 * (zeros when there is none, as D reads a missing element). */
static uint32_t dyn_fetch_bytes(struct cgc *c, struct dck_var *v, uint32_t key)
{
	uint32_t size = cgx_vinfo(c, v)->size;
	uint32_t tmp = cg_scratch_alloc(&c->g, size);
	int miss = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);

	cgx_dyn_lookup(c, v, key);
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

/* a[i] of a global array, i known only at run time: the element is copied into scratch
 * (reads) after a bounds check; an index outside the array faults (DTRACEFLT_BADINDEX, with
 * the index, as DTrace for Linux does). */
static void global_index(struct cgc *c, struct dnode *n, struct loc *l, struct dtype *at,
			 int64_t esize)
{
	int ok = bpb_label_new(&c->buf);
	uint32_t tmp = cg_scratch_alloc(&c->g, cgc_round8((uint64_t)esize));
	uint32_t offtmp = cg_scratch_alloc(&c->g, 8);

	if (at->array_len <= 0 || esize > 8)
		cgc_fail(c, n, "cannot index this global array at run time");
	cgx_int(c, n->args);
	bpb_jmp_imm(&c->buf, BPF_JLT, 0, (int32_t)at->array_len, ok);
	cgc_emit(c, bi_mov64_reg(3, 0));
	c->g.emit_fault(&c->g, DOUT_FLT_BADINDEX, 3);
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_alu64_imm(BPF_MUL, 0, (int32_t)esize));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)offtmp));
	cgc_emit(c, bi_mov64_reg(1, CG_R_GLOBALS));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_ldx(cgx_bpf_size(esize), 2, 1, (int16_t)l->off));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 2, (int16_t)tmp));
	l->gidx = true;
	l->gbase = l->off;
	l->gofftmp = offtmp;
	l->gmax = (uint32_t)((at->array_len - 1) * esize);
	l->k = LOC_SCRATCH;
	l->off = tmp;
}

static void loc_of(struct cgc *c, struct dnode *n, struct loc *l)
{
	struct dck_var *v = cgx_node_var(n);

	memset(l, 0, sizeof *l);
	if (v && (v->cls == DCK_ASSOC || v->cls == DCK_SELF)) {
		l->k = LOC_SCRATCH;
		l->dyn = v;
		l->dynkey = cgx_var_key(c, n, v);
		l->dynval = l->off = dyn_fetch_bytes(c, v, l->dynkey);
		return;
	}
	if (v && (v->cls == DCK_GLOBAL || v->cls == DCK_THIS)) {
		l->k = v->cls == DCK_GLOBAL ? LOC_GLOBAL : LOC_SCRATCH;
		l->off = cgx_vinfo(c, v)->off;
		return;
	}
	if (n->kind == DN_UNARY && !strcmp(n->op, "*")) {
		cgx_int(c, n->lhs);
		l->k = LOC_MEM;
		l->kmem = kernel_ptr(n->lhs->type);
		l->slot = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (n->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(n->lhs->type);
		if (!strcmp(n->op, "->")) {
			st = dtype_resolve(st->base);
			cgx_int(c, n->lhs);
			l->k = LOC_MEM;
			l->kmem = kernel_ptr(n->lhs->type);
			l->slot = cgc_slot_push(c);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		} else {
			loc_of(c, n->lhs, l);
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
		} else {
			cgx_int(c, n->lhs);
			l->k = LOC_MEM;
			l->kmem = kernel_ptr(bt);
			l->slot = cgc_slot_push(c);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		}
		cgx_int(c, n->args);
		cgc_mov_imm64(c, 1, esize);
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 1));
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, l->slot));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, l->slot));
		return;
	}
	if (n->kind == DN_CAST) {
		loc_of(c, n->lhs, l);
		return;
	}
	cgc_fail(c, n, "cannot take the address of this expression");
}

/* Bring the located bytes into scratch; returns their offset there. */
static uint32_t loc_fetch(struct cgc *c, struct loc *l, uint32_t size)
{
	uint32_t tmp;

	switch (l->k) {
	case LOC_SCRATCH:
		return l->off;
	case LOC_GLOBAL:
		tmp = cg_scratch_alloc(&c->g, cgc_round8(size));
		cgc_copy(c, CG_R_SCRATCH, tmp, CG_R_GLOBALS, l->off, cgc_round8(size), false);
		return tmp;
	case LOC_MEM:
		tmp = cg_scratch_alloc(&c->g, cgc_round8(size));
		cgc_zero_scratch(c, tmp, cgc_round8(size));
		if (!l->internal)
			alloca_check(c, l->slot, size);
		cg_emit_load_ptr_as(&c->g, tmp, l->slot, size, l->kmem);
		cgc_slot_pop(c);
		return tmp;
	}
	return 0;
}

/* R0 = the integer at n's location (members and bitfields included). */
static void load_loc_int(struct cgc *c, struct dnode *n)
{
	struct loc l;
	const struct dmember *m = NULL;
	struct dtype *t = rtype(n);

	if (n->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(n->lhs->type);
		if (!strcmp(n->op, "->"))
			st = dtype_resolve(st->base);
		int64_t off = 0;
		m = dtype_member_at(st, n->name, &off);
	}
	if (t->kind == DTY_ARRAY) {          /* an array used as a value is its address */
		loc_of(c, n, &l);
		if (l.k != LOC_MEM)
			loc_to_mem(c, n, &l);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, l.slot));
		cgc_slot_pop(c);
		return;
	}
	loc_of(c, n, &l);
	int64_t size = t->kind == DTY_PTR ? 8 : t->size;
	if (l.k == LOC_SCRATCH || l.k == LOC_GLOBAL) {
		int reg = l.k == LOC_SCRATCH ? CG_R_SCRATCH : CG_R_GLOBALS;
		cgc_emit(c, bi_ldx(cgx_bpf_size(size), 0, reg, (int16_t)l.off));
	} else {
		uint32_t tmp = loc_fetch(c, &l, (uint32_t)size);
		cgc_emit(c, bi_ldx(cgx_bpf_size(size), 0, CG_R_SCRATCH, (int16_t)tmp));
	}
	if (m && m->bit_width >= 0) {
		int left = 64 - m->bit_offset - m->bit_width;
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, left));
		cgc_emit(c, bi_alu64_imm(cgc_is_signed(t) ? BPF_ARSH : BPF_RSH, 0, 64 - m->bit_width));
		return;
	}
	cgx_norm(c, 0, t);
}

/* ---- integer operators ---- */

static bool op_is(const struct dnode *n, const char *op)
{
	return n->op && !strcmp(n->op, op);
}

/* Whether a comparison of a and b is unsigned, by C's usual arithmetic conversions. */
static bool cmp_unsigned(struct dtype *a, struct dtype *b)
{
	a = dtype_resolve(a);
	b = dtype_resolve(b);
	if (is_ptr(a) || is_ptr(b))
		return true;
	int64_t sa = a->size < 4 ? 4 : a->size, sb = b->size < 4 ? 4 : b->size;
	bool ua = a->size >= 4 && !cgc_is_signed(a), ub = b->size >= 4 && !cgc_is_signed(b);
	if (sa != sb)
		return sa > sb ? ua : ub;
	return ua || ub;
}

/* Convert R0 and R1 (each already a value of its own type) to the common type of a and b
 * (C's usual arithmetic conversions). Only a 32-bit common type changes bits: an int -1 is
 * 0xffffffff as an unsigned int, and an unsigned int stays positive as an int's 64-bit image
 * only after zero extension. Division, remainder and comparisons need it; +, -, *, &, |, ^
 * agree in their low bits either way. */
static void conv_common(struct cgc *c, struct dtype *a, struct dtype *b)
{
	struct dtype *ra = dtype_resolve(a), *rb = dtype_resolve(b);
	if (is_ptr(ra) || is_ptr(rb))
		return;
	int64_t sa = ra->size < 4 ? 4 : ra->size, sb = rb->size < 4 ? 4 : rb->size;
	if ((sa > sb ? sa : sb) != 4)
		return;
	if (cmp_unsigned(a, b)) {
		cgc_emit(c, bi_mov32_reg(0, 0));
		cgc_emit(c, bi_mov32_reg(1, 1));
	} else {
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 32));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, 0, 32));
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 1, 32));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, 1, 32));
	}
}

/* R0 = R0 op R1 for an arithmetic operator, signedness from `sign`; division faults on 0. */
static void arith(struct cgc *c, const char *op, bool is_signed)
{
	if (!strcmp(op, "+")) cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
	else if (!strcmp(op, "-")) cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 1));
	else if (!strcmp(op, "*")) cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 1));
	else if (!strcmp(op, "&")) cgc_emit(c, bi_alu64_reg(BPF_AND, 0, 1));
	else if (!strcmp(op, "|")) cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 1));
	else if (!strcmp(op, "^")) cgc_emit(c, bi_alu64_reg(BPF_XOR, 0, 1));
	else if (!strcmp(op, "<<")) cgc_emit(c, bi_alu64_reg(BPF_LSH, 0, 1));
	else if (!strcmp(op, ">>"))
		cgc_emit(c, bi_alu64_reg(is_signed ? BPF_ARSH : BPF_RSH, 0, 1));
	else if (!strcmp(op, "/") || !strcmp(op, "%")) {
		bool div = op[0] == '/';
		int ok = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, ok);
		c->g.emit_fault(&c->g, DOUT_FLT_DIVZERO, -1);
		bpb_label_place(&c->buf, ok);
		if (!is_signed) {
			cgc_emit(c, bi_alu64_reg(div ? BPF_DIV : BPF_MOD, 0, 1));
			return;
		}
		/* Signed, from unsigned division of the magnitudes (BPF_SDIV needs kernel 6.6):
		 * the quotient is negative when the signs differ, the remainder takes the
		 * dividend's sign. R2 holds the sign to apply. */
		int p1 = bpb_label_new(&c->buf), p2 = bpb_label_new(&c->buf);
		int p3 = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(2, 0));
		bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, p1);
		cgc_emit(c, bi_neg64(0));
		cgc_emit(c, bi_mov64_imm(2, 1));
		bpb_label_place(&c->buf, p1);
		bpb_jmp_imm(&c->buf, BPF_JSGE, 1, 0, p2);
		cgc_emit(c, bi_neg64(1));
		if (div)
			cgc_emit(c, bi_alu64_imm(BPF_XOR, 2, 1));
		bpb_label_place(&c->buf, p2);
		cgc_emit(c, bi_alu64_reg(div ? BPF_DIV : BPF_MOD, 0, 1));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, p3);
		cgc_emit(c, bi_neg64(0));
		bpb_label_place(&c->buf, p3);
	} else {
		cgc_fail(c, NULL, "operator %s cannot be compiled", op);
	}
}

static int cmp_op(const char *op, bool uns)
{
	if (!strcmp(op, "==")) return BPF_JEQ;
	if (!strcmp(op, "!=")) return BPF_JNE;
	if (!strcmp(op, "<")) return uns ? BPF_JLT : BPF_JSLT;
	if (!strcmp(op, "<=")) return uns ? BPF_JLE : BPF_JSLE;
	if (!strcmp(op, ">")) return uns ? BPF_JGT : BPF_JSGT;
	if (!strcmp(op, ">=")) return uns ? BPF_JGE : BPF_JSGE;
	return -1;
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

/* Evaluate lhs then rhs: R0 = lhs, R1 = rhs. */
static void eval_pair(struct cgc *c, struct dnode *lhs, struct dnode *rhs)
{
	cgx_int(c, lhs);
	if (rhs->isconst) {
		cgc_mov_imm64(c, 1, rhs->cval);
		return;
	}
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	cgx_int(c, rhs);
	cgc_emit(c, bi_mov64_reg(1, 0));
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
	cgc_slot_pop(c);
}

/* Pointer arithmetic: scale the integer side of p + i, p - i; p - q counts elements. */
static void scaled_arith(struct cgc *c, const char *op, struct dtype *lt, struct dtype *rt,
			 struct dtype *res)
{
	bool lp = is_ptr(lt), rp = is_ptr(rt);

	if (lp && rp && op[0] == '-') {
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 0, 1));
		int64_t s = pointee_size(lt);
		if (s > 1) {
			cgc_mov_imm64(c, 1, s);
			arith(c, "/", true);
		}
		return;
	}
	if (lp && !rp && (op[0] == '+' || op[0] == '-')) {
		cgc_mov_imm64(c, 2, pointee_size(lt));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 1, 2));
	} else if (rp && !lp && op[0] == '+') {
		cgc_mov_imm64(c, 2, pointee_size(rt));
		cgc_emit(c, bi_alu64_reg(BPF_MUL, 0, 2));
	}
	if (op[0] == '/' || op[0] == '%')
		conv_common(c, lt, rt);
	else if (!strcmp(op, ">>"))
		cgx_norm(c, 0, res);        /* the promoted left operand's type is the result's */
	arith(c, op, cgc_is_signed(res));
	cgx_norm(c, 0, res);
}

static void binary_int(struct cgc *c, struct dnode *n)
{
	const char *op = n->op;

	if (!strcmp(op, "&&") || !strcmp(op, "||")) {
		int out = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
		bool and = op[0] == '&';
		cgx_int(c, n->lhs);
		bpb_jmp_imm(&c->buf, and ? BPF_JEQ : BPF_JNE, 0, 0, out);
		cgx_int(c, n->rhs);
		bpb_jmp_imm(&c->buf, and ? BPF_JEQ : BPF_JNE, 0, 0, out);
		cgc_emit(c, bi_mov64_imm(0, and ? 1 : 0));
		bpb_ja(&c->buf, done);
		bpb_label_place(&c->buf, out);
		cgc_emit(c, bi_mov64_imm(0, and ? 0 : 1));
		bpb_label_place(&c->buf, done);
		return;
	}
	if (!strcmp(op, "^^")) {
		/* both sides are evaluated: there is nothing to short-circuit in an exclusive or */
		cgx_int(c, n->lhs);
		set_cond_zero(c);
		int16_t s = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
		cgx_int(c, n->rhs);
		set_cond_zero(c);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, s));
		cgc_slot_pop(c);
		cgc_emit(c, bi_alu64_reg(BPF_XOR, 0, 1));
		return;
	}
	int jop = cmp_op(op, false);
	if (jop >= 0) {
		if (cgx_is_str(n->lhs) && cgx_is_str(n->rhs)) {
			uint32_t a = cgx_str(c, n->lhs);
			uint32_t b = cgx_str(c, n->rhs);
			cgs_strcmp(&c->g, a, b);
			cgc_emit(c, bi_mov64_imm(1, 0));
			set_cond(c, cmp_op(op, false));
			return;
		}
		eval_pair(c, n->lhs, n->rhs);
		conv_common(c, n->lhs->type, n->rhs->type);
		set_cond(c, cmp_op(op, cmp_unsigned(n->lhs->type, n->rhs->type)));
		return;
	}
	eval_pair(c, n->lhs, n->rhs);
	scaled_arith(c, op, n->lhs->type, n->rhs->type, n->type);
}

/* ---- assignment ---- */

static struct dck_var *assignable(struct cgc *c, struct dnode *lhs)
{
	struct dck_var *v = cgx_node_var(lhs);

	if (!v)
		cgc_fail(c, lhs, "cannot compile an assignment to this kind of expression");
	return v;
}

/* The operator of a compound assignment: "+=" -> "+". */
static const char *compound_op(const char *op, char *buf, size_t len)
{
	size_t n = strlen(op);

	snprintf(buf, len, "%.*s", (int)(n - 1), op);
	return buf;
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
	cgc_emit(c, bi_ldx(cgx_bpf_size(size), 4, base, off));
	cgc_mov_imm64(c, 5, (int64_t)~mask);
	cgc_emit(c, bi_alu64_reg(BPF_AND, 4, 5));
	cgc_emit(c, bi_alu64_reg(BPF_OR, 0, 4));
}

/* Store R0 (size bytes) at a location; memory must be tracer scratch (copyin/alloca): a
 * store anywhere else faults with the address, as dtrace refuses stores outside its scratch. */
static void store_loc_int(struct cgc *c, struct dnode *lhs, struct loc *l)
{
	struct dtype *t = rtype(lhs);
	int64_t size = t->kind == DTY_PTR ? 8 : t->size;
	int ok = bpb_label_new(&c->buf);

	const struct dmember *bf = NULL;

	if (size != 1 && size != 2 && size != 4 && size != 8)
		cgc_fail(c, lhs, "cannot assign a value of %lld bytes", (long long)size);
	if (lhs->kind == DN_MEMBER) {
		struct dtype *st = dtype_resolve(lhs->lhs->type);
		if (!strcmp(lhs->op, "->"))
			st = dtype_resolve(st->base);
		int64_t off = 0;
		const struct dmember *m = dtype_member_at(st, lhs->name, &off);
		if (m && m->bit_width >= 0)
			bf = m;
	}
	if (l->gidx) {
		/* checked when the element was read; again on this register for the verifier */
		int in = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, (int16_t)l->gofftmp));
		bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)l->gmax, in);
		cgc_emit(c, bi_mov64_reg(3, 1));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
		bpb_label_place(&c->buf, in);
		cgc_emit(c, bi_mov64_reg(2, CG_R_GLOBALS));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
		merge_bitfield(c, bf, size, 2, (int16_t)l->gbase);
		cgc_emit(c, bi_stx(cgx_bpf_size(size), 2, 0, (int16_t)l->gbase));
		return;
	}
	if (l->k != LOC_MEM) {
		merge_bitfield(c, bf, size, l->k == LOC_SCRATCH ? CG_R_SCRATCH : CG_R_GLOBALS, (int16_t)l->off);
		cgc_emit(c, bi_stx(cgx_bpf_size(size), l->k == LOC_SCRATCH ? CG_R_SCRATCH : CG_R_GLOBALS,
				   0, (int16_t)l->off));
		if (l->dyn)
			cgx_dyn_store(c, l->dyn, l->dynkey, l->dynval, false);
		return;
	}
	int glob = bpb_label_new(&c->buf), stored = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, l->slot));
	bool globals = globals_range(c, 3, (uint32_t)size, false, glob);
	if (!l->internal)
		alloca_check(c, l->slot, (uint32_t)size);
	scratch_off(c, l->slot);
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 2, (int32_t)size));
	bpb_jmp_reg(&c->buf, BPF_JLE, 1, 2, ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, l->slot));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
	merge_bitfield(c, bf, size, 2, 0);
	cgc_emit(c, bi_stx(cgx_bpf_size(size), 2, 0, 0));
	if (globals) {
		/* a global variable: R1 is the offset past the state, bounded on its register */
		int16_t vstart = (int16_t)cgc_round8(sizeof(struct dobj_state));
		bpb_ja(&c->buf, stored);
		bpb_label_place(&c->buf, glob);
		cgc_emit(c, bi_mov64_reg(2, CG_R_GLOBALS));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
		merge_bitfield(c, bf, size, 2, vstart);
		cgc_emit(c, bi_stx(cgx_bpf_size(size), 2, 0, vstart));
	}
	bpb_label_place(&c->buf, stored);
	cgc_slot_pop(c);
}

/* x = v, x op= v, ++x... where x is memory reached through a pointer. */
static void assign_mem(struct cgc *c, struct dnode *n, struct dnode *lhs, struct dnode *rhs,
		       const char *op, bool post)
{
	struct loc l;
	int16_t old = 0;

	if (op) {
		load_loc_int(c, lhs);
		old = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, old));
	}
	loc_of(c, lhs, &l);
	if (rhs)
		cgx_int(c, rhs);
	else
		cgc_mov_imm64(c, 0, is_ptr(lhs->type) ? pointee_size(lhs->type) : 1);
	if (op) {
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, old));
		scaled_arith(c, op, lhs->type, rhs ? rhs->type : lhs->type, lhs->type);
	}
	cgx_norm(c, 0, lhs->type);
	int16_t val = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, val));
	store_loc_int(c, lhs, &l);
	(void)n;
	/* the slots were pushed old, (address), value: read back, then release in order */
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, post ? old : val));
	cgc_slot_pop(c);
	if (op)
		cgc_slot_pop(c);
}

static void assign_int(struct cgc *c, struct dnode *n)
{
	if (!cgx_node_var(n->lhs)) {
		char op[4];
		assign_mem(c, n, n->lhs, n->rhs,
			   op_is(n, "=") ? NULL : compound_op(n->op, op, sizeof op), false);
		return;
	}
	struct dck_var *v = assignable(c, n->lhs);
	uint32_t key = cgx_var_key(c, n->lhs, v);

	if (op_is(n, "=")) {
		cgx_int(c, n->rhs);
	} else {
		char op[4];
		cgx_var_load_int(c, v, key);
		int16_t s = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
		cgx_int(c, n->rhs);
		cgc_emit(c, bi_mov64_reg(1, 0));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
		cgc_slot_pop(c);
		scaled_arith(c, compound_op(n->op, op, sizeof op), n->lhs->type, n->rhs->type,
			     n->lhs->type);
	}
	cgx_norm(c, 0, n->lhs->type);
	cgx_var_store_int(c, v, key);
}

/* ++x, x++, --x, x-- */
static void incdec(struct cgc *c, struct dnode *n)
{
	if (!cgx_node_var(n->lhs)) {
		bool post = !strncmp(n->op, "post", 4);
		assign_mem(c, n, n->lhs, NULL, strstr(n->op, "++") ? "+" : "-", post);
		return;
	}
	struct dck_var *v = assignable(c, n->lhs);
	uint32_t key = cgx_var_key(c, n->lhs, v);
	bool post = !strncmp(n->op, "post", 4);
	bool inc = strstr(n->op, "++") != NULL;
	int64_t step = is_ptr(n->lhs->type) ? pointee_size(n->lhs->type) : 1;

	cgx_var_load_int(c, v, key);
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	cgc_mov_imm64(c, 1, inc ? step : -step);
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 0, 1));
	cgx_norm(c, 0, n->lhs->type);
	cgx_var_store_int(c, v, key);
	if (post)
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
	cgc_slot_pop(c);
}

static uint32_t literal(struct cgc *c, const char *s, size_t len);

static void scratch_ptr_from_addr(struct cgc *c, int16_t slot, uint32_t room);

/* *p = s where p is a string *: the string's strsize bytes go where p points, which must be
 * alloca()'d memory (as every store through a pointer). */
static uint32_t assign_str_mem(struct cgc *c, struct dnode *n)
{
	struct loc l;
	uint32_t size = c->o->strsize;       /* sizeof (string) */
	uint32_t whole = size & ~7u;

	if (!op_is(n, "="))
		cgc_fail(c, n, "operator %s cannot be applied to strings", n->op);
	loc_of(c, n->lhs, &l);
	if (l.k != LOC_MEM || l.internal)
		cgc_fail(c, n->lhs, "cannot compile an assignment to this kind of expression");
	uint32_t s = cgx_str(c, n->rhs);
	alloca_check(c, l.slot, size);
	scratch_ptr_from_addr(c, l.slot, size);
	cgc_copy(c, 1, 0, CG_R_SCRATCH, s, whole, false);
	for (uint32_t i = whole; i < size; i++) {
		cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)(s + i)));
		cgc_emit(c, bi_stx(BPF_B, 1, 0, (int16_t)i));
	}
	cgc_slot_pop(c);
	return s;
}

static uint32_t assign_str(struct cgc *c, struct dnode *n)
{
	if (!cgx_node_var(n->lhs) && n->lhs->kind == DN_UNARY && !strcmp(n->lhs->op, "*"))
		return assign_str_mem(c, n);
	struct dck_var *v = assignable(c, n->lhs);
	uint32_t key = cgx_var_key(c, n->lhs, v);

	if (!op_is(n, "="))
		cgc_fail(c, n, "operator %s cannot be applied to strings", n->op);
	/* s = NULL reads nothing: the variable is marked NULL (cgx_var_store_null_str) */
	if (n->rhs->isconst && n->rhs->cval == 0 && !cgx_is_str(n->rhs)) {
		cgx_var_store_null_str(c, v, key);
		return literal(c, "", 0);
	}
	uint32_t s = cgx_str(c, n->rhs);
	cgx_var_store_str(c, v, key, s);
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
	struct dck_var *v = cgx_node_var(n->lhs);
	uint32_t size, lsize = (uint32_t)dtype_sizeof(n->lhs->type);
	struct loc l;

	if (!op_is(n, "="))
		cgc_fail(c, n, "cannot compile this assignment of a struct or array value");
	if (v && (v->cls == DCK_ASSOC || v->cls == DCK_SELF)) {
		uint32_t key = cgx_var_key(c, n->lhs, v);
		if (n->rhs->isconst && n->rhs->cval == 0 && !cgx_is_str(n->rhs) &&
		    dtype_resolve(n->rhs->type)->kind != DTY_STRUCT &&
		    dtype_resolve(n->rhs->type)->kind != DTY_UNION) {
			uint32_t zero = cg_scratch_alloc(&c->g, 8);
			cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)zero, 0));
			cgx_dyn_store(c, v, key, zero, true);
			return;
		}
		uint32_t s = cgx_bytes(c, n->rhs, &size);
		uint32_t vsize = cgx_vinfo(c, v)->size;
		uint32_t val = cg_scratch_alloc(&c->g, vsize);
		/* a clean value: the bytes past the struct are zeros, not the source's neighbours */
		cgc_zero_scratch(c, val, vsize);
		copy_exact(c, CG_R_SCRATCH, val, CG_R_SCRATCH, s, size < lsize ? size : lsize);
		cgx_dyn_store(c, v, key, val, false);
		return;
	}
	uint32_t s = cgx_bytes(c, n->rhs, &size);
	loc_of(c, n->lhs, &l);
	if (l.k == LOC_MEM || l.gidx)
		cgc_fail(c, n->lhs, "cannot compile an assignment to this kind of expression");
	copy_exact(c, l.k == LOC_GLOBAL ? CG_R_GLOBALS : CG_R_SCRATCH, l.off, CG_R_SCRATCH, s,
		   size < lsize ? size : lsize);
	if (l.dyn)
		cgx_dyn_store(c, l.dyn, l.dynkey, l.dynval, false);
}

/* ---- subroutines ---- */

/* Evaluate an integer argument into a new stack slot (0 for an absent optional one). */
static int16_t int_arg(struct cgc *c, struct dnode *a)
{
	if (!a)
		return 0;
	cgx_int(c, a);
	int16_t s = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, s));
	return s;
}

static struct dnode *arg_n(struct dnode *call, int i)
{
	struct dnode *a = call->args;

	while (a && i-- > 0)
		a = a->next;
	return a;
}

/* R0 = this CPU's scratch address + off: a tracer-memory pointer as D sees it. */
static uint32_t persist_alloc(struct cgc *c, uint32_t size);

static void scratch_addr(struct cgc *c, uint32_t off)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)off));
}

uint32_t cgx_persist_alloc(struct cgc *c, uint32_t size)
{
	return persist_alloc(c, size);
}

static uint32_t persist_alloc(struct cgc *c, uint32_t size)
{
	uint32_t off = cg_scratch_alloc(&c->g, size);

	c->persist_top = c->g.scratch_top;
	c->persist_used += size;
	return off;
}

/* R1 = R7 + (the tracer-memory address in slot - scratch base), checked to leave room for
 * `room` bytes; faults (bad address) otherwise. */
static void scratch_ptr_from_addr(struct cgc *c, int16_t slot, uint32_t room)
{
	int ok = bpb_label_new(&c->buf);

	scratch_off(c, slot);
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

#define CG_COPY_MAX 1024      /* largest run-time-sized copyin/copyinto/bcopy/copyout */

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

	scratch_off(c, ss);
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, ok);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 3));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)c->persist_top, ok);
	c->g.emit_fault(&c->g, DOUT_FLT_BADSIZE, 3);
	bpb_label_place(&c->buf, ok);
}

/* The destination of bcopy()/copyinto(): all `size` bytes (slot zs, at most CG_COPY_MAX)
 * inside the clause's alloca() memory, or a fault with DTRACEFLT_BADADDR (the address). */
static void dest_in_alloca(struct cgc *c, int16_t ds, int16_t zs)
{
	int ok = bpb_label_new(&c->buf), bad = bpb_label_new(&c->buf);

	scratch_off(c, ds);
	bpb_jmp_reg(&c->buf, BPF_JGE, 1, 2, bad);
	bpb_jmp_imm(&c->buf, BPF_JLT, 1, (int32_t)c->this_end, bad);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, zs));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 3));
	bpb_jmp_imm(&c->buf, BPF_JLE, 1, (int32_t)c->persist_top, ok);
	bpb_label_place(&c->buf, bad);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ds));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, ok);
}

/* bcopy(src, dest, size) and copyinto(uaddr, size, dest): arguments evaluated in their order;
 * a size beyond CG_COPY_MAX (a negative one included) faults with DTRACEFLT_BADSIZE; dest must
 * be alloca()'d memory; a bcopy() source may be a string, read from its own bytes. */
static void copy_to_scratch(struct cgc *c, struct dnode *n, struct dnode *a0, struct dnode *a1,
			    struct dnode *a2)
{
	bool into = n->subr == DS_COPYINTO;
	int16_t ss, zs, ds;

	if (!into && cgx_is_str(a0)) {
		scratch_addr(c, cgx_str(c, a0));
		ss = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, ss));
	} else {
		ss = int_arg(c, a0);
	}
	if (into) {
		zs = int_arg(c, a1);
		ds = int_arg(c, a2);
	} else {
		ds = int_arg(c, a1);
		zs = int_arg(c, a2);
	}
	int fail = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	checked_size(c, zs, CG_COPY_MAX);
	dest_in_alloca(c, ds, zs);
	if (!into && !cgx_is_str(a0))
		src_in_alloca(c, ss, zs);
	int again = into ? cg_user_retry_begin(&c->g) : -1;
	scratch_ptr_from_addr(c, ds, CG_COPY_MAX);
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, zs));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	/* checked above; repeated on the register so the verifier knows the bound */
	bpb_jmp_imm(&c->buf, BPF_JGT, 2, CG_COPY_MAX, done);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, done);
	cgc_emit(c, bi_call(into ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, fail);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, fail);
	cg_user_retry(&c->g, again, ss, CG_COPY_MAX);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, ss));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, done);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
	cgc_emit(c, bi_mov64_imm(0, 0));
}

static void call_int(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);

	switch (n->subr) {
	case DS_STRLEN:
		cgs_strlen(&c->g, cgx_str(c, a0));
		return;
	case DS_INDEX: case DS_RINDEX: {
		uint32_t s = cgx_str(c, a0), t = cgx_str(c, a1);
		int16_t st = int_arg(c, a2);
		if (n->subr == DS_INDEX)
			cgs_index(&c->g, s, t, st);
		else
			cgs_rindex(&c->g, s, t, st);
		if (st)
			cgc_slot_pop(c);
		return;
	}
	case DS_SPECULATION:
		cgsp_speculation(c);
		return;
	case DS_RAND:
		cgc_emit(c, bi_call(BPF_FUNC_get_prandom_u32));
		cgx_norm(c, 0, n->type);
		return;
	case DS_HTONS: case DS_HTONL: case DS_HTONLL:
	case DS_NTOHS: case DS_NTOHL: case DS_NTOHLL:
		cgx_int(c, a0);
		cgs_byteswap(&c->g, n->subr);
		return;
	case DS_GETMAJOR: case DS_GETMINOR:
		/* the kernel's dev_t: a 32-bit value, major number above 20 bits of minor */
		cgx_int(c, a0);
		if (n->subr == DS_GETMAJOR) {
			cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 20));
			cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xfff));
		} else {
			cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xfffff));
		}
		return;
	case DS_COPYIN: {
		uint32_t max = a1->isconst ? (uint32_t)a1->cval : CG_COPY_MAX;
		if (a1->isconst && (a1->cval <= 0 || a1->cval > CGC_SCRATCH_LIMIT / 4))
			cgc_fail(c, n, "copyin( ) size %lld is out of range", (long long)a1->cval);
		uint32_t dst = persist_alloc(c, cgc_round8(max));
		int16_t as = int_arg(c, a0), ss = int_arg(c, a1);
		cgs_copyin(&c->g, dst, max, as, ss);
		cgc_slot_pop(c);
		cgc_slot_pop(c);
		scratch_addr(c, dst);
		return;
	}
	case DS_ALLOCA: {
		/* the scratchsize option bounds what one clause may alloca() */
		uint64_t limit = c->in->opts ? c->in->opts->scratchsize : 256;
		/* what the clause kept so far: not persist_top's distance, which also spans the
		 * temporaries allocated before (an aggregation key's) */
		uint64_t used = c->persist_used;
		uint64_t left = used < limit ? limit - used : 0;
		if (a0->isconst && (uint64_t)a0->cval > limit)
			cgc_fail_tag(c, n, D_ALLOCA_SIZE, "alloca(%llu) size larger than scratchsize %llu",
				 (unsigned long long)a0->cval, (unsigned long long)limit);
		if (a0->isconst && a0->cval > CGC_SCRATCH_LIMIT / 4)
			cgc_fail(c, n, "alloca( ) size %lld is out of range", (long long)a0->cval);
		if (a0->isconst && a0->cval == 0) {
			/* nothing allocated: the top of the clause's alloca() memory, which the
			 * next alloca(0) returns too (and nothing may be read there) */
			scratch_addr(c, c->persist_top);
			return;
		}
		if (left > CG_COPY_MAX)
			left = CG_COPY_MAX;
		uint32_t max = a0->isconst ? (uint32_t)a0->cval : (uint32_t)left;
		if (a0->isconst && (uint64_t)a0->cval > left) {
			/* fits scratchsize, but not after what the clause took already */
			int16_t s = int_arg(c, a0);
			bounded_size(c, s, (uint32_t)left);
			cgc_slot_pop(c);
		}
		if (!a0->isconst) {
			int16_t s = int_arg(c, a0);
			bounded_size(c, s, max);
			cgc_slot_pop(c);
		}
		uint32_t dst = persist_alloc(c, cgc_round8(max ? max : 8));
		cgc_zero_scratch(c, dst, cgc_round8(max ? max : 8));
		scratch_addr(c, dst);
		return;
	}
	case DS_COPYINTO: case DS_BCOPY:
		copy_to_scratch(c, n, a0, a1, a2);
		return;
	case DS_PROGENYOF: {
		/* Is the current process pid, or a descendant of it? Walk real_parent a bounded
		 * number of steps (init's parent ends the walk: tgid 0). */
		cgx_need_btf(c, n, false);
		int16_t ps = int_arg(c, a0);
		uint32_t cur = cg_scratch_alloc(&c->g, 8), tmp = cg_scratch_alloc(&c->g, 8);
		int yes = bpb_label_new(&c->buf), no = bpb_label_new(&c->buf);
		int done = bpb_label_new(&c->buf);
		cgx_task(c);
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)cur));
		for (int i = 0; i < PROGENY_DEPTH; i++) {
			cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)cur));
			bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, no);
			cgx_kread(c, tmp, c->off_tgid, 4);
			bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, no);
			cgc_emit(c, bi_ldx(BPF_DW, 1, 10, ps));
			bpb_jmp32_reg(&c->buf, BPF_JEQ, 0, 1, yes);
			cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, (int16_t)cur));
			cgx_kread(c, tmp, c->off_real_parent, 8);
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
	case DS_RAISE: case DS_STOP: case DS_COPYOUT: case DS_COPYOUTSTR:
		cgx_subr_stmt(c, n);
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	case DS_STRSTR: case DS_STRCHR: case DS_STRRCHR: case DS_STRTOK:
		/* used as a pointer (compared with NULL): the found flag stands for it */
		(void)cgx_str(c, n);
		return;
	}
	if (cgc_vclass(n->type) == CGC_VSTR) {
		(void)cgx_str(c, n);
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	cgc_fail(c, n, "cannot compile a call to %s( ) here",
		 dsubr_name((enum dsubr)n->subr) ? dsubr_name((enum dsubr)n->subr) : "?");
}

/* An address argument's bytes in scratch: an array value (a global uint8_t[20]) is copied
 * from where it lives; a pointer is read, len bytes, from the process or tracer memory it
 * points to (a bad address faults). Returns the scratch offset; *slot is the pointer's stack
 * slot (0 for an array), for the caller to pop. */
static uint32_t addr_arg(struct cgc *c, struct dnode *a, uint32_t len, int16_t *slot)
{
	if (cgc_vclass(a->type) == CGC_VBYTES) {
		uint32_t size, dst = cg_scratch_alloc(&c->g, 24);
		uint32_t src = cgx_bytes(c, a, &size);
		cgc_zero_scratch(c, dst, 24);
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, src, cgc_round8(size < 24 ? size : 24),
			 false);
		*slot = 0;
		return dst;
	}
	*slot = int_arg(c, a);
	uint32_t dst = cg_scratch_alloc(&c->g, 24);
	if (len)
		cg_emit_load_ptr(&c->g, dst, *slot, len);
	return dst;
}

/* inet_ntop(af, addr) and link_ntop(type, addr): the family or link type picks the address
 * length and the text; known at compile time only that case is compiled, otherwise each
 * known value is tried at run time and any other faults (illegal operation), as dtrace. */
static void net_ntop(struct cgc *c, struct dnode *n, uint32_t dst)
{
	struct dnode *kind = arg_n(n, 0), *a1 = arg_n(n, 1);
	bool inet = n->subr == DS_INET_NTOP;
	const int64_t vals[2] = { inet ? 2 : 1, inet ? 10 : 32 };      /* AF_INET, AF_INET6;
								  * ARPHRD_ETHER, _INFINIBAND */
	const uint32_t lens[2] = { inet ? 4 : 6, inet ? 16 : 20 };
	int16_t ks = int_arg(c, kind), as;
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
			cg_emit_load_ptr(&c->g, addr, as, lens[k]);
		if (!inet)
			cgs_link_ntop(&c->g, dst, addr, lens[k]);
		else if (k == 0)
			cgs_inet_ntoa(&c->g, dst, addr);
		else
			cgs_inet_ntoa6(&c->g, dst, addr, true);
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

static uint32_t call_str(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);
	uint32_t dst = cg_scratch_alloc(&c->g, c->slot);

	switch (n->subr) {
	case DS_STRJOIN: {
		uint32_t a = cgx_str(c, a0), b = cgx_str(c, a1);
		cgs_strjoin(&c->g, dst, a, b);
		return dst;
	}
	case DS_SUBSTR: {
		uint32_t s = cgx_str(c, a0);
		int16_t is = int_arg(c, a1), ls = int_arg(c, a2);
		cgs_substr(&c->g, dst, s, is, ls);
		if (ls)
			cgc_slot_pop(c);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_STRSTR: {
		uint32_t s = cgx_str(c, a0), t = cgx_str(c, a1);
		cgs_strstr(&c->g, dst, s, t);
		return dst;
	}
	case DS_STRCHR: case DS_STRRCHR: {
		uint32_t s = cgx_str(c, a0);
		int16_t cs = int_arg(c, a1);
		if (n->subr == DS_STRCHR)
			cgs_strchr(&c->g, dst, s, cs);
		else
			cgs_strrchr(&c->g, dst, s, cs);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_STRTOK: {
		bool null = a0->isconst && a0->cval == 0 && !cgx_is_str(a0);
		if (a1->isconst && a1->cval == 0 && !cgx_is_str(a1)) {
			/* a NULL delimiter string: dtrace faults reading it. The code after
			 * the fault needs an edge for the verifier: a jump never taken. */
			int past = bpb_label_new(&c->buf);
			if (!null)
				(void)cgx_str(c, a0);
			cgc_emit(c, bi_mov64_imm(1, 0));
			bpb_jmp_imm(&c->buf, BPF_JNE, 1, 0, past);
			c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 1);
			bpb_label_place(&c->buf, past);
			cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)dst, 0));
			cgc_emit(c, bi_mov64_imm(0, 0));
			return dst;
		}
		uint32_t s = null ? CGS_NO_STRING : cgx_str(c, a0);
		uint32_t d = cgx_str(c, a1);
		cgs_strtok(&c->g, dst, s, d);
		return dst;
	}
	case DS_LLTOSTR: {
		int16_t vs = int_arg(c, a0);
		cgs_lltostr(&c->g, dst, vs);
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
		cgs_inet_ntoa6(&c->g, dst, addr, a1 && a1->cval != 0);
		if (as)
			cgc_slot_pop(c);
		return dst;
	}
	case DS_INET_NTOP: case DS_LINK_NTOP:
		net_ntop(c, n, dst);
		return dst;
	case DS_TOUPPER: case DS_TOLOWER: case DS_BASENAME: case DS_DIRNAME: case DS_CLEANPATH: {
		uint32_t s = cgx_str(c, a0);
		if (n->subr == DS_CLEANPATH)
			cgs_cleanpath(&c->g, dst, s);
		else if (n->subr == DS_TOUPPER)
			cgs_toupper(&c->g, dst, s);
		else if (n->subr == DS_TOLOWER)
			cgs_tolower(&c->g, dst, s);
		else if (n->subr == DS_BASENAME)
			cgs_basename(&c->g, dst, s);
		else
			cgs_dirname(&c->g, dst, s);
		return dst;
	}
	case DS_D_PATH: {
		int16_t ps = int_arg(c, a0);
		cgx_d_path(c, dst, ps);
		cgc_slot_pop(c);
		return dst;
	}
	case DS_COPYINSTR: {
		int16_t as = int_arg(c, a0), ms = int_arg(c, a1);
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
void cgx_subr_stmt(struct cgc *c, struct dnode *n)
{
	struct dnode *a0 = arg_n(n, 0), *a1 = arg_n(n, 1), *a2 = arg_n(n, 2);

	switch (n->subr) {
	case DS_RAISE:
		cgx_int(c, a0);
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
		bool sbuf = !str && cgx_is_str(a0);
		uint32_t s = str || sbuf ? cgx_str(c, a0) : 0;
		int16_t bs = str || sbuf ? 0 : int_arg(c, a0);
		int16_t us = int_arg(c, a1), zs = int_arg(c, a2);
		uint32_t max = str || sbuf ? c->g.strsize : CG_COPY_MAX;
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
			scratch_ptr_from_addr(c, bs, max);
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
			bpb_ld_imm64(&c->buf, 2, USER_ADDR_MAX);
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

/* ---- the evaluators ---- */

static void unary_int(struct cgc *c, struct dnode *n)
{
	const char *op = n->op;

	if (!strcmp(op, "++") || !strcmp(op, "--") || !strncmp(op, "post", 4)) {
		incdec(c, n);
		return;
	}
	if (!strcmp(op, "*")) {
		if (cgx_is_str(n->lhs)) {
			uint32_t str = cgx_str(c, n->lhs);
			cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)str));
			cgx_norm(c, 0, n->type);
			return;
		}
		load_loc_int(c, n);
		return;
	}
	if (!strcmp(op, "&")) {
		struct loc l;
		loc_of(c, n->lhs, &l);
		if (l.k != LOC_MEM)
			loc_to_mem(c, n, &l);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, l.slot));
		cgc_slot_pop(c);
		return;
	}
	cgx_int(c, n->lhs);
	if (!strcmp(op, "-"))
		cgc_emit(c, bi_neg64(0));
	else if (!strcmp(op, "~"))
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, -1));
	else if (!strcmp(op, "!")) {
		set_cond_zero(c);
		cgc_emit(c, bi_alu64_imm(BPF_XOR, 0, 1));
		return;
	} else if (strcmp(op, "+") != 0)
		cgc_fail(c, n, "operator %s cannot be compiled", op);
	cgx_norm(c, 0, n->type);
}

/* s[i]: the i-th char of a string, 0 beyond the slot (dtrace treats strings as char arrays). */
static void str_char(struct cgc *c, struct dnode *n)
{
	struct dck_var *v = cgx_node_var(n->lhs);
	int16_t nf = 0;
	uint32_t str;
	int out = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);

	if (v && cgc_vclass(v->type) == CGC_VSTR) {
		/* a variable holding NULL: s[i] reads address i, which faults as in dtrace */
		uint32_t key = cgx_var_key(c, n->lhs, v);
		cgx_var_str_null(c, v, key);
		nf = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, nf));
		str = cgx_var_load_str(c, v, key);
	} else {
		str = cgx_str(c, n->lhs);
	}
	cgx_int(c, n->args);
	if (nf) {
		int ok = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, nf));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, ok);
		cgc_emit(c, bi_mov64_reg(3, 0));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
		bpb_label_place(&c->buf, ok);
		cgc_slot_pop(c);
	}
	bpb_jmp_imm(&c->buf, BPF_JGE, 0, (int32_t)c->g.strsize, out);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)str));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_ldx(BPF_B, 0, 1, 0));
	cgx_norm(c, 0, n->type);
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, out);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

void cgx_int(struct cgc *c, struct dnode *n)
{
	if (n->isconst) {
		cgc_mov_imm64(c, 0, n->cval);
		return;
	}
	if (cgx_is_str(n)) {
		/* a string in a condition: true when not empty (dtrace: not NULL) */
		uint32_t s = cgx_str(c, n);
		cgc_emit(c, bi_ldx(BPF_B, 0, CG_R_SCRATCH, (int16_t)s));
		return;
	}
	switch (n->kind) {
	case DN_INT:
		cgc_mov_imm64(c, 0, (int64_t)n->ival);
		return;
	case DN_IDENT: case DN_SELF: case DN_THIS: case DN_INDEX: {
		if (n->builtin != DB_NONE) {
			cgx_builtin_int(c, n);
			return;
		}
		struct dck_var *v = cgx_node_var(n);
		if (v && cgc_vclass(v->type) == CGC_VINT) {
			cgx_var_load_int(c, v, cgx_var_key(c, n, v));
			return;
		}
		if (n->kind == DN_INDEX && !v && cgx_is_str(n->lhs)) {
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
		unary_int(c, n);
		return;
	case DN_BINARY:
		binary_int(c, n);
		return;
	case DN_ASSIGN:
		assign_int(c, n);
		return;
	case DN_COND: {
		int l_else = bpb_label_new(&c->buf), l_end = bpb_label_new(&c->buf);
		cgx_int(c, n->cond);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, l_else);
		cgx_int(c, n->lhs);
		bpb_ja(&c->buf, l_end);
		bpb_label_place(&c->buf, l_else);
		cgx_int(c, n->rhs);
		bpb_label_place(&c->buf, l_end);
		cgx_norm(c, 0, n->type);
		return;
	}
	case DN_COMMA:
		cgx_effect(c, n->lhs);
		cgx_int(c, n->rhs);
		return;
	case DN_CAST:
		cgx_int(c, n->lhs);
		cgx_norm(c, 0, n->type);
		return;
	case DN_CALL:
		call_int(c, n);
		return;
	default:
		break;
	}
	cgc_fail(c, n, "cannot compile this expression as an integer");
}

static uint32_t literal(struct cgc *c, const char *s, size_t len)
{
	uint32_t dst = cg_scratch_alloc(&c->g, c->slot);

	if (len > c->g.strsize - 1)
		len = c->g.strsize - 1;
	cgs_str_from_literal(&c->g, dst, s, len);
	return dst;
}

/* A char array's bytes as a string: at most strsize - 1 of them, NUL-terminated. */
static uint32_t chars_to_str(struct cgc *c, struct dnode *n)
{
	uint32_t size;
	uint32_t src = cgx_bytes(c, n, &size);
	uint32_t dst = cg_scratch_alloc(&c->g, c->slot);
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
	bool str_left = cgx_is_str(n->lhs);
	uint32_t s = 0;
	if (str_left)
		s = cgx_str(c, n->lhs);
	int16_t is = int_arg(c, str_left ? n->rhs : n->lhs);
	if (!str_left)
		s = cgx_str(c, n->rhs);
	int ok = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, is));
	if (n->op[0] == '-')
		cgc_emit(c, bi_neg64(0));
	bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, ok);
	cgc_emit(c, bi_mov64_imm(0, (int32_t)c->g.strsize));
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, is));
	uint32_t dst = cg_scratch_alloc(&c->g, c->slot);
	cgs_substr(&c->g, dst, s, is, 0);
	cgc_slot_pop(c);
	return dst;
}

/* A char pointer: the string it points to, in tracer scratch (alloca, copyin) or else in the
 * traced process. */
static uint32_t addr_to_str(struct cgc *c, int16_t as, bool kernel);

static uint32_t ptr_to_str(struct cgc *c, struct dnode *x)
{
	uint32_t dst = addr_to_str(c, int_arg(c, x), kernel_ptr(x->type));
	cgc_slot_pop(c);
	return dst;
}

/* The string at the address in slot `as` (which the caller pops), as ptr_to_str; kernel:
 * the pointer may hold a kernel address (kernel_ptr). */
static uint32_t addr_to_str(struct cgc *c, int16_t as, bool kernel)
{
	uint32_t dst = cg_scratch_alloc(&c->g, c->slot);
	int user = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int kread = bpb_label_new(&c->buf);
	scratch_off(c, as);
	bpb_jmp_reg(&c->buf, BPF_JLT, 1, 2, kread);
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
		alloca_check(c, l.slot, 1);
	uint32_t dst = addr_to_str(c, l.slot, l.kmem);
	cgc_slot_pop(c);
	return dst;
}

/* One arm of a string conditional into dst: a nested conditional writes there directly, so
 * that a chain `e == 1 ? "EPERM" : e == 2 ? "ENOENT" : ...` (an inline string table) needs one
 * result slot, not one per level; the arm's temporaries are dead once copied, so their
 * scratch is handed back. */
static void cond_arm_into(struct cgc *c, struct dnode *arm, uint32_t dst)
{
	uint32_t mark = c->g.scratch_top;
	if (arm->kind == DN_COND && cgx_is_str(arm)) {
		cond_str_into(c, arm, dst);
	} else {
		uint32_t v = cgx_str(c, arm);
		cgc_copy(c, CG_R_SCRATCH, dst, CG_R_SCRATCH, v, c->slot, false);
	}
	c->g.scratch_top = mark;
}

static void cond_str_into(struct cgc *c, struct dnode *n, uint32_t dst)
{
	int l_else = bpb_label_new(&c->buf), l_end = bpb_label_new(&c->buf);
	cgx_int(c, n->cond);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, l_else);
	cond_arm_into(c, n->lhs, dst);
	bpb_ja(&c->buf, l_end);
	bpb_label_place(&c->buf, l_else);
	cond_arm_into(c, n->rhs, dst);
	bpb_label_place(&c->buf, l_end);
}

uint32_t cgx_str(struct cgc *c, struct dnode *n)
{
	/* NULL (the constant 0) read as a string (substr(NULL, 1), strtok(s, NULL)): reading
	 * address 0 faults, as in dtrace. The jump is conditional so the code after it stays
	 * reachable for the verifier's CFG check; "" stands for the value on that dead path. */
	if (n->isconst && n->cval == 0 && !cgx_is_str(n)) {
		int ok = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(3, 0));
		bpb_jmp_imm(&c->buf, BPF_JNE, 3, 0, ok);
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
		bpb_label_place(&c->buf, ok);
		return literal(c, "", 0);
	}
	/* a char * where a string is wanted (basename(p), index(p, q)): what it points to, as
	 * dtrace's char pointers are strings to its string subroutines */
	if (!cgx_is_str(n) && is_ptr(n->type) && n->kind != DN_STRING)
		return ptr_to_str(c, n);
	switch (n->kind) {
	case DN_STRING:
		return literal(c, n->str, n->slen);
	case DN_IDENT: case DN_SELF: case DN_THIS: case DN_INDEX: {
		switch (n->builtin) {
		case DB_EXECNAME: {
			uint32_t dst = cg_scratch_alloc(&c->g, c->slot);
			cgx_task_comm(c, dst, c->g.strsize < 16 ? (uint32_t)c->g.strsize : 16);
			return dst;
		}
		case DB_PROBEPROV: case DB_PROBEMOD: case DB_PROBEFUNC: case DB_PROBENAME:
			if (c->probe->prov->cg_probe_name)
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
			cgx_builtin_int(c, n);
			cgc_emit(c, bi_stx(BPF_DW, 10, 0, as));
			uint32_t dst = addr_to_str(c, as, false);
			cgc_slot_pop(c);
			return dst;
		}
		default:
			cgc_fail(c, n, "built-in variable is not a string");
		}
		struct dck_var *v = cgx_node_var(n);
		if (v && cgc_vclass(v->type) == CGC_VSTR)
			return cgx_var_load_str(c, v, cgx_var_key(c, n, v));
		break;
	}
	case DN_ASSIGN:
		return assign_str(c, n);
	case DN_COND: {
		uint32_t dst = cg_scratch_alloc(&c->g, c->slot);
		cond_str_into(c, n, dst);
		return dst;
	}
	case DN_COMMA:
		cgx_effect(c, n->lhs);
		return cgx_str(c, n->rhs);
	case DN_CAST: case DN_UNARY: {
		if (n->kind == DN_UNARY && !strcmp(n->op, "*"))
			return deref_str(c, n);
		if (n->kind == DN_UNARY && strcmp(n->op, "stringof") != 0)
			break;
		struct dnode *x = n->lhs;
		if (cgx_is_str(x))
			return cgx_str(c, x);
		struct dtype *xt = rtype(x);
		if (xt->kind == DTY_ARRAY)
			return chars_to_str(c, x);
		if (cgc_vclass(xt) == CGC_VINT)
			return ptr_to_str(c, x);
		break;
	}
	case DN_CALL:
		return call_str(c, n);
	case DN_BINARY:
		if (!strcmp(n->op, "+") || !strcmp(n->op, "-"))
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
}

uint32_t cgx_bytes(struct cgc *c, struct dnode *n, uint32_t *size)
{
	int64_t s = dtype_sizeof(n->type);
	struct loc l;

	if (s <= 0 || s > 4096)
		cgc_fail(c, n, "cannot use a value of %lld bytes here", (long long)s);
	*size = (uint32_t)s;
	if (n->kind == DN_ASSIGN) {
		assign_bytes(c, n);
		return cgx_bytes(c, n->lhs, size);
	}
	loc_of(c, n, &l);
	return loc_fetch(c, &l, (uint32_t)s);
}

void cgx_effect(struct cgc *c, struct dnode *n)
{
	switch (cgc_vclass(n->type)) {
	case CGC_VSTR:
		(void)cgx_str(c, n);
		return;
	case CGC_VBYTES: {
		uint32_t size;
		(void)cgx_bytes(c, n, &size);
		return;
	}
	case CGC_VINT:
		cgx_int(c, n);
		return;
	case CGC_VVOID:
		if (n->kind == DN_CALL) {
			call_int(c, n);
			return;
		}
		break;
	}
	cgc_fail(c, n, "cannot compile this expression");
}
