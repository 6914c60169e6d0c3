/* cg_emit.h — shorthands for the files of emitters (cg_str.c, cg_net.c), which write one
 * instruction after another into g->b: the registers by number, emit/label/place for the
 * program buffer (bpf_prog.h), and the few emitters both files use. Not for use outside those
 * files. */
#ifndef USDTRACE_CG_EMIT_H
#define USDTRACE_CG_EMIT_H
#include <stdint.h>

#include "bpf_prog.h"
#include "cg_impl.h"

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R5 BPF_REG_5
#define RS CG_R_SCRATCH
#define FP BPF_REG_10

static inline void emit(struct cg *g, struct bpf_insn in)
{
	bpb_emit(g->b, in);
}

/* A new label, to jump to before or after it is placed. */
static inline int label(struct cg *g)
{
	return bpb_label_new(g->b);
}

/* Label l stands for the next instruction emitted. */
static inline void place(struct cg *g, int l)
{
	bpb_label_place(g->b, l);
}

/* The byte at scratch offset buf + (R4 & mask) = reg (or imm when reg < 0); R4 += 1: text
 * written a byte at a time at a position the verifier sees bounded. Clobbers R5. */
static inline void put_byte(struct cg *g, uint32_t buf, uint32_t mask, int reg, int32_t imm)
{
	emit(g, bi_mov64_reg(R5, R4));
	emit(g, bi_alu64_imm(BPF_AND, R5, (int32_t)mask));
	emit(g, bi_alu64_reg(BPF_ADD, R5, RS));
	if (reg >= 0)
		emit(g, bi_stx(BPF_B, R5, reg, (int16_t)buf));
	else
		emit(g, bi_st(BPF_B, R5, (int16_t)buf, imm));
	emit(g, bi_alu64_imm(BPF_ADD, R4, 1));
}

/* The verifier checks a variable access against its worst case; make the scratch map value
 * long enough for it (end: a scratch offset the worst case reaches). */
static inline void need_scratch(struct cg *g, uint32_t end)
{
	if (g->scratch_hiwater < end)
		g->scratch_hiwater = end;
}
#endif
