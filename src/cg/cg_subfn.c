/* cg_subfn.c — D's string subroutines as BPF global functions (contract in cg_subfn.h).
 *
 * Callee frame (32 bytes, the verifier's smallest):
 *   -8   u32 the scratch key: the slot the calling firing claimed (cg.c emit_scratch_claim)
 *   -16  the first integer operand (R4 at the call)
 *   -24  the second integer operand (R5)
 * Callee registers: R6 the destination slot's offset, R8 the first source's, R9 the second
 * source's and later the emitter's R0, R7 the scratch value as in the clauses. */
#include "cg_subfn.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cg_clause.h"
#include "cg_impl.h"
#include "cg_str.h"
#include "dobj.h"
#include "util.h"

#define FN_KEY (-8)
#define FN_I1 (-16)
#define FN_I2 (-24)
#define FN_FRAME 32
/* offsets the callee receives are ANDed with this before it adds them to R7: the scratch value
 * is at most CGC_SCRATCH_LIMIT bytes, so nothing valid changes, and the verifier sees them
 * bounded */
#define FN_OFF_MASK 0x7fff

struct cgc_subfn_site {
	size_t at;             /* the call instruction */
	unsigned variant;      /* kind * 4 + (i1 given) + 2 * (i2 given) */
};

struct kind_info {
	const char *name;
	int nstr;              /* string operands: s, t */
	bool str_result;       /* writes dst (index and rindex do not) */
	uint32_t bytes;        /* s is this many bytes rather than a string (0: a string) */
};

static const struct kind_info kinds[CGC_SUBFN_NKINDS] = {
	[CGC_SUBFN_CLEANPATH] = { "cleanpath", 1, true },
	[CGC_SUBFN_BASENAME] = { "basename", 1, true },
	[CGC_SUBFN_DIRNAME] = { "dirname", 1, true },
	[CGC_SUBFN_TOUPPER] = { "toupper", 1, true },
	[CGC_SUBFN_TOLOWER] = { "tolower", 1, true },
	[CGC_SUBFN_STRJOIN] = { "strjoin", 2, true },
	[CGC_SUBFN_STRSTR] = { "strstr", 2, true },
	[CGC_SUBFN_INDEX] = { "index", 2, false },
	[CGC_SUBFN_RINDEX] = { "rindex", 2, false },
	[CGC_SUBFN_SUBSTR] = { "substr", 1, true },
	[CGC_SUBFN_STRCHR] = { "strchr", 1, true },
	[CGC_SUBFN_STRRCHR] = { "strrchr", 1, true },
	[CGC_SUBFN_LLTOSTR] = { "lltostr", 0, true },
	[CGC_SUBFN_INET_NTOA6] = { "inet_ntoa6", 1, true, 16 },
	[CGC_SUBFN_INET_NTOP6] = { "inet_ntop6", 1, true, 16 },
};

#define NVARIANTS (CGC_SUBFN_NKINDS * 4)

void cgc_subfn_call(struct cgc *c, enum cgc_subfn_kind k, uint32_t dst, uint32_t s, uint32_t t,
		    int16_t i1, int16_t i2)
{
	const struct kind_info *ki = &kinds[k];

	/* the callee copies its result back only below its own region, which starts above
	 * every slot the clauses have used (cgc_subfn_emit_bodies) */
	if (ki->str_result && dst + c->g.strsize > c->g.scratch_hiwater)
		cgc_fail(c, NULL, "internal error: %s() result slot outside the scratch in use",
			 ki->name);
	/* the scratch slot this firing claimed (cg.c: emit_scratch_claim): a nested firing's
	 * function must work in its own slot, not in the one the firing it interrupted holds */
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, CGC_SLOT));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(3, (int32_t)s));
	/* integer operands go by value: a callee cannot read its caller's stack */
	int next = 4;
	if (ki->nstr == 2)
		cgc_emit(c, bi_mov64_imm(next++, (int32_t)t));
	if (i1)
		cgc_emit(c, bi_ldx(BPF_DW, next, 10, i1));
	else
		cgc_emit(c, bi_mov64_imm(next, 0));
	next++;
	if (next <= 5) {
		if (i2)
			cgc_emit(c, bi_ldx(BPF_DW, next, 10, i2));
		else
			cgc_emit(c, bi_mov64_imm(next, 0));
	}
	size_t at = cgc_emit(c, bi_make(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0));
	xgrow(&c->subfn_sites, sizeof *c->subfn_sites, &c->subfn_site_cap, c->nsubfn_sites + 1);
	c->subfn_sites[c->nsubfn_sites++] = (struct cgc_subfn_site){
		.at = at, .variant = (unsigned)k * 4 + (i1 ? 1u : 0u) + (i2 ? 2u : 0u),
	};
}

/* The deepest byte of stack the program's code so far reaches through R10 (stores, loads, and
 * R10-relative pointers it hands to helpers). */
static int stack_depth(const struct bpf_prog_buf *b)
{
	int depth = 0;
	for (size_t i = 0; i < b->n; i++) {
		const struct bpf_insn *in = &b->insns[i];
		int cls = BPF_CLASS(in->code);
		int off = 0;
		if ((cls == BPF_STX || cls == BPF_ST) && in->dst_reg == 10)
			off = in->off;
		else if (cls == BPF_LDX && in->src_reg == 10)
			off = in->off;
		else if (in->code == (BPF_ALU64 | BPF_ADD | BPF_K) && i > 0 &&
			 b->insns[i - 1].code == (BPF_ALU64 | BPF_MOV | BPF_X) &&
			 b->insns[i - 1].src_reg == 10 && b->insns[i - 1].dst_reg == in->dst_reg)
			off = in->imm;
		if (-off > depth)
			depth = -off;
	}
	return depth;
}

/* R3 = R7 + (reg & FN_OFF_MASK): a pointer into scratch the helpers read from. */
static void scratch_at(struct cgc *c, int dst, int reg)
{
	cgc_emit(c, bi_alu64_imm(BPF_AND, reg, FN_OFF_MASK));
	cgc_emit(c, bi_mov64_reg(dst, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_reg(BPF_ADD, dst, reg));
}

/* in = the string at the caller's slot (offset in register reg), or its first `bytes` bytes */
static void copy_in(struct cgc *c, uint32_t in, int reg, uint32_t bytes)
{
	scratch_at(c, 3, reg);
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)in));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)(bytes ? bytes : c->g.strsize)));
	cgc_emit(c, bi_call(bytes ? BPF_FUNC_probe_read_kernel : BPF_FUNC_probe_read_kernel_str));
}

static void emit_body(struct cgc *c, unsigned variant, uint32_t region)
{
	enum cgc_subfn_kind k = (enum cgc_subfn_kind)(variant / 4);
	const struct kind_info *ki = &kinds[k];
	struct cg *g = &c->g;
	int16_t i1 = (variant & 1) ? FN_I1 : 0, i2 = (variant & 2) ? FN_I2 : 0;
	if (ki->nstr == 2) /* t took R4: the integer operand came in R5 */
		i1 = (variant & 1) ? FN_I2 : 0;
	int fail = bpb_label_new(&c->buf);

	char what[96];
	snprintf(what, sizeof what, "; %s() (one BPF function for all its calls)", ki->name);
	cgc_note(c, what);
	g->scratch_top = region;
	uint32_t in1 = cgs_scratch_alloc(g, c->slot);
	uint32_t in2 = ki->nstr == 2 ? cgs_scratch_alloc(g, c->slot) : 0;
	uint32_t out = cgs_scratch_alloc(g, c->slot);

	cgc_emit(c, bi_stx(BPF_W, 10, 1, FN_KEY));
	cgc_emit(c, bi_mov64_reg(6, 2));
	cgc_emit(c, bi_mov64_reg(8, 3));
	cgc_emit(c, bi_mov64_reg(9, 4));
	cgc_emit(c, bi_stx(BPF_DW, 10, 4, FN_I1));
	cgc_emit(c, bi_stx(BPF_DW, 10, 5, FN_I2));
	cgc_ld_map(c, 1, c->m_scratch);
	cgc_emit(c, bi_mov64_reg(2, 10));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 2, FN_KEY));
	cgc_emit(c, bi_call(BPF_FUNC_map_lookup_elem));
	bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, fail);
	cgc_emit(c, bi_mov64_reg(CG_R_SCRATCH, 0));
	if (ki->nstr >= 1)
		copy_in(c, in1, 8, ki->bytes);
	if (ki->nstr == 2)
		copy_in(c, in2, 9, 0);

	switch (k) {
	case CGC_SUBFN_CLEANPATH: cgs_cleanpath(g, out, in1); break;
	case CGC_SUBFN_BASENAME: cgs_basename(g, out, in1); break;
	case CGC_SUBFN_DIRNAME: cgs_dirname(g, out, in1); break;
	case CGC_SUBFN_TOUPPER: cgs_toupper(g, out, in1); break;
	case CGC_SUBFN_TOLOWER: cgs_tolower(g, out, in1); break;
	case CGC_SUBFN_STRJOIN: cgs_strjoin(g, out, in1, in2); break;
	case CGC_SUBFN_STRSTR: cgs_strstr(g, out, in1, in2); break;
	case CGC_SUBFN_INDEX: cgs_index(g, in1, in2, i1); break;
	case CGC_SUBFN_RINDEX: cgs_rindex(g, in1, in2, i1); break;
	case CGC_SUBFN_SUBSTR: cgs_substr(g, out, in1, i1, i2); break;
	case CGC_SUBFN_STRCHR: cgs_strchr(g, out, in1, i1); break;
	case CGC_SUBFN_STRRCHR: cgs_strrchr(g, out, in1, i1); break;
	case CGC_SUBFN_LLTOSTR: cgs_lltostr(g, out, i1); break;
	case CGC_SUBFN_INET_NTOA6: cgs_inet_ntoa6(g, out, in1, false); break;
	case CGC_SUBFN_INET_NTOP6: cgs_inet_ntoa6(g, out, in1, true); break;
	case CGC_SUBFN_NKINDS: break;
	}

	cgc_emit(c, bi_mov64_reg(9, 0));
	if (ki->str_result) {
		/* back to the caller's slot, which lies below this function's region */
		int done = bpb_label_new(&c->buf);
		bpb_jmp_imm(&c->buf, BPF_JGT, 6, (int32_t)(region - g->strsize), done);
		cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, 6));
		cgc_emit(c, bi_mov64_imm(2, (int32_t)g->strsize));
		cgc_emit(c, bi_mov64_reg(3, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, (int32_t)out));
		cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel_str));
		bpb_label_place(&c->buf, done);
	}
	cgc_emit(c, bi_mov64_reg(0, 9));
	cgc_emit(c, bi_exit());
	bpb_label_place(&c->buf, fail);
	cgc_emit(c, bi_mov64_imm(0, 0));
	cgc_emit(c, bi_exit());
}

void cgc_subfn_emit_bodies(struct cgc *c, struct dobj_prog *p)
{
	size_t start[NVARIANTS];
	bool used[NVARIANTS] = { false };

	p->funcs = NULL;
	p->nfuncs = 0;
	if (c->nsubfn_sites == 0)
		return;
	int depth = stack_depth(&c->buf);
	if (depth > CGC_STACK_MAX - FN_FRAME)
		cgc_fail(c, NULL, "the clauses for probe %s:%s:%s:%s need %d bytes of BPF stack: "
			 "with string subroutine calls at most %d fit (simplify the expressions)",
			 c->probe->provider, c->probe->module, c->probe->function, c->probe->name,
			 depth, CGC_STACK_MAX - FN_FRAME);
	for (size_t i = 0; i < c->nsubfn_sites; i++)
		used[c->subfn_sites[i].variant] = true;

	/* every function's region starts above what the clauses use; the functions never run
	 * at the same time, so they share it */
	uint32_t region = cgc_round8(c->g.scratch_hiwater);
	size_t cap = 0;
	for (unsigned v = 0; v < NVARIANTS; v++) {
		if (!used[v])
			continue;
		start[v] = c->buf.n;
		xgrow(&p->funcs, sizeof *p->funcs, &cap, p->nfuncs + 1);
		struct bpf_sys_func *f = &p->funcs[p->nfuncs++];
		f->insn = (uint32_t)start[v];
		snprintf(f->name, sizeof f->name, "d_%s%s%s", kinds[v / 4].name,
			 (v & 1) ? "_1" : "", (v & 2) ? "_2" : "");
		emit_body(c, v, region);
	}
	for (size_t i = 0; i < c->nsubfn_sites; i++) {
		struct bpf_insn *in = &c->buf.insns[c->subfn_sites[i].at];
		in->imm = (int32_t)((long)start[c->subfn_sites[i].variant] -
				    (long)c->subfn_sites[i].at - 1);
	}
	c->nsubfn_sites = 0;
}
