/* cg.c — the clause compiler: one BPF program per enabled probe, made of the prologue, every
 * clause enabling the probe (predicate, statements, record, fault path) and the epilogue; the
 * maps the programs share; the -S listing. Expressions are cg_expr.c's, subroutine calls
 * cg_subr.c's. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_dis.h"
#include "cg_clause.h"
#include "cg_str.h"
#include "cg_subfn.h"
#include "cg_subr.h"
#include "bigstack.h"

static _Noreturn void vfail(struct cgc *c, const struct dnode *n, enum dtag tag,
			    const char *fmt, va_list ap)
{
	derr_vset(c->err, tag, fmt, ap);
	if (!n)
		n = c->where;
	if (n && n->pos.line > 0)
		derr_locate(c->err, DERR_AT_LINE, NULL, n->pos.line, 0);
	if (c->err)  /* dtrace's code generator's errors name no region of a description */
		c->err->region = DERR_REGION_NONE;
	longjmp(c->fail, 1);
}

_Noreturn void cgc_fail(struct cgc *c, const struct dnode *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(c, n, DTAG_NONE, fmt, ap);
}

_Noreturn void cgc_fail_line(struct cgc *c, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(c->err, DTAG_NONE, fmt, ap);
	va_end(ap);
	derr_locate(c->err, DERR_AT_LINE, NULL, line, 0);
	if (c->err)
		c->err->region = DERR_REGION_NONE;
	longjmp(c->fail, 1);
}

void cgc_refuse(struct cgc *c, const char *why)
{
	if (!c->o->refusal)
		c->o->refusal = why;
}

_Noreturn void cgc_fail_tag(struct cgc *c, const struct dnode *n, enum dtag tag,
			    const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(c, n, tag, fmt, ap);
}

/* ---- emitting ---- */

size_t cgc_emit(struct cgc *c, struct bpf_insn insn)
{
	return bpb_emit(&c->buf, insn);
}

void cgc_ld_map(struct cgc *c, int reg, int map)
{
	size_t at = bpb_ld_map_fd(&c->buf, reg, map);

	xgrow(&c->relocs, sizeof *c->relocs, &c->reloc_cap, c->nrelocs + 1);
	c->relocs[c->nrelocs++] = at;
}

/* reg = the address of the value of the one-entry array map `map`: one instruction where a
 * lookup takes a dozen and a NULL check (the tracer patches the fd as for cgc_ld_map). */
void cgc_ld_map_value(struct cgc *c, int reg, int map)
{
	struct bpf_insn two[2];
	bi_ld_map_value(two, reg, map, 0);
	xgrow(&c->relocs, sizeof *c->relocs, &c->reloc_cap, c->nrelocs + 1);
	c->relocs[c->nrelocs++] = c->buf.n;
	cgc_emit(c, two[0]);
	cgc_emit(c, two[1]);
}

void cgc_lookup_key(struct cgc *c, int map)
{
	cgc_ld_map(c, 1, map);
	cgc_emit(c, bi_mov64_reg(2, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, CGC_KEY));
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
}

void cgc_patch_here(struct cgc *c, enum cgc_patch_kind kind)
{
	struct cgc_patch p = { .prog = c->o->nprogs, .at = c->buf.n - 1, .kind = kind };

	if (kind == CGC_PATCH_SCRATCH_SIZE) {
		xgrow(&c->size_patches, sizeof *c->size_patches, &c->size_patch_cap,
		      c->nsize_patches + 1);
		c->size_patches[c->nsize_patches++] = p;
		return;
	}
	xgrow(&c->patches, sizeof *c->patches, &c->patch_cap, c->npatches + 1);
	c->patches[c->npatches++] = p;
}

void cgc_mov_imm64(struct cgc *c, int reg, int64_t v)
{
	if (v >= INT32_MIN && v <= INT32_MAX)
		cgc_emit(c, bi_mov64_imm(reg, (int32_t)v));
	else
		bpb_ld_imm64(&c->buf, reg, (uint64_t)v);
}

int16_t cgc_slot_push(struct cgc *c)
{
	if (c->stack_top + 8 > CGC_STACK_MAX)
		cgc_fail(c, NULL, "expression too complex: it needs more than %d bytes of BPF stack",
			 CGC_STACK_MAX);
	c->stack_top += 8;
	return (int16_t)-c->stack_top;
}

void cgc_slot_pop(struct cgc *c)
{
	c->stack_top -= 8;
}

void cgc_zero_scratch(struct cgc *c, uint32_t off, uint32_t size)
{
	for (uint32_t i = 0; i < size; i += 8)
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(off + i), 0));
}

void cgc_copy(struct cgc *c, int dreg, uint32_t doff, int sreg, uint32_t soff, uint32_t size,
	      bool rec_dst)
{
	for (uint32_t i = 0; i < size; i += 8) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, sreg, (int16_t)(soff + i)));
		cgc_emit(c, bi_stx(BPF_DW, dreg, 0, (int16_t)(doff + i)));
		if (rec_dst)
			cgc_patch_here(c, CGC_PATCH_REC_OFF);
	}
}

void cgc_copy_str_clean(struct cgc *c, uint32_t dst, uint32_t src, bool rec_dst)
{
	/* Zero first: bpf_probe_read_kernel_str stops at the NUL and leaves the rest alone. */
	for (uint32_t i = 0; i < c->slot; i += 8) {
		cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)(dst + i), 0));
		if (rec_dst)
			cgc_patch_here(c, CGC_PATCH_REC_OFF);
	}
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	if (rec_dst)
		cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_imm(2, (int32_t)c->g.strsize));
	cgc_emit(c, bi_mov64_reg(3, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, (int32_t)src));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel_str));
}

void cgc_count_drop(struct cgc *c, int kind)
{
	int skip = bpb_label_new(&c->buf);

	cgc_emit(c, bi_st(BPF_W, 10, CGC_KEY, kind));
	cgc_lookup_key(c, c->m_drops);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, skip);
	cgc_emit(c, bi_mov64_imm(1, 1));
	cgc_emit(c, bi_atomic_add(BPF_DW, 0, 1, 0));
	bpb_label_place(&c->buf, skip);
}

/* ---- types ---- */

uint32_t cgc_round8(uint64_t n)
{
	return (uint32_t)((n + 7) & ~(uint64_t)7);
}

enum cgc_vclass cgc_vclass(struct dtype *t)
{
	t = dtype_resolve(t);
	if (!t)
		return CGC_VVOID;
	switch (t->kind) {
	case DTY_VOID: case DTY_FUNC:
		return CGC_VVOID;
	case DTY_STRING:
		return CGC_VSTR;
	case DTY_STRUCT: case DTY_UNION: case DTY_ARRAY:
	case DTY_FLOAT: case DTY_DOUBLE: case DTY_LDOUBLE:
		return CGC_VBYTES;
	default:
		return CGC_VINT;
	}
}

bool cgc_is_signed(struct dtype *t)
{
	t = dtype_resolve(t);
	if (!t)
		return false;
	switch (t->kind) {
	case DTY_CHAR: case DTY_SHORT: case DTY_INT: case DTY_LONG: case DTY_LLONG: case DTY_ENUM:
		return !t->is_unsigned;
	default:
		return false;
	}
}

/* ---- maps ---- */

static int add_map(struct cgc *c, const char *name, enum bpf_sys_map_kind kind, uint32_t ksz,
		   uint32_t vsz, uint32_t entries)
{
	struct dobj *o = c->o;

	xgrow(&o->maps, sizeof *o->maps, &c->map_cap, o->nmaps + 1);
	struct dobj_map *m = &o->maps[o->nmaps];
	memset(m, 0, sizeof *m);
	m->name = xstrdup(name);
	m->kind = kind;
	m->key_size = ksz;
	m->value_size = vsz;
	m->max_entries = entries;
	m->fd = -1;
	return (int)o->nmaps++;
}

int cgc_add_map(struct cgc *c, const char *name, enum bpf_sys_map_kind kind, uint32_t ksz,
		uint32_t vsz, uint32_t entries)
{
	return add_map(c, name, kind, ksz, vsz, entries);
}

/* The ring buffer's size: bufsize rounded up to a power of two of at least a page. */
static uint32_t ringbuf_bytes(uint64_t bufsize)
{
	uint64_t n = 4096;

	while (n < bufsize && n < DOBJ_RINGBUF_MAX)
		n <<= 1;
	return (uint32_t)n;
}

/* ---- records ---- */

int cgc_out_map(const struct cgc *c)
{
	if (c->m_errbuf >= 0 && c->probe && c->probe->kind == DOBJ_PROBE_ERROR)
		return c->m_errbuf;
	return c->m_ringbuf;
}

static int new_ecb(struct cgc *c)
{
	struct dobj *o = c->o;

	xgrow(&o->ecbs, sizeof *o->ecbs, &c->ecb_cap, o->necbs + 1);
	struct dobj_ecb *e = &o->ecbs[o->necbs];
	memset(e, 0, sizeof *e);
	e->epid = (uint32_t)o->necbs + 1;
	e->probe = c->probe_idx;
	e->clause = c->stmt_no;
	c->ecb = (int)o->necbs++;
	c->rec_size = sizeof(struct dobj_rec);
	if (c->in->opts && c->in->opts->oformat != DOPT_OFORMAT_TEXT) {
		e->time_off = c->rec_size;   /* right after the header, 8-aligned */
		c->rec_size += 8;
	}
	return c->ecb;
}

int cgc_current_epid(struct cgc *c)
{
	if (c->ecb < 0)
		new_ecb(c);
	return (int)c->o->ecbs[c->ecb].epid;
}

static struct dobj_action *add_action(struct cgc *c, enum dobj_act_kind kind)
{
	if (c->ecb < 0)
		new_ecb(c);
	struct dobj_ecb *e = &c->o->ecbs[c->ecb];
	e->acts = xrealloc(e->acts, (e->nacts + 1) * sizeof *e->acts);
	struct dobj_action *a = &e->acts[e->nacts++];
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->action_no = c->action_no;
	return a;
}

/* Room for a value of `size` bytes in the record; its offset from the record's start. */
static uint32_t rec_alloc(struct cgc *c, uint32_t size, uint32_t align)
{
	if (c->ecb < 0)
		new_ecb(c);
	uint32_t off = (c->rec_size + align - 1) & ~(align - 1);

	c->rec_size = off + size;
	return off;
}

/* Send the record built so far (if any action recorded something, or `always`: the header
 * alone, dtrace's default action) and start afresh. */
static void rec_flush_if(struct cgc *c, bool always)
{
	if (c->ecb < 0)
		return;
	struct dobj_ecb *e = &c->o->ecbs[c->ecb];
	bool bare = c->bare_rec;
	c->bare_rec = false;
	if (e->nacts == 0 && !always && !bare) {
		c->ecb = -1;
		return;
	}
	e->size = cgc_round8(c->rec_size);
	if (e->size + cgc_spec_rec_extra(c) > c->rec_max)
		c->rec_max = e->size + cgc_spec_rec_extra(c);
	if (cgc_probe_at_run_time(c) && c->probe->prov->cg_epid) {
		c->probe->prov->cg_epid(c, 1, e->epid);
		cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 1, 0));
	} else {
		cgc_emit(c, bi_st(BPF_W, CG_R_SCRATCH, 0, (int32_t)e->epid));
	}
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
	cgc_emit(c, bi_stx(BPF_W, CG_R_SCRATCH, 0, 4));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	if (e->time_off) {
		/* the firing's time, as late as possible before the record goes out so that a
		 * CPU's records reach the ring buffer in the order of their times */
		cgc_emit(c, bi_call(BPF_FUNC_ktime_get_ns));
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)e->time_off));
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
	}
	int held = c->spec_clause ? cgc_spec_send(c, e->epid, e->size) : -1;
	cgc_ld_map(c, 1, cgc_out_map(c));
	cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, 0));
	cgc_patch_here(c, CGC_PATCH_REC_IMM);
	cgc_emit(c, bi_mov64_imm(3, (int32_t)e->size));
	cgc_emit(c, bi_mov64_imm(4, 0));
	cgc_emit(c, bi_call(BPF_FUNC_ringbuf_output));
	int ok = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, ok);
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
	bpb_label_place(&c->buf, ok);
	if (held >= 0)
		bpb_label_place(&c->buf, held);
	c->ecb = -1;
}

static void rec_flush(struct cgc *c)
{
	rec_flush_if(c, false);
}

/* An empty action list (or none): dtrace still reports the firing. */
static bool no_statements(const struct dnode *body)
{
	if (!body)
		return true;
	if (body->kind == DN_EMPTY)
		return true;
	if (body->kind != DN_BLOCK)
		return false;
	for (const struct dnode *s = body->args; s; s = s->next)
		if (!no_statements(s))
			return false;
	return true;
}

static void note(struct cgc *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(struct cgc *c, const char *fmt, ...)
{
	struct strbuf sb = {0};
	va_list ap;

	va_start(ap, fmt);
	strbuf_vprintf(&sb, fmt, ap);
	va_end(ap);
	xgrow(&c->notes, sizeof *c->notes, &c->note_cap, c->nnotes + 1);
	c->notes[c->nnotes].at = c->buf.n;
	c->notes[c->nnotes++].text = strbuf_take(&sb);
}

void cgc_note(struct cgc *c, const char *text)
{
	note(c, "%s", text);
}

/* dtrace-utils keeps a pointer into a clause's alloca() memory as its offset there (the first
 * allocation at 8, so that no such pointer is NULL), and that offset is what trace() and
 * printf() record; our pointers are addresses, so a recorded pointer (R0) that falls in the
 * alloca() memory the clause has so far becomes that offset. Clobbers R1, R2. */
static void alloca_ptr_as_offset(struct cgc *c)
{
	if (c->persist_top <= c->this_end)
		return;
	int past = bpb_label_new(&c->buf);
	cgc_emit(c, bi_mov64_reg(1, 0));
	/* the base as a number (CGC_SCR_BASE): the verifier allows no scalar minus a pointer */
	cgc_emit(c, bi_ldx(BPF_DW, 2, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 2));
	cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, (int32_t)c->this_end));
	bpb_jmp_imm(&c->buf, BPF_JGE, 1, (int32_t)(c->persist_top - c->this_end), past);
	cgc_emit(c, bi_mov64_reg(0, 1));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, 8));
	bpb_label_place(&c->buf, past);
}

/* Evaluate n and put its value in the record; describe it in *v. */
static void rec_value(struct cgc *c, struct dnode *n, struct dobj_val *v)
{
	struct dtype *t = dtype_resolve(n->type);

	memset(v, 0, sizeof *v);
	dck_argtype(c->ck, n->type, &v->argtype);
	switch (cgc_vclass(n->type)) {
	case CGC_VINT: {
		uint32_t size = t->kind == DTY_PTR ? 8 : (uint32_t)t->size;
		int bsz = size == 1 ? BPF_B : size == 2 ? BPF_H : size == 4 ? BPF_W : BPF_DW;
		if (size != 1 && size != 2 && size != 4 && size != 8)
			cgc_fail(c, n, "cannot record a value of %u bytes", size);
		cgc_eval_int(c, n);
		if (size == 8)  /* a pointer, or one cast to a 64-bit integer */
			alloca_ptr_as_offset(c);
		v->off = rec_alloc(c, size, size);
		v->size = size;
		v->kind = DOBJ_V_INT;
		v->is_signed = cgc_is_signed(t);
		cgc_emit(c, bi_stx(bsz, CG_R_SCRATCH, 0, (int16_t)v->off));
		cgc_patch_here(c, CGC_PATCH_REC_OFF);
		return;
	}
	case CGC_VSTR: {
		/* a NULL string (strstr() finding nothing...) faults, as dtrace reads address 0 */
		uint32_t s = cgc_eval_str(c, n);
		v->off = rec_alloc(c, c->slot, 8);
		/* dtrace's string records hold strsize bytes and the NUL after them (what
		 * rawbytes shows); the slot has room for it and the clean copy zeroes it */
		v->size = c->o->strsize + 1;
		v->kind = DOBJ_V_STRING;
		cgc_copy_str_clean(c, v->off, s, true);
		return;
	}
	case CGC_VBYTES: {
		uint32_t size;
		uint32_t s = cgc_eval_bytes(c, n, &size);
		v->off = rec_alloc(c, cgc_round8(size), 8);
		v->size = size;
		v->kind = (t->kind == DTY_FLOAT || t->kind == DTY_DOUBLE || t->kind == DTY_LDOUBLE)
			? DOBJ_V_FLOAT : DOBJ_V_BYTES;
		if (v->argtype.cls == DFMT_ARG_STRING)
			v->kind = DOBJ_V_STRING;
		cgc_copy(c, CG_R_SCRATCH, v->off, CG_R_SCRATCH, s, cgc_round8(size), true);
		return;
	}
	case CGC_VVOID:
		break;
	}
	cgc_fail(c, n, "cannot record a void value");
}

/* Each action is registered (owning its values) before they are evaluated, so a compile
 * error part-way leaves nothing the dobj does not free. */
static struct dobj_action *new_action(struct cgc *c, enum dobj_act_kind kind, size_t nvals)
{
	struct dobj_action *act = add_action(c, kind);

	act->vals = nvals ? xcalloc(nvals, sizeof *act->vals) : NULL;
	act->nvals = nvals;
	return act;
}

struct dobj_action *cgc_new_action(struct cgc *c, enum dobj_act_kind kind, size_t nvals)
{
	return new_action(c, kind, nvals);
}

void cgc_rec_value(struct cgc *c, struct dnode *n, struct dobj_val *v)
{
	rec_value(c, n, v);
}

uint32_t cgc_rec_alloc(struct cgc *c, uint32_t size, uint32_t align)
{
	return rec_alloc(c, size, align);
}

static void act_printf(struct cgc *c, struct dnode *call, enum dobj_act_kind kind)
{
	struct dnode *arg = call->args ? call->args->next : NULL;
	size_t n = 0, i = 0;

	for (struct dnode *a = arg; a; a = a->next)
		n++;
	struct dobj_action *act = new_action(c, kind, n);
	act->fmt = call->fmt;
	struct dobj_val *vals = act->vals;
	for (struct dnode *a = arg; a; a = a->next) {
		/* dtrace counts each printf value as an action of its own */
		if (a->action)
			c->action_no = a->action;
		rec_value(c, a, &vals[i++]);
	}
}

static void act_trace(struct cgc *c, struct dnode *call)
{
	struct dobj_val *v = new_action(c, DOBJ_ACT_TRACE, 1)->vals;
	rec_value(c, call->args, v);
	/* a char array (curthread->comm, a struct's member) is traced by reference, as its
	 * bytes: dtrace prints such a record as a byte dump, D's string type alone as text */
	if (v->kind == DOBJ_V_STRING && dtype_resolve(call->args->type)->kind == DTY_ARRAY)
		v->kind = DOBJ_V_BYTES;
}

static void act_tracemem(struct cgc *c, struct dnode *call)
{
	struct dnode *addr = call->args, *size = addr ? addr->next : NULL;

	if (!size || !size->isconst || size->cval <= 0 || size->cval > 4096)
		cgc_fail(c, call, "tracemem( ) size must be a constant between 1 and 4096");
	uint32_t n = (uint32_t)size->cval;
	struct dnode *dyn = size->next;
	struct dobj_val *v = new_action(c, DOBJ_ACT_TRACEMEM, dyn ? 2 : 1)->vals;
	if (dyn)
		cgc_rec_int(c, dyn, &v[1], 8, "ssize_t");
	uint32_t tmp = cgs_scratch_alloc(&c->g, cgc_round8(n));
	cgc_zero_scratch(c, tmp, cgc_round8(n));
	if (cgc_vclass(addr->type) == CGC_VSTR) {
		/* a string's own bytes (its slot), as far as they go */
		uint32_t raw = cgc_eval_str(c, addr);
		uint32_t s = cgs_scratch_alloc(&c->g, c->slot);
		cgc_copy_str_clean(c, s, raw, false);   /* zeros after the NUL, not stale bytes */
		uint32_t len = cgc_round8(n) < c->slot ? cgc_round8(n) : c->slot;
		cgc_copy(c, CG_R_SCRATCH, tmp, CG_R_SCRATCH, s, len, false);
	} else {
		cgc_eval_int(c, addr);
		int16_t slot = cgc_slot_push(c);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, slot));
		/* through a kernel pointer (curthread), kernel memory, as dtrace's tracemem reads */
		cgs_load_ptr_as(&c->g, tmp, slot, n, cgc_kernel_ptr(addr->type));
		cgc_slot_pop(c);
	}
	v->off = rec_alloc(c, cgc_round8(n), 8);
	v->size = n;
	v->kind = DOBJ_V_BYTES;
	v->argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = n, .name = "void" };
	cgc_copy(c, CG_R_SCRATCH, v->off, CG_R_SCRATCH, tmp, cgc_round8(n), true);
}

/* print(ptr): the address, then the pointee's bytes read through it (the consumer prints
 * "ADDR = *" and the pointee); print(value): the value as trace() records it. */
/* print() of a string: the string's address (where it lies in scratch, as dtrace prints its
 * own scratch's) and its strsize bytes, printed as the char array the checker typed it
 * (call->ctype, a char (*)[strsize]). */
static void act_print_string(struct cgc *c, struct dnode *call)
{
	struct dobj_action *act = new_action(c, DOBJ_ACT_PRINT, 2);
	act->ptype = call->ctype;
	struct dobj_val *v = act->vals;
	uint32_t s = cgc_eval_str(c, call->args);
	v[0].off = rec_alloc(c, 8, 8);
	v[0].size = 8;
	v[0].kind = DOBJ_V_INT;
	v[0].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = 8, .name = "void *" };
	cgc_emit(c, bi_mov64_reg(0, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)s));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)v[0].off));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	v[1].off = rec_alloc(c, c->slot, 8);
	v[1].size = c->o->strsize;
	v[1].kind = DOBJ_V_BYTES;
	v[1].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = v[1].size, .name = "void" };
	cgc_copy_str_clean(c, v[1].off, s, true);
}

static void act_print(struct cgc *c, struct dnode *call)
{
	struct dnode *arg = call->args;
	if (call->ctype) {
		act_print_string(c, call);
		return;
	}
	struct dtype *t = dtype_resolve(arg->type);
	struct dtype *pt = t->kind == DTY_PTR ? t->base : NULL;
	int64_t psize = pt ? dtype_sizeof(pt) : -1;

	if (!pt || psize <= 0 || dtype_resolve(pt)->kind == DTY_VOID) {
		struct dobj_action *act = new_action(c, DOBJ_ACT_PRINT, 1);
		act->ptype = arg->type;
		rec_value(c, arg, act->vals);
		return;
	}
	if (psize > 4096)
		cgc_fail(c, call, "print( ) of a %lld-byte type: at most 4096 bytes",
			 (long long)psize);
	uint32_t n = (uint32_t)psize;
	struct dobj_action *act = new_action(c, DOBJ_ACT_PRINT, 2);
	act->ptype = arg->type;
	struct dobj_val *v = act->vals;
	uint32_t tmp = cgs_scratch_alloc(&c->g, cgc_round8(n));
	cgc_zero_scratch(c, tmp, cgc_round8(n));
	cgc_eval_int(c, arg);
	int16_t slot = cgc_slot_push(c);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, slot));
	v[0].off = rec_alloc(c, 8, 8);
	v[0].size = 8;
	v[0].kind = DOBJ_V_INT;
	v[0].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = 8, .name = "void *" };
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 0, (int16_t)v[0].off));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
	cgs_load_ptr_as(&c->g, tmp, slot, n, cgc_kernel_ptr(arg->type));
	cgc_slot_pop(c);
	v[1].off = rec_alloc(c, cgc_round8(n), 8);
	v[1].size = n;
	v[1].kind = DOBJ_V_BYTES;
	v[1].argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_OTHER, .size = n, .name = "void" };
	cgc_copy(c, CG_R_SCRATCH, v[1].off, CG_R_SCRATCH, tmp, cgc_round8(n), true);
}

void cgc_rec_int(struct cgc *c, struct dnode *n, struct dobj_val *v, uint32_t size,
		 const char *type)
{
	cgc_eval_int(c, n);
	v->off = rec_alloc(c, size, size);
	v->size = size;
	v->kind = DOBJ_V_INT;
	v->is_signed = true;
	v->argtype = (struct dfmt_argtype){ .cls = DFMT_ARG_INT, .size = size, .is_signed = true,
					    .name = type };
	cgc_emit(c, bi_stx(cgc_bpf_size(size), CG_R_SCRATCH, 0, (int16_t)v->off));
	cgc_patch_here(c, CGC_PATCH_REC_OFF);
}

static void act_exit(struct cgc *c, struct dnode *call)
{
	struct dobj_val *v = new_action(c, DOBJ_ACT_EXIT, 1)->vals;

	cgc_rec_int(c, call->args, v, 4, "int");   /* R0 keeps the value */
	cgc_emit(c, bi_stx(BPF_W, CG_R_GLOBALS, 0, (int16_t)offsetof(struct dobj_state, exit_status)));
	cgc_emit(c, bi_st(BPF_W, CG_R_GLOBALS, (int16_t)offsetof(struct dobj_state, stopping),
			  DOBJ_RUN_STOPPING));
	c->exit_seen = true;
}

/* Actions that record no data but, as in dtrace, still report the firing (the record's
 * header alone, as the default action): raise(), stop(), copyout(), copyoutstr(). */
static bool bare_action(int subr)
{
	return subr == DS_RAISE || subr == DS_STOP || subr == DS_COPYOUT || subr == DS_COPYOUTSTR;
}

static bool records(int subr)
{
	return subr == DS_TRACE || subr == DS_PRINTF || subr == DS_TRACEMEM || subr == DS_PRINT ||
	       subr == DS_EXIT || bare_action(subr) ||
	       subr == DS_SYSTEM || subr == DS_FREOPEN || subr == DS_FTRUNCATE || subr == DS_PCAP ||
	       (subr >= DS_PRINTA && subr <= DS_SETOPT) ||
	       (subr >= DS_USTACK && subr <= DS_MOD);
}

static bool stmt_records(const struct dnode *n)
{
	if (!n)
		return false;
	switch (n->kind) {
	case DN_EXPR_STMT:
		return n->lhs && n->lhs->kind == DN_CALL && records(n->lhs->subr);
	case DN_IF:
		return stmt_records(n->lhs) || stmt_records(n->rhs);
	case DN_BLOCK:
		for (const struct dnode *s = n->args; s; s = s->next)
			if (stmt_records(s))
				return true;
		return false;
	default:
		return false;
	}
}

static void compile_stmt(struct cgc *c, struct dnode *n);

static void compile_action(struct cgc *c, struct dnode *call)
{
	const char *name = dsubr_name((enum dsubr)call->subr);

	note(c, "; clause %d, action #%d: %s", c->clause_no + 1, c->action_no, name ? name : "?");
	switch (call->subr) {
	case DS_TRACE:
		act_trace(c, call);
		break;
	case DS_PRINTF:
		act_printf(c, call, DOBJ_ACT_PRINTF);
		break;
	case DS_SYSTEM:
		act_printf(c, call, DOBJ_ACT_SYSTEM);
		break;
	case DS_FREOPEN:
		act_printf(c, call, DOBJ_ACT_FREOPEN);
		break;
	case DS_FTRUNCATE:
		new_action(c, DOBJ_ACT_FTRUNCATE, 0);
		break;
	case DS_TRACEMEM:
		act_tracemem(c, call);
		break;
	case DS_PCAP:
		cgc_pcap_action(c, call);
		break;
	case DS_PRINT:
		act_print(c, call);
		break;
	case DS_EXIT:
		act_exit(c, call);
		break;
	case DS_SPECULATE:
		cgc_spec_speculate(c, call);
		break;
	case DS_COMMIT: case DS_DISCARD:
		/* what this clause speculated so far is part of what it commits (dtrace_probe
		 * closes the ecb's speculative record before committing) */
		if (c->ecb >= 0 && c->o->ecbs[c->ecb].nacts)
			rec_flush(c);
		cgc_spec_commit(c, call, call->subr == DS_DISCARD);
		break;
	case DS_PRINTA: case DS_TRUNC: case DS_CLEAR: case DS_NORMALIZE: case DS_DENORMALIZE:
	case DS_SETOPT:
		cgc_agg_action(c, call);
		break;
	case DS_USTACK: case DS_JSTACK: case DS_UADDR: case DS_USYM: case DS_UFUNC: case DS_UMOD:
	case DS_STACK: case DS_SYM: case DS_FUNC: case DS_MOD:
		cgc_ustack_action(c, call);
		break;
	default:
		cgc_subr_stmt(c, call);
		if (bare_action(call->subr)) {
			cgc_current_epid(c);
			c->bare_rec = true;
		}
		break;
	}
}

static void compile_stmt(struct cgc *c, struct dnode *n)
{
	uint32_t mark = c->g.scratch_top;
	int stack = c->stack_top;

	c->where = n;
	switch (n->kind) {
	case DN_EXPR_STMT:
		if (n->action)
			c->action_no = n->action;
		if (n->lhs->kind == DN_CALL && dsubr_is_action((enum dsubr)n->lhs->subr)) {
			compile_action(c, n->lhs);
		} else if (n->lhs->kind == DN_ASSIGN && n->lhs->lhs->kind == DN_AGG) {
			note(c, "; clause %d, action #%d: @%s = %s()", c->clause_no + 1,
			     c->action_no, n->lhs->lhs->name, n->lhs->rhs->name);
			cgc_agg_update(c, n->lhs);
		} else {
			note(c, "; clause %d, action #%d", c->clause_no + 1, c->action_no);
			cgc_eval_effect(c, n->lhs);
		}
		break;
	case DN_IF: {
		bool split = stmt_records(n->lhs) || stmt_records(n->rhs);
		int l_else = bpb_label_new(&c->buf), l_end = bpb_label_new(&c->buf);
		if (split)
			rec_flush(c);
		if (n->action)
			c->action_no = n->action;
		note(c, "; clause %d, if (action #%d)", c->clause_no + 1, c->action_no);
		cgc_eval_raw(c, n->cond);
		c->g.scratch_top = mark;
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, l_else);
		compile_stmt(c, n->lhs);
		if (split)
			rec_flush(c);
		bpb_ja(&c->buf, l_end);
		bpb_label_place(&c->buf, l_else);
		if (n->rhs)
			compile_stmt(c, n->rhs);
		if (split)
			rec_flush(c);
		bpb_label_place(&c->buf, l_end);
		break;
	}
	case DN_BLOCK:
		for (struct dnode *s = n->args; s; s = s->next)
			compile_stmt(c, s);
		break;
	case DN_EMPTY:
		break;
	default:
		cgc_fail(c, n, "cannot compile this statement");
	}
	/* copyin()/alloca() memory lives until the clause ends */
	c->g.scratch_top = mark > c->persist_top ? mark : c->persist_top;
	c->stack_top = stack;
}

/* Stop the clause: the inputs of the fault path, then a jump to it. */
static void emit_fault(struct cg *g, int kind, int addr_reg)
{
	struct cgc *c = g->priv;

	if (addr_reg >= 0)
		cgc_emit(c, bi_stx(BPF_DW, 10, addr_reg, CGC_FLT_ADDR));
	else
		cgc_emit(c, bi_st(BPF_DW, 10, CGC_FLT_ADDR, 0));
	cgc_emit(c, bi_st(BPF_W, 10, CGC_FLT_KIND, kind));
	/* the pc DTrace reports: where this fault is raised (never 0: the prologue comes first) */
	cgc_emit(c, bi_st(BPF_W, 10, CGC_FLT_PC, (int32_t)c->buf.n));
	if (cgc_probe_at_run_time(c) && c->probe->prov->cg_epid) {
		c->probe->prov->cg_epid(c, 1, (uint32_t)cgc_current_epid(c));
		cgc_emit(c, bi_stx(BPF_W, 10, 1, CGC_FLT_EPID));
	} else {
		cgc_emit(c, bi_st(BPF_W, 10, CGC_FLT_EPID, cgc_current_epid(c)));
	}
	bpb_ja(&c->buf, c->fault_label);
	c->fault_used = true;
}

/* The clause's fault path: send a struct dobj_rec_fault built on the stack. */
static void emit_fault_path(struct cgc *c)
{
	const int r = CGC_FLT_REC;

	note(c, "; clause %d, fault path", c->clause_no + 1);
	bpb_label_place(&c->buf, c->fault_label);
	cgc_emit(c, bi_st(BPF_W, 10, r + (int)offsetof(struct dobj_rec_fault, hdr.epid), 0));
	cgc_emit(c, bi_call(BPF_FUNC_get_smp_processor_id));
	cgc_emit(c, bi_stx(BPF_W, 10, 0, r + (int)offsetof(struct dobj_rec_fault, hdr.cpu)));
	cgc_emit(c, bi_st(BPF_W, 10, r + (int)offsetof(struct dobj_rec_fault, kind), DOBJ_REC_FAULT));
	cgc_emit(c, bi_ldx(BPF_W, 1, 10, CGC_FLT_EPID));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, r + (int)offsetof(struct dobj_rec_fault, epid)));
	cgc_emit(c, bi_ldx(BPF_W, 1, 10, CGC_FLT_KIND));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, r + (int)offsetof(struct dobj_rec_fault, fault)));
	cgc_emit(c, bi_ldx(BPF_W, 1, 10, CGC_FLT_PC));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, r + (int)offsetof(struct dobj_rec_fault, pc)));
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_FLT_ADDR));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, r + (int)offsetof(struct dobj_rec_fault, addr)));
	/* ERROR will exit(): what its exit() does at once in DTrace, where ERROR runs inside
	 * the faulting firing (the tracer fires ours when it reads this record) */
	if (c->error_exits && c->probe->kind != DOBJ_PROBE_ERROR)
		cgc_emit(c, bi_st(BPF_W, CG_R_GLOBALS, (int16_t)offsetof(struct dobj_state, stopping),
				  DOBJ_RUN_STOPPING));
	cgc_ld_map(c, 1, cgc_out_map(c));
	cgc_emit(c, bi_mov64_reg(2, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, r));
	cgc_emit(c, bi_mov64_imm(3, (int32_t)sizeof(struct dobj_rec_fault)));
	cgc_emit(c, bi_mov64_imm(4, 0));
	cgc_emit(c, bi_call(BPF_FUNC_ringbuf_output));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, c->end_label);
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
}

static void compile_clause(struct cgc *c, struct dnode *cl, int clause_no, int stmt_no)
{
	c->clause_no = clause_no;
	c->stmt_no = stmt_no;
	c->ecb = -1;
	c->bare_rec = false;
	new_ecb(c);
	c->action_no = 0;
	c->fault_used = false;
	c->dyn_drop_label = -1;
	c->fault_label = bpb_label_new(&c->buf);
	c->end_label = bpb_label_new(&c->buf);
	c->stack_top = CGC_STACK_FIXED;
	c->g.scratch_top = c->this_end;
	c->persist_top = c->this_end;
	c->persist_used = 0;
	c->where = cl;

	note(c, "; clause %d%s", clause_no + 1, cl->cond ? ", predicate" : "");
	cgc_spec_clause_begin(c, cl);
	/* Once exit() ran, dtrace_probe skips the remaining enablings of any probe but END and
	 * ERROR (dtrace.c: DTRACEACT_EXIT makes the state draining; then only the dtrace
	 * provider's probes run, and BEGIN not even those). */
	if ((c->exit_seen || c->error_exits) && !(cgc_probe_flags(c) & PROV_F_WHILE_STOPPING)) {
		cgc_emit(c, bi_ldx(BPF_W, 1, CG_R_GLOBALS, (int16_t)offsetof(struct dobj_state, stopping)));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 1, DOBJ_RUN_STOPPING, c->end_label);
	}
	if (c->probe->prov->cg_guard && !cl->companion) {
		c->probe->prov->cg_guard(c, c->end_label);
		c->g.scratch_top = c->this_end;
	}
	if (cl->cond) {
		cgc_eval_raw(c, cl->cond);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, c->end_label);
		c->g.scratch_top = c->this_end;
	}
	if (cl->body)
		compile_stmt(c, cl->body);
	/* a speculating clause that records nothing else speculates the default record, the
	 * header alone (dtrace_ecb_resize keeps it; DTrace for Linux prints it at the commit
	 * after `speculate(s); x = 1;` too) */
	rec_flush_if(c, no_statements(cl->body) ||
			(cgc_spec_clause_speculates(cl) && !stmt_records(cl->body)));
	/* the verifier refuses unreachable code: no fault path unless something can fault */
	if (c->fault_used) {
		bpb_ja(&c->buf, c->end_label);
		emit_fault_path(c);
	}
	/* every dynamic store that can fail shares one tail: a long clause of stores carries
	 * one copy of the drop count (and the verifier inlines one map lookup, not one each) */
	if (c->dyn_drop_label >= 0) {
		bpb_ja(&c->buf, c->end_label);
		bpb_label_place(&c->buf, c->dyn_drop_label);
		cgc_count_drop(c, DOUT_DROP_DYNAMIC);
	}
	bpb_label_place(&c->buf, c->end_label);
	cgc_spec_clause_end(c);
}

/* Does the statement list call exit() unconditionally (a statement of its own)? */
static bool calls_exit(const struct dnode *body)
{
	if (!body || body->kind != DN_BLOCK)
		return false;
	for (const struct dnode *s = body->args; s; s = s->next)
		if (s->kind == DN_EXPR_STMT && s->lhs && s->lhs->kind == DN_CALL &&
		    s->lhs->subr == DS_EXIT)
			return true;
	return false;
}

/* Some clause without predicate enabling ERROR calls exit(): see cgc.error_exits. */
static bool error_exits(struct cgc *c)
{
	int clause_no = 0;
	for (struct dnode *cl = c->ck->prog->items; cl; cl = cl->next) {
		if (cl->kind != DN_CLAUSE)
			continue;
		if (!cl->cond && calls_exit(cl->body))
			for (size_t i = 0; i < c->in->nclause_probes[clause_no]; i++)
				if (c->in->probes[c->in->clause_probes[clause_no][i]].kind ==
				    DOBJ_PROBE_ERROR)
					return true;
		clause_no++;
	}
	return false;
}

/* Whether clause number clause_no runs in the program of probe probe_idx. */
static bool clause_runs_in(struct cgc *c, int clause_no, int probe_idx)
{
	for (size_t i = 0; i < c->in->nclause_probes[clause_no]; i++)
		if (c->in->clause_probes[clause_no][i] == probe_idx)
			return true;
	return false;
}

static bool clause_runs(struct cgc *c, int clause_no)
{
	return clause_runs_in(c, clause_no, c->probe_idx);
}

/* Whether expression n can be evaluated before the prologue (no scratch, no globals, no
 * fault path, nothing but R0-R5 and stack slots): integer constants, the identifiers and
 * indexes the provider's `leaf` accepts, and arithmetic, comparisons, logic, conditionals and
 * casts of them. Division and modulo are out (they fault on 0), as are strings, variables,
 * calls and assignments. */
static bool pure_pred(struct cgc *c, const struct dnode *n,
		      bool (*leaf)(struct cgc *c, const struct dnode *n))
{
	if (!n || cgc_is_str(n) || cgc_vclass(n->type) != CGC_VINT)
		return false;
	if (n->isconst)
		return true;
	switch (n->kind) {
	case DN_IDENT: case DN_INDEX:
		return leaf(c, n);
	case DN_UNARY:
		return (n->op == DOP_NEG || n->op == DOP_BNOT || n->op == DOP_LNOT ||
			n->op == DOP_PLUS) && pure_pred(c, n->lhs, leaf);
	case DN_BINARY:
		return n->op != DOP_DIV && n->op != DOP_MOD &&
		       pure_pred(c, n->lhs, leaf) && pure_pred(c, n->rhs, leaf);
	case DN_COND:
		return pure_pred(c, n->cond, leaf) && pure_pred(c, n->lhs, leaf) &&
		       pure_pred(c, n->rhs, leaf);
	case DN_CAST:
		return pure_pred(c, n->lhs, leaf);
	default:
		return false;
	}
}

/* A program whose every clause has a predicate of constants and what the provider reads
 * without the prologue (pure_pred: USDT arguments read straight from the context, a
 * tracepoint's pid...) tests them first: when none holds, the firing ends before the
 * prologue's lookups, as cheap as a per-site program's predicate. Predicates have no side
 * effects, so the one that holds is simply evaluated again in its clause. */
void cgc_emit_prefilter(struct cgc *c, int out_label,
			bool (*leaf)(struct cgc *c, const struct dnode *n))
{
	int clause_no = 0, n = 0;
	for (struct dnode *cl = c->ck->prog->items; cl; cl = cl->next) {
		if (cl->kind != DN_CLAUSE)
			continue;
		if (clause_runs(c, clause_no++)) {
			if (!cl->cond || !pure_pred(c, cl->cond, leaf))
				return;
			n++;
		}
	}
	if (n == 0)
		return;
	note(c, "; the predicates first: none holds, nothing to do");
	int full = bpb_label_new(&c->buf);
	c->stack_top = CGC_STACK_FIXED;
	clause_no = 0;
	int k = 0;
	for (struct dnode *cl = c->ck->prog->items; cl; cl = cl->next) {
		if (cl->kind != DN_CLAUSE)
			continue;
		if (clause_runs(c, clause_no++)) {
			c->where = cl;
			/* the last one: out when it does not hold, else on into the prologue */
			if (++k < n)
				cgc_branch(c, cl->cond, full, true);
			else
				cgc_branch(c, cl->cond, out_label, false);
		}
	}
	bpb_label_place(&c->buf, full);
	note(c, "; prologue, continued");
}


/* The kernel refuses a program that uses more than 64 maps (MAX_USED_MAPS), after the tracer
 * has created them all and the verifier has walked the code: say so at compile time. */
#define MAX_USED_MAPS 64
static void check_maps_used(struct cgc *c, const struct dobj_prog *p)
{
	bool *used = xcalloc(c->o->nmaps ? c->o->nmaps : 1, sizeof *used);
	size_t n = 0;
	for (size_t k = 0; k < p->nrelocs; k++) {
		int32_t m = c->buf.insns[p->map_relocs[k]].imm;   /* p->insns is set later */
		if (m >= 0 && (size_t)m < c->o->nmaps && !used[m]) {
			used[m] = true;
			n++;
		}
	}
	free(used);
	if (n <= MAX_USED_MAPS)
		return;
	c->where = NULL;   /* the whole program, not the last clause compiled */
	cgc_fail(c, NULL, "the clauses for probe %s:%s:%s:%s use %zu BPF maps, more than the "
		 "kernel allows one program (%d)", c->probe->provider, c->probe->module,
		 c->probe->function, c->probe->name, n, MAX_USED_MAPS);
}
/* Claim one of this CPU's scratch slots: the first whose busy bit (slot 0's CGC_SCR_BUSY word,
 * its pointer in CGC_SLOT0) this firing sets itself, its index into CGC_SLOT, its value into
 * CG_R_SCRATCH. Programs nest on a CPU: a raw tracepoint or uprobe program is interrupted by a
 * softirq or hardirq whose locks, timers or interrupts fire other programs (the kernel keeps only
 * a program from nesting into itself: raw_tp's prog->active; kprobe, tracepoint and perf_event
 * programs share bpf_prog_active, but raw_tp and uprobe programs do not take it), a perf_event
 * program runs in an NMI, and a sleepable uprobe program sleeps while another task's fires. A
 * shared area let the nested firing overwrite an aggregation key half built (CI's lockstat run
 * counted one contention under flags 4045). Bits, not a depth counter: a firing that slept gives
 * its slot back out of order. With every slot held, the firing is dropped and counted. */
static void emit_scratch_claim(struct cgc *c, int out_label, int release_label)
{
	int have = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SLOT0));
	for (int k = 0; k < CGC_SCRATCH_SLOTS; k++) {
		int next = bpb_label_new(&c->buf);
		cgc_emit(c, bi_mov64_imm(2, 1 << k));
		cgc_emit(c, bi_atomic_fetch_or(BPF_DW, 1, 2, CGC_SCR_BUSY));
		bpb_jmp_imm(&c->buf, BPF_JSET, 2, 1 << k, next);
		cgc_emit(c, bi_st(BPF_DW, 10, CGC_SLOT, k));
		bpb_ja(&c->buf, have);
		bpb_label_place(&c->buf, next);
	}
	cgc_count_drop(c, DOUT_DROP_PRINCIPAL);
	bpb_ja(&c->buf, out_label);
	bpb_label_place(&c->buf, have);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SLOT));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, CGC_KEY));
	cgc_lookup_key(c, c->m_scratch);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, release_label);
	cgc_emit(c, bi_mov64_reg(CG_R_SCRATCH, 0));
}

void cgc_scratch_release(struct cgc *c)
{
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SLOT0));
	cgc_emit(c, bi_ldx(BPF_DW, 2, 10, CGC_SLOT));
	cgc_emit(c, bi_mov64_imm(3, 1));
	cgc_emit(c, bi_alu64_reg(BPF_LSH, 3, 2));
	cgc_emit(c, bi_alu64_imm(BPF_XOR, 3, -1));
	cgc_emit(c, bi_atomic_and(BPF_DW, 1, 3, CGC_SCR_BUSY));
}

/* Load ctx, scratch and globals; give up quietly while stopping (END, ERROR excepted); clear the
 * clause-local variables, which dtrace leaves undefined at each firing. Past the scratch claim,
 * the way out is release_label. */
static void emit_prologue(struct cgc *c, int out_label, int release_label)
{
	unsigned flags = cgc_probe_flags(c);
	cgc_emit(c, bi_mov64_reg(CG_R_CTX, 1));
	if (c->probe->prov->cg_prologue)
		c->probe->prov->cg_prologue(c, out_label);
	cgc_emit(c, bi_st(BPF_DW, 10, CGC_TSTAMP, 0));
	cgc_emit(c, bi_st(BPF_W, 10, CGC_KEY, 0));
	cgc_lookup_key(c, c->m_scratch);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, out_label);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, CGC_SLOT0));
	cgc_ld_map_value(c, CG_R_GLOBALS, c->m_globals);
	if (!(flags & PROV_F_WHILE_STOPPING)) {
		/* probes the tracer fires itself (BEGIN) run before the state is active */
		cgc_emit(c, bi_ldx(BPF_W, 1, CG_R_GLOBALS, (int16_t)offsetof(struct dobj_state, stopping)));
		if (flags & PROV_F_SELF)
			bpb_jmp_imm(&c->buf, BPF_JEQ, 1, DOBJ_RUN_STOPPING, out_label);
		else
			bpb_jmp_imm(&c->buf, BPF_JNE, 1, DOBJ_RUN_ACTIVE, out_label);
	}
	emit_scratch_claim(c, out_label, release_label);
	/* Stored as a number so it can be read back as a scalar for address range checks. */
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, CG_R_SCRATCH, CGC_SCR_BASE));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, CG_R_GLOBALS, CGC_SCR_GBASE));
	cgc_emit(c, bi_ldx(BPF_DW, 1, CG_R_SCRATCH, CGC_SCR_OWNER));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, 1));
	cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 1, CGC_SCR_OWNER));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, CGC_OWNER));
	if (c->big_size) {
		cgc_ld_map_value(c, 1, c->m_big);
		cgc_emit(c, bi_stx(BPF_DW, CG_R_SCRATCH, 1, CGC_SCR_BIGBASE));
	}
	cgc_zero_scratch(c, c->this_start, c->this_vars_end - c->this_start);
	/* strtok(NULL, ...) continues the string any earlier clause of this firing gave (as
	 * dtrace-utils resets the state once, in its trampoline); with none, it faults */
	if (c->uses_strtok)
		cgs_strtok_reset(&c->g);
}

void cgc_compile_program(struct cgc *c, int probe_idx, enum cgc_usdt_mode mode)
{
	struct dobj *o = c->o;
	struct dnode *cl;
	int clause_no = 0;
	char err[256];

	c->probe_idx = probe_idx;
	c->probe = &o->probes[probe_idx];
	c->usdt_mode = mode;
	bpb_free(&c->buf);
	bpb_init(&c->buf);
	c->relocs = NULL;
	c->nrelocs = c->reloc_cap = 0;
	c->notes = NULL;
	c->nnotes = c->note_cap = 0;
	c->npatches = 0;
	c->rec_max = 0;
	c->exit_seen = false;
	c->nsubfn_sites = 0;
	c->g.scratch_hiwater = c->this_end;
	c->g.b = &c->buf;

	/* Register the program first: the dobj frees it (and its notes) if we fail below. */
	xgrow(&o->progs, sizeof *o->progs, &c->prog_cap, o->nprogs + 1);
	struct dobj_prog *p = &o->progs[o->nprogs];
	memset(p, 0, sizeof *p);
	p->probe = probe_idx;
	p->fd = -1;
	p->first_epid = c->prog_first_epid = (uint32_t)o->necbs + 1;
	p->usdt_twin = -1;
	c->g.sleepable = (cgc_probe_flags(c) & PROV_F_UPROBE) && c->in->usdt_sleepable;
	c->g.touched = false;
	p->type = c->probe->prov->prog_type(c->probe);

	int out = bpb_label_new(&c->buf), start = bpb_label_new(&c->buf);
	int release = bpb_label_new(&c->buf);
	if (mode == CGC_USDT_GENERIC)
		note(c, "; the program above for the sites whose arguments are not where it reads them");
	note(c, "; prologue");
	emit_prologue(c, out, release);
	/* the early ways out sit next to the prologue: jumps reach only 32K instructions */
	bpb_ja(&c->buf, start);
	bpb_label_place(&c->buf, release);
	cgc_scratch_release(c);
	bpb_label_place(&c->buf, out);
	cgc_emit(c, bi_mov64_imm(0, 0));
	cgc_emit(c, bi_exit());
	bpb_label_place(&c->buf, start);
	for (cl = c->ck->prog->items; cl; cl = cl->next) {
		if (cl->kind != DN_CLAUSE)
			continue;
		/* once per description of the clause that matched the probe (cg.h) */
		for (size_t i = 0; i < c->in->nclause_probes[clause_no]; i++)
			if (c->in->clause_probes[clause_no][i] == probe_idx)
				compile_clause(c, cl, clause_no, c->in->clause_stmts
					       ? c->in->clause_stmts[clause_no][i] : clause_no);
		clause_no++;
	}
	cgc_scratch_release(c);
	cgc_emit(c, bi_mov64_imm(0, 0));
	cgc_emit(c, bi_exit());
	cgc_subfn_emit_bodies(c, p);
	p->notes = c->notes;
	p->nnotes = c->nnotes;
	p->map_relocs = c->relocs;
	p->nrelocs = c->nrelocs;
	check_maps_used(c, p);
	c->notes = NULL;
	c->nnotes = c->note_cap = 0;
	c->relocs = NULL;
	c->nrelocs = c->reloc_cap = 0;
	p->nepids = (uint32_t)o->necbs + 1 - p->first_epid;
	/* sleepable only when it may fault pages in: entering a sleepable program costs more */
	p->sleepable = c->g.touched;
	o->nprogs++;
	if (bpb_finish(&c->buf, err, sizeof err) < 0)
		cgc_fail(c, NULL, "the clauses for probe %s:%s:%s:%s compile to %zu BPF instructions, "
			 "too many to branch over (%s)", c->probe->provider, c->probe->module,
			 c->probe->function, c->probe->name, c->buf.n, err);

	/* The record goes after every temporary this program uses. */
	uint32_t base = cgc_round8(c->g.scratch_hiwater);
	uint32_t need = base + c->rec_max;
	if (need > CGC_SCRATCH_LIMIT)
		cgc_fail(c, NULL, "the clauses for probe %s:%s:%s:%s need %u bytes of scratch space "
			 "(more than %u): reduce strsize or the number of strings per clause",
			 c->probe->provider, c->probe->module, c->probe->function, c->probe->name,
			 need, CGC_SCRATCH_LIMIT);
	if (need > c->scratch_need)
		c->scratch_need = need;
	for (size_t i = 0; i < c->npatches; i++) {
		struct bpf_insn *in = &c->buf.insns[c->patches[i].at];
		if (c->patches[i].kind == CGC_PATCH_REC_OFF)
			in->off = (int16_t)(in->off + (int32_t)base);
		else
			in->imm += (int32_t)base;
	}
	p->insns = c->buf.insns;
	p->ninsns = c->buf.n;
	c->buf.insns = NULL;
	c->buf.n = c->buf.cap = 0;
}

static void build_probe_clauses(struct cgc *c)
{
	size_t n = c->o->nprobes, nc = 0, total = 0;
	for (struct dnode *cl = c->ck->prog->items; cl; cl = cl->next)
		nc += cl->kind == DN_CLAUSE;
	int *count = xcalloc(n + 1, sizeof *count);
	for (size_t k = 0; k < nc; k++)
		for (size_t i = 0; i < c->in->nclause_probes[k]; i++) {
			count[c->in->clause_probes[k][i]]++;
			total++;
		}
	c->pc_first = xcalloc(n + 1, sizeof *c->pc_first);
	for (size_t i = 0; i < n; i++)
		c->pc_first[i + 1] = c->pc_first[i] + count[i];
	c->pc_list = xcalloc(total + 1, sizeof *c->pc_list);
	memset(count, 0, (n + 1) * sizeof *count);
	/* clauses in program order, so equal sets give equal lists */
	for (size_t k = 0; k < nc; k++)
		for (size_t i = 0; i < c->in->nclause_probes[k]; i++) {
			int p = c->in->clause_probes[k][i];
			c->pc_list[c->pc_first[p] + count[p]++] = (int)k;
		}
	free(count);
}

bool cgc_same_clauses(struct cgc *c, int a, int b)
{
	if (!c->pc_first)
		build_probe_clauses(c);
	int na = c->pc_first[a + 1] - c->pc_first[a], nb = c->pc_first[b + 1] - c->pc_first[b];
	return na == nb && memcmp(&c->pc_list[c->pc_first[a]], &c->pc_list[c->pc_first[b]],
				  (size_t)na * sizeof *c->pc_list) == 0;
}

/* Whether multi-probe programs q and p are one: the same provider, clauses and code. */
static bool same_program(struct cgc *c, const struct dobj_prog *q, const struct dobj_prog *p)
{
	const struct dobj *o = c->o;
	return q->multi && o->probes[q->probe].prov == o->probes[p->probe].prov &&
	       q->type == p->type && q->sleepable == p->sleepable && q->nepids == p->nepids &&
	       q->ninsns == p->ninsns && q->nrelocs == p->nrelocs &&
	       cgc_same_clauses(c, q->probe, p->probe) &&
	       memcmp(q->insns, p->insns, p->ninsns * sizeof *p->insns) == 0 &&
	       memcmp(q->map_relocs, p->map_relocs, p->nrelocs * sizeof *p->map_relocs) == 0;
}

void cgc_compile_multi(struct cgc *c, int probe_idx)
{
	struct dobj *o = c->o;
	size_t k = o->nprogs;
	c->multi = true;
	cgc_compile_program(c, probe_idx, CGC_USDT_GUARDED);
	c->multi = false;
	struct dobj_prog *p = &o->progs[k];
	p->multi = true;
	for (size_t i = 0; i < k; i++) {
		struct dobj_prog *q = &o->progs[i];
		if (!same_program(c, q, p))
			continue;
		q->also = xrealloc(q->also, (q->nalso + 1) * sizeof *q->also);
		q->also[q->nalso++] = (struct dobj_prog_probe){ probe_idx, p->first_epid };
		free(p->insns);
		free(p->map_relocs);
		for (size_t j = 0; j < p->nnotes; j++)
			free(p->notes[j].text);
		free(p->notes);
		memset(p, 0, sizeof *p);
		o->nprogs--;
		/* its scratch-size patches go with it */
		size_t w = 0;
		for (size_t j = 0; j < c->nsize_patches; j++)
			if (c->size_patches[j].prog != k)
				c->size_patches[w++] = c->size_patches[j];
		c->nsize_patches = w;
		return;
	}
}

/* Whether some clause the program of probe_idx runs calls speculate(). */
bool cgc_program_speculates(struct cgc *c, int probe_idx)
{
	int clause_no = 0;
	for (struct dnode *cl = c->ck->prog->items; cl; cl = cl->next) {
		if (cl->kind != DN_CLAUSE)
			continue;
		if (clause_runs_in(c, clause_no++, probe_idx) && cgc_spec_clause_speculates(cl))
			return true;
	}
	return false;
}

/* dtrace-utils keeps every dynamic variable in one pool of dynvarsize bytes whose elements each
 * take the largest tuple plus the largest value (cgc_vars_layout notes both): where not even
 * one element fits, it refuses to enable. */
static void check_dynvarsize(struct cgc *c, uint64_t budget)
{
	if (c->dyn_any && budget / (c->dyn_tuple_max + c->dyn_value_max) == 0)
		cgc_refuse(c, "Enabling exceeds size of buffer");
}

/* Every dynamic variable's map can hold the whole pool (cgc_vars_layout counted it). They are
 * preallocated, as before: without (BPF_F_NO_PREALLOC) elements made in a timer's interrupt
 * (tick-1ms) ran out after 4. A dynvarsize too small for one element is refused as dtrace
 * refuses it. */
static void set_dyn_entries(struct cgc *c)
{
	struct dobj *o = c->o;

	if (!c->dyn_any)
		return;
	check_dynvarsize(c, c->in->opts ? c->in->opts->dynvarsize : (1u << 20));
	for (size_t i = 0; i < o->nmaps; i++)
		if (o->maps[i].kind == BPF_SYS_MAP_HASH && o->maps[i].max_entries == 0)
			o->maps[i].max_entries = (uint32_t)c->dyn_pool;
}

static int compile(struct dck_prog *ck, const struct cg_input *in, struct dobj **out,
		   struct derr *err);

struct compile_call {
	struct dck_prog *ck;
	const struct cg_input *in;
	struct dobj **out;
	struct derr *err;
	int rc;
};

static void compile_call_run(void *arg)
{
	struct compile_call *c = arg;
	c->rc = compile(c->ck, c->in, c->out, c->err);
}

/* Code generation walks expressions recursively: on a stack as deep as the parser allows
 * (bigstack.h). */
int cg_compile(struct dck_prog *ck, const struct cg_input *in, struct dobj **out,
	       struct derr *err)
{
	struct compile_call c = { ck, in, out, err, -1 };
	bigstack_run(compile_call_run, &c);
	return c.rc;
}

static int compile(struct dck_prog *ck, const struct cg_input *in, struct dobj **out,
		   struct derr *err)
{
	struct cgc *c = xcalloc(1, sizeof *c);
	struct dobj *o = xcalloc(1, sizeof *o);
	int rc = -1;

	*out = NULL;
	c->ck = ck;
	c->in = in;
	c->o = o;
	c->err = err;
	c->g.priv = c;
	c->g.emit_fault = emit_fault;
	c->off_real_parent = c->off_tgid = c->off_se = c->off_sum_exec = c->off_fsbase = -1;
	c->off_pid = c->off_comm = c->off_cred = c->off_cred_uid = c->off_cred_gid = -1;
	bpb_init(&c->buf);
	uint64_t strsize = in->opts ? in->opts->strsize : 256;
	if (strsize < 2 || strsize > 4096) {
		derr_set(err, DTAG_NONE, "strsize %llu is not supported: use 2 to 4096 bytes",
			 (unsigned long long)strsize);
		goto done;
	}
	/* A D string holds up to strsize characters, NUL-terminated only when shorter (dtrace's
	 * strings are strsize-byte buffers). The emitters keep a NUL inside g->strsize bytes, so
	 * they get one byte more; records carry strsize bytes. A slot has a byte more still,
	 * at g->strsize: a string value's NULL flag, a string variable's NULL mark
	 * (cgc_str_nullable, cgc_var_store_null_str). */
	c->g.strsize = (uint32_t)strsize + 1;
	c->g.scratch_size = CGC_SCRATCH_LIMIT;
	c->slot = cgc_round8(strsize + 2);
	o->strsize = (uint32_t)strsize;
	dobj_maps_none(o);

	if (setjmp(c->fail))
		goto done;

	o->probes = xcalloc(in->nprobes ? in->nprobes : 1, sizeof *o->probes);
	for (size_t i = 0; i < in->nprobes; i++) {
		o->probes[i] = in->probes[i];
		o->probes[i].provider = xstrdup(in->probes[i].provider);
		o->probes[i].module = xstrdup(in->probes[i].module);
		o->probes[i].function = xstrdup(in->probes[i].function);
		o->probes[i].name = xstrdup(in->probes[i].name);
		o->nprobes++;
	}

	c->m_globals = add_map(c, "globals", BPF_SYS_MAP_ARRAY, 4, 0, 1);
	/* key 0: programs in process context (uprobes, BEGIN/END/ERROR); key 1: clock programs,
	 * which run from the timer interrupt and may interrupt a uprobe program on its CPU in
	 * the middle of its scratch work */
	c->m_scratch = add_map(c, "scratch", BPF_SYS_MAP_PERCPU_ARRAY, 4, 0, CGC_SCRATCH_SLOTS);
	c->m_ringbuf = add_map(c, "ringbuf", BPF_SYS_MAP_RINGBUF, 0, 0,
			       ringbuf_bytes(in->opts ? in->opts->bufsize : (4u << 20)));
	c->m_drops = add_map(c, "drops", BPF_SYS_MAP_PERCPU_ARRAY, 4, 8, DOUT_DROP_NKINDS);
	/* ERROR's records wait in their own ring buffer until the tracer has fired ERROR for a
	 * fault, so that they are printed next to the fault and not after the records the
	 * faulting firing's later clauses sent (dobj.h). Read at once, it holds one firing's:
	 * the principal buffer's size up to a megabyte. */
	c->m_errbuf = -1;
	for (size_t i = 0; i < in->nprobes; i++)
		if (in->probes[i].kind == DOBJ_PROBE_ERROR) {
			uint64_t bs = in->opts ? in->opts->bufsize : (4u << 20);
			c->m_errbuf = add_map(c, "errbuf", BPF_SYS_MAP_RINGBUF, 0, 0,
					      ringbuf_bytes(bs < (1u << 20) ? bs : (1u << 20)));
		}
	o->state_map = c->m_globals;
	o->ringbuf_map = c->m_ringbuf;
	o->errbuf_map = c->m_errbuf;
	o->drops_map = c->m_drops;
	uprobe_add_maps(c);
	cgc_spec_setup(c);
	c->globals_size = cgc_round8(sizeof(struct dobj_state));
	c->this_end = CGC_SCR_FIXED;   /* CGC_SCR_BASE, _OWNER, _GBASE, _BUSY */
	c->this_start = c->this_end;   /* cgc_vars_layout: 8 later with large globals */
	cgc_vars_layout(c);
	cgc_lits_layout(c);
	cgc_agg_layout(c);
	c->this_vars_end = c->this_end;
	for (struct dnode *n = ck->prog->pool.all; n; n = n->pool_next)
		if (n->kind == DN_CALL && n->subr == DS_STRTOK)
			c->uses_strtok = true;
	if (c->uses_strtok) {
		/* strtok(NULL, ...) continues across the clauses of one firing: state outside what
		 * statements and clauses free */
		c->g.strtok_state = c->this_end;
		c->this_end += cgc_round8(cgs_strtok_state_size(&c->g));
	}
	set_dyn_entries(c);
	c->error_exits = error_exits(c);

	for (size_t p = 0; p < in->nprobes; p++) {
		if (in->probes[p].prov->cg_compile)
			in->probes[p].prov->cg_compile(c, (int)p);
		else
			cgc_compile_program(c, (int)p, CGC_USDT_GUARDED);
	}

	/* Sizes known only now. */
	/* at least room for the largest run-time-sized copy beyond any offset checked against it */
	uint32_t scratch = c->scratch_need < 4096 ? 4096 : cgc_round8(c->scratch_need);
	o->maps[c->m_scratch].value_size = scratch;
	for (size_t i = 0; i < c->nsize_patches; i++)
		o->progs[c->size_patches[i].prog].insns[c->size_patches[i].at].imm = (int32_t)scratch;
	struct dobj_map *gm = &o->maps[c->m_globals];
	gm->value_size = (c->globals_size + CGC_GLOBALS_UNIT - 1) / CGC_GLOBALS_UNIT * CGC_GLOBALS_UNIT;
	gm->init = xcalloc(1, gm->value_size);
	struct dobj_state st = { .target_pid = (uint32_t)in->target_pid };
	memcpy(gm->init, &st, sizeof st);
	cgc_lits_init(c, gm->init);
	*out = o;
	o = NULL;
	rc = 0;
done:
	if (o)
		dobj_free(o);
	bpb_free(&c->buf);
	for (size_t i = 0; i < c->nnotes; i++)
		free(c->notes[i].text);
	free(c->notes);
	free(c->relocs);
	free(c->patches);
	free(c->subfn_sites);
	free(c->size_patches);
	cgc_lits_free(c);
	free(c->pc_first);
	free(c->pc_list);
	for (int k = 0; k < 4; k++) {
		if (c->vinfo[k] && (k == DCK_ASSOC || k == DCK_SELF))
			for (int i = 0; i < ck->nclass[k]; i++)
				free(c->vinfo[k][i].keyoff);
		free(c->vinfo[k]);
	}
	free(c);
	return rc;
}

/* ---- -S ---- */

void cg_disasm(const struct dobj *o, struct strbuf *out)
{
	for (size_t i = 0; i < o->nprogs; i++) {
		const struct dobj_prog *p = &o->progs[i];
		const struct dobj_probe *pr = &o->probes[p->probe];
		struct strbuf lst = {0};
		size_t note = 0, reloc = 0;

		strbuf_printf(out, "probe %u %s:%s:%s:%s (%zu instructions)\n", pr->id, pr->provider,
			      pr->module, pr->function, pr->name, p->ninsns);
		if (p->nalso)
			strbuf_printf(out, "; the same program for %zu more probe%s, ids %u .. %u\n",
				      p->nalso, p->nalso == 1 ? "" : "s", o->probes[p->also[0].probe].id,
				      o->probes[p->also[p->nalso - 1].probe].id);
		bpf_dis_prog(&lst, p->insns, p->ninsns);
		char *line = lst.s ? lst.s : "";
		for (size_t slot = 0; *line; slot++) {
			char *nl = strchr(line, '\n');
			size_t len = nl ? (size_t)(nl - line) : strlen(line);
			while (note < p->nnotes && p->notes[note].at <= slot)
				strbuf_printf(out, "%s\n", p->notes[note++].text);
			char *m = NULL;
			const char *what = "map";
			if (reloc < p->nrelocs && p->map_relocs[reloc] == slot) {
				m = strstr(line, "map[fd ");
				if (!m || m >= line + len) {
					m = strstr(line, "map_value[fd ");
					what = "map_value";   /* "map_value[globals] + 0" */
				}
			}
			if (m && m < line + len) {
				int idx = p->insns[slot].imm;
				char *close = strchr(m, ']');
				const char *name = idx >= 0 && (size_t)idx < o->nmaps
					? o->maps[idx].name : "?";
				strbuf_add(out, line, (size_t)(m - line));
				strbuf_printf(out, "%s[%s]", what, name);
				strbuf_add(out, close + 1, (size_t)(line + len - close - 1));
				strbuf_putc(out, '\n');
			} else {
				strbuf_add(out, line, len);
				strbuf_putc(out, '\n');
			}
			while (reloc < p->nrelocs && p->map_relocs[reloc] <= slot)
				reloc++;
			line = nl ? nl + 1 : line + len;
		}
		strbuf_free(&lst);
	}
}
