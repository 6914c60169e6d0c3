/* cg_uprobe.c — the code generator's part for uprobe programs (the usdt and pid providers) (see dobj.h, "USDT programs"): the
 * site's spec found through the attach cookie, the probe's epids, id and names from it, and
 * arguments fetched as the spec says. One program serves every site of every probe in its
 * class, so nothing here depends on a particular site: arguments are read by data-driven code
 * (a few branches on the spec's kind), not compiled per site; sites found later (another
 * process's binary, a library loaded after tracing started) need only a new spec. */
#include <stddef.h>
#include <string.h>

#include "cg_clause.h"
#include "cg_str.h"
#include "uprobe.h"
#include "usdt_arg.h"

#define PTREGS_WORDS 21    /* struct pt_regs on x86-64: r15 .. ss */

#define ARG_OFF(i, field) ((int16_t)(offsetof(struct dobj_usdt_spec, args) + \
	(size_t)(i) * sizeof(struct dobj_usdt_arg) + offsetof(struct dobj_usdt_arg, field)))

void uprobe_add_maps(struct cgc *c)
{
	struct dobj *o = c->o;
	o->usdt_specs_map = o->usdt_names_map = -1;
	for (size_t i = 0; i < c->in->nprobes; i++)
		if (c->in->probes[i].prov->flags(&c->in->probes[i]) & PROV_F_SHARED) {
			o->usdt_namesz = c->slot;
			/* sizes are the tracer's to set once it knows how many sites and probes */
			o->usdt_specs_map = cgc_add_map(c, "usdt_specs", BPF_SYS_MAP_ARRAY, 4,
							sizeof(struct dobj_usdt_spec), 4096);
			o->usdt_names_map = cgc_add_map(c, "usdt_names", BPF_SYS_MAP_ARRAY, 4,
							4 * c->slot, 1024);
			return;
		}
}

/* Nothing is fetched at entry: a clause that needs nothing of the site (`@ = count()`) pays
 * for neither the cookie nor the spec lookup. The cookie slot says whether the cookie has been
 * fetched yet (a real cookie is never 0). */
static void clear_cookie(struct cgc *c)
{
	cgc_emit(c, bi_st(BPF_DW, 10, CGC_USDT_COOKIE, 0));
}

/* R0 = the site's cookie (dobj.h), fetched at most once per firing. Clobbers R1-R5. */
static void emit_cookie(struct cgc *c)
{
	int have = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, CGC_USDT_COOKIE));
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, have);
	cgc_emit(c, bi_mov64_reg(1, CG_R_CTX));
	cgc_emit(c, bi_call(BPF_FUNC_get_attach_cookie));
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, CGC_USDT_COOKIE));
	bpb_label_place(&c->buf, have);
}

/* R1 = the site's spec, also kept in the CGC_USDT_SPEC slot for the rest of the emitter; a
 * site without one (a cookie the tracer never wrote) jumps to `none`. Clobbers R0-R5. */
static void emit_spec(struct cgc *c, int none)
{
	emit_cookie(c);
	cgc_emit(c, bi_stx(BPF_W, 10, 0, CGC_KEY));
	cgc_lookup_key(c, c->o->usdt_specs_map);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, none);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, CGC_USDT_SPEC));
	cgc_emit(c, bi_mov64_reg(1, 0));
}

/* reg = the run-time epid of the template ecb with epid tmpl: from the cookie, no lookup.
 * Clobbers R0-R5. */
void uprobe_epid(struct cgc *c, int reg, uint32_t tmpl)
{
	emit_cookie(c);
	if (reg != 0)
		cgc_emit(c, bi_mov64_reg(reg, 0));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, reg, DOBJ_USDT_COOKIE_EPID_SHIFT));
	cgc_emit(c, bi_alu64_imm(BPF_AND, reg, (int32_t)DOBJ_USDT_COOKIE_EPID_MAX));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, reg, (int32_t)(tmpl - c->prog_first_epid)));
}

/* R0 = the probe's id (0 for a site without a spec). */
void uprobe_probe_id(struct cgc *c)
{
	int none = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	emit_spec(c, none);
	cgc_emit(c, bi_ldx(BPF_W, 0, 1, (int16_t)offsetof(struct dobj_usdt_spec, probe_id)));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, none);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* One of the probe's names (0 provider, 1 module, 2 function, 3 name) into a new scratch
 * slot; returns its offset. */
uint32_t uprobe_probe_name(struct cgc *c, int which)
{
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
	int found = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	int empty = bpb_label_new(&c->buf);
	emit_spec(c, empty);
	cgc_emit(c, bi_ldx(BPF_W, 1, 1, (int16_t)offsetof(struct dobj_usdt_spec, names)));
	cgc_emit(c, bi_stx(BPF_W, 10, 1, CGC_KEY));
	cgc_lookup_key(c, c->o->usdt_names_map);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, found);
	bpb_label_place(&c->buf, empty);
	cgc_emit(c, bi_st(BPF_DW, CG_R_SCRATCH, (int16_t)dst, 0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, found);
	cgc_emit(c, bi_mov64_reg(1, 0)); /* cgc_copy uses R0 */
	cgc_copy(c, CG_R_SCRATCH, dst, 1, (uint32_t)which * c->slot, c->slot, false);
	bpb_label_place(&c->buf, done);
	if (which != 0)
		return dst;
	/* the provider of a probe of every process reads as dtrace's: name + the firing pid */
	uint32_t res = cgs_scratch_alloc(&c->g, c->slot), num = cgs_scratch_alloc(&c->g, c->slot);
	int plain = bpb_label_new(&c->buf), joined = bpb_label_new(&c->buf);
	emit_spec(c, plain);
	cgc_emit(c, bi_ldx(BPF_H, 1, 1, (int16_t)offsetof(struct dobj_usdt_spec, flags)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 1, DOBJ_USDT_PIDPROV));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 1, 0, plain);
	int16_t pid = cgc_slot_push(c);
	cgc_emit(c, bi_call(BPF_FUNC_get_current_pid_tgid));
	cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, 32));
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, pid));
	cgs_lltostr(&c->g, num, pid);
	cgc_slot_pop(c);
	cgs_strjoin(&c->g, res, dst, num);
	bpb_ja(&c->buf, joined);
	bpb_label_place(&c->buf, plain);
	cgc_copy(c, CG_R_SCRATCH, res, CG_R_SCRATCH, dst, c->slot, false);
	bpb_label_place(&c->buf, joined);
	return res;
}

/* Leaves lo..hi-1 of the register dispatch: R0 = *(u64 *)(ctx + 8 * idx) with a constant
 * offset in each leaf (the verifier allows only constant offsets into the context), found
 * by comparing idx against the middle: a few compares, no helper call. */
static void emit_reg_tree(struct cgc *c, int idx, int lo, int hi, int done)
{
	if (hi - lo == 1) {
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, (int16_t)(8 * lo)));
		bpb_ja(&c->buf, done);
		return;
	}
	int mid = (lo + hi) / 2, upper = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JGE, idx, mid, upper);
	emit_reg_tree(c, idx, lo, mid, done);
	bpb_label_place(&c->buf, upper);
	emit_reg_tree(c, idx, mid, hi, done);
}

/* R0 = the pt_regs word whose index is in register idx; 0 for an index past the saved
 * registers. */
static void emit_reg_word(struct cgc *c, int idx)
{
	int ok = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JLT, idx, PTREGS_WORDS, ok);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, ok);
	emit_reg_tree(c, idx, 0, PTREGS_WORDS, done);
	bpb_label_place(&c->buf, done);
}

/* addr slot += the register named by the spec byte at field_off (if not NONE), shifted left
 * by the spec byte at shift_off (-1: no shift). */
static void emit_add_reg(struct cgc *c, int16_t addr, int16_t field_off,
			 int16_t shift_off)
{
	int skip = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_USDT_SPEC));
	cgc_emit(c, bi_ldx(BPF_B, 4, 1, field_off));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 4, DOBJ_UREG_NONE, skip);
	emit_reg_word(c, 4);
	if (shift_off >= 0) {
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_USDT_SPEC));
		cgc_emit(c, bi_ldx(BPF_B, 1, 1, shift_off));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 1, 3));
		cgc_emit(c, bi_alu64_reg(BPF_LSH, 0, 1));
	}
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, addr));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, addr));
	bpb_label_place(&c->buf, skip);
}

/* The register the class's start-up sites mostly hold argument i in, or NULL (none, or this
 * program reads every argument through the spec). */
static const struct dobj_usdt_arg *fast_layout(struct cgc *c, int i)
{
	const struct dobj_usdt_arg *lay = c->in->usdt_layouts ? c->in->usdt_layouts[c->probe_idx] : NULL;
	if (c->usdt_mode == CGC_USDT_GENERIC || !lay || i < 0 || i >= DOBJ_USDT_MAXARGS ||
	    lay[i].kind != DOBJ_UARG_REG || lay[i].base >= PTREGS_WORDS || lay[i].reg_shift >= 64)
		return NULL;
	return &lay[i];
}

/* Argument i read where the class's sites known at compile time mostly have it, when that is
 * a register: one load at a constant context offset, as a per-site program would. The
 * program records what it assumed in dobj_prog.usdt_fast for the tracer to compare each
 * site's spec with. CGC_USDT_DIRECT: that is all (the tracer attaches other sites to the twin);
 * CGC_USDT_GUARDED: only for sites whose cookie says they agree (DOBJ_USDT_COOKIE_FAST), the others
 * fall through to the spec-driven code. Returns false when there is no such register. */
static bool emit_fast_arg(struct cgc *c, int i, int done)
{
	const struct dobj_usdt_arg *a = fast_layout(c, i);
	if (!a)
		return false;
	c->o->progs[c->o->nprogs].usdt_fast[i] = *a;   /* the program being compiled */
	int generic = bpb_label_new(&c->buf);
	if (c->usdt_mode == CGC_USDT_GUARDED) {
		emit_cookie(c);
		bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, generic);  /* bit 63 clear: not this layout */
	}
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, (int16_t)(8 * a->base)));
	if (a->reg_shift)
		cgc_emit(c, bi_alu64_imm(BPF_RSH, 0, a->reg_shift));
	unsigned size = a->size & 15;
	if (size >= 1 && size < 8) {
		int32_t sh = 64 - 8 * (int32_t)size;
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, sh));
		cgc_emit(c, bi_alu64_imm(a->is_signed ? BPF_ARSH : BPF_RSH, 0, sh));
	}
	if (c->usdt_mode != CGC_USDT_GUARDED)
		return true;
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, generic);
	return false;
}

/* argN and args[N] may be tested before the prologue where this program reads them straight
 * from the context (guarded reads may fall back to the spec: not those). */
static bool pure_arg(struct cgc *c, const struct dnode *n)
{
	int i = n->builtin >= DB_ARG0 && n->builtin <= DB_ARG9 ? n->builtin - DB_ARG0
		: n->builtin == DB_ARGS && n->args && n->args->isconst ? (int)n->args->cval : -1;
	return c->usdt_mode == CGC_USDT_DIRECT && fast_layout(c, i) != NULL;
}

/* R0 = argument i of the site that fired, extended from its size as its sign says. A memory
 * operand that cannot be read faults with its address, as a bad pointer would. */
void uprobe_arg(struct cgc *c, int i)
{
	if (i >= DOBJ_USDT_MAXARGS) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int16_t addr = cgc_slot_push(c), tmp = cgc_slot_push(c);
	int l_zero = bpb_label_new(&c->buf), l_imm = bpb_label_new(&c->buf);
	int l_reg = bpb_label_new(&c->buf), l_ext = bpb_label_new(&c->buf);
	int l_done = bpb_label_new(&c->buf), l_read = bpb_label_new(&c->buf);
	int l_notls = bpb_label_new(&c->buf), l_notpc = bpb_label_new(&c->buf);

	if (emit_fast_arg(c, i, l_done)) {
		cgc_slot_pop(c);
		cgc_slot_pop(c);
		return;
	}
	emit_spec(c, l_zero);
	cgc_emit(c, bi_ldx(BPF_B, 2, 1, ARG_OFF(i, kind)));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, DOBJ_UARG_IMM, l_imm);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, DOBJ_UARG_REG, l_reg);
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, DOBJ_UARG_NONE, l_zero);
	bpb_jmp_imm(&c->buf, BPF_JGT, 2, DOBJ_UARG_TLS, l_zero);

	/* memory: the address first */
	cgc_emit(c, bi_ldx(BPF_DW, 0, 1, ARG_OFF(i, disp)));
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, addr));
	bpb_jmp_imm(&c->buf, BPF_JNE, 2, DOBJ_UARG_TLS, l_notls);
	cgc_need_fsbase(c);
	{
		uint32_t kt = cgs_scratch_alloc(&c->g, 8);
		cgc_emit(c, bi_call(BPF_FUNC_get_current_task));
		cgc_kread(c, kt, c->off_fsbase, 8);
	}
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, addr));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, addr));
	bpb_ja(&c->buf, l_read);
	bpb_label_place(&c->buf, l_notls);
	cgc_emit(c, bi_ldx(BPF_B, 2, 1, ARG_OFF(i, pcrel)));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, l_notpc);
	/* the site's run-time address: the kernel sets the context's ip to the breakpoint
	 * before it runs uprobe handlers (bpf_get_func_ip would only know it for uprobe_multi) */
	cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_CTX, usdt_reg_ptregs_offset(USDT_REG_RIP)));
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, addr));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 0));
	cgc_emit(c, bi_stx(BPF_DW, 10, 1, addr));
	bpb_label_place(&c->buf, l_notpc);
	emit_add_reg(c, addr, ARG_OFF(i, base), -1);
	emit_add_reg(c, addr, ARG_OFF(i, index), ARG_OFF(i, scale_shift));

	/* read `size` bytes (1..8) of the process into a zeroed word: little-endian, so the
	 * word is the value zero-extended */
	bpb_label_place(&c->buf, l_read);
	int again = cgs_user_retry_begin(&c->g);
	cgc_emit(c, bi_st(BPF_DW, 10, tmp, 0));
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_USDT_SPEC));
	cgc_emit(c, bi_ldx(BPF_B, 2, 1, ARG_OFF(i, size)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 2, 15));
	{
		int sz_ok = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JGT, 2, 8, l_zero);
		bpb_jmp_imm(&c->buf, BPF_JNE, 2, 0, sz_ok);
		cgc_emit(c, bi_mov64_imm(2, 8));
		bpb_label_place(&c->buf, sz_ok);
	}
	cgc_emit(c, bi_mov64_reg(1, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, tmp));
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, addr));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_user));
	{
		int read_ok = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, read_ok);
		cgs_user_retry(&c->g, again, addr, 8);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, addr));
		c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 1);
		bpb_label_place(&c->buf, read_ok);
	}
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, tmp));
	bpb_ja(&c->buf, l_ext);

	bpb_label_place(&c->buf, l_reg);
	cgc_emit(c, bi_ldx(BPF_B, 4, 1, ARG_OFF(i, base)));
	emit_reg_word(c, 4);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_USDT_SPEC));
	cgc_emit(c, bi_ldx(BPF_B, 1, 1, ARG_OFF(i, reg_shift)));
	cgc_emit(c, bi_alu64_imm(BPF_AND, 1, 63));
	cgc_emit(c, bi_alu64_reg(BPF_RSH, 0, 1));
	bpb_ja(&c->buf, l_ext);

	bpb_label_place(&c->buf, l_imm);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 1, ARG_OFF(i, disp)));

	/* extend from size bytes: shift left by 64 - 8 * size, back right (arithmetic if signed) */
	bpb_label_place(&c->buf, l_ext);
	{
		int l_unsigned = bpb_label_new(&c->buf);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_USDT_SPEC));
		cgc_emit(c, bi_ldx(BPF_B, 2, 1, ARG_OFF(i, size)));
		cgc_emit(c, bi_ldx(BPF_B, 3, 1, ARG_OFF(i, is_signed)));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 2, 15));
		bpb_jmp_imm(&c->buf, BPF_JGT, 2, 8, l_done);
		bpb_jmp_imm(&c->buf, BPF_JEQ, 2, 0, l_done);
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 2, 3));
		cgc_emit(c, bi_mov64_imm(4, 64));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 4, 2));
		cgc_emit(c, bi_alu64_reg(BPF_LSH, 0, 4));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 3, 0, l_unsigned);
		cgc_emit(c, bi_alu64_reg(BPF_ARSH, 0, 4));
		bpb_ja(&c->buf, l_done);
		bpb_label_place(&c->buf, l_unsigned);
		cgc_emit(c, bi_alu64_reg(BPF_RSH, 0, 4));
		bpb_ja(&c->buf, l_done);
	}
	bpb_label_place(&c->buf, l_zero);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, l_done);
	cgc_slot_pop(c);
	cgc_slot_pop(c);
}

/* A USDT class's program: with the arguments its start-up sites have in registers read
 * directly (CGC_USDT_DIRECT) and, when it reads any that way, its twin reading everything through
 * the spec, for the sites the tracer finds elsewhere (uprobe_run: usdt_spec_fits). The twin runs
 * the same clauses with the same records, so it keeps the first program's ecbs (its epids
 * come from the cookie as offsets from the first template) and drops its own. */
void uprobe_compile(struct cgc *c, int probe_idx)
{
	struct dobj *o = c->o;
	if (cgc_program_speculates(c, probe_idx)) {
		cgc_compile_program(c, probe_idx, CGC_USDT_GUARDED);
		return;
	}
	size_t fast = o->nprogs;
	cgc_compile_program(c, probe_idx, CGC_USDT_DIRECT);
	bool any = false;
	for (int i = 0; i < DOBJ_USDT_MAXARGS; i++)
		any |= o->progs[fast].usdt_fast[i].kind == DOBJ_UARG_REG;
	if (!any)
		return;
	size_t necbs = o->necbs;
	cgc_compile_program(c, probe_idx, CGC_USDT_GENERIC);
	struct dobj_prog *f = &o->progs[fast], *t = &o->progs[o->nprogs - 1];
	if (o->necbs - necbs != f->nepids)
		cgc_fail(c, NULL, "internal error: the twin of the program for probe %s:%s:%s:%s "
			 "records differently", c->probe->provider, c->probe->module,
			 c->probe->function, c->probe->name);
	for (size_t i = necbs; i < o->necbs; i++)
		dobj_ecb_clear(&o->ecbs[i]);
	o->necbs = necbs;
	t->first_epid = f->first_epid;
	t->nepids = f->nepids;
	f->usdt_twin = (int)(o->nprogs - 1);
}

/* When every clause's predicate reads only constants and directly read arguments, the
 * predicates (emit_prefilter); then the cookie's slot, the cookie being fetched on first use. */
void uprobe_prologue(struct cgc *c, int out_label)
{
	/* the predicates read arguments straight from the context, never the cookie: a firing
	 * they end costs no store */
	cgc_emit_prefilter(c, out_label, pure_arg);
	clear_cookie(c);
}
