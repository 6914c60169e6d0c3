/* cg_net.c — emitters for D's network address subroutines (contract in cg_str.h):
 * inet_ntoa6, inet_ntop's IPv6 half and link_ntop. inet_ntoa (cg_str.c) does IPv4.
 *
 * IPv6 text follows glibc's inet_ntop (RFC 5952): lowercase hex groups without leading
 * zeros, the first longest run of two or more zero groups written "::", and an IPv4 tail for
 * the compatible (::a.b.c.d, a nonzero 7th group) and mapped (::ffff:a.b.c.d) forms. The
 * whole text (at most 45 characters) is built in a scratch buffer and then copied, cut to
 * strsize like any string.
 *
 * All the code is straight-line per group (no loops): the longest run is found with exact
 * register values (few distinct states, which the verifier merges), then laundered through
 * scratch; the text position is laundered at every group boundary, so the paths of the digit
 * counts of one group join before the next. */
#include "cg_str.h"

#include "cg_emit.h"

#define NTOP_BUF 64          /* text buffer: 45 characters and the NUL, with room to spare */

/* R1 = RS + off, R2 = min(strsize, size), R3 = RS + src; bpf_probe_read_kernel_str: a
 * NUL-terminated text in scratch copied to a string slot, cut to strsize. */
static void copy_text(struct cg *g, uint32_t dst, uint32_t src, uint32_t size)
{
	emit(g, bi_mov64_reg(R1, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R1, (int32_t)dst));
	emit(g, bi_mov64_imm(R2, (int32_t)(g->strsize < size ? g->strsize : size)));
	emit(g, bi_mov64_reg(R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)src));
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
}

/* The text position lives in scratch at `pos`; R4 holds it while a group is written. */
struct ntop {
	uint32_t addr, text, pos, base, len;
};

/* text[R4++] = reg (or imm when reg < 0). Clobbers R5. */
static void put(struct cg *g, const struct ntop *n, int reg, int32_t imm)
{
	put_byte(g, n->text, NTOP_BUF - 1, reg, imm);
}

/* The hex digit of bits [shift, shift + 4) of R2 into R3. */
static void nibble(struct cg *g, int shift)
{
	int digit = label(g);
	emit(g, bi_mov64_reg(R3, R2));
	emit(g, bi_alu64_imm(BPF_RSH, R3, shift));
	emit(g, bi_alu64_imm(BPF_AND, R3, 0xf));
	emit(g, bi_alu64_imm(BPF_ADD, R3, '0'));
	bpb_jmp_imm(g->b, BPF_JLE, R3, '9', digit);
	emit(g, bi_alu64_imm(BPF_ADD, R3, 'a' - '9' - 1));
	place(g, digit);
}

/* Group i (R2, 16 bits) in hex without leading zeros: the digit of bits [shift, shift + 4)
 * is left out when R2 < 1 << shift, unless a higher digit was written (R2 >= 1 << (shift + 4),
 * tested on R2 rather than kept in a register, so the paths of the digit counts join). */
static void put_group(struct cg *g, const struct ntop *n)
{
	for (int shift = 12; shift >= 0; shift -= 4) {
		int skip = shift > 0 ? label(g) : -1;
		if (shift > 0) {
			int w = label(g);
			if (shift < 12)
				bpb_jmp_imm(g->b, BPF_JGE, R2, 1 << (shift + 4), w);
			bpb_jmp_imm(g->b, BPF_JLT, R2, 1 << shift, skip);
			place(g, w);
		}
		nibble(g, shift);
		put(g, n, R3, 0);
		if (shift > 0)
			place(g, skip);
	}
}

/* R2 = group i of the address (network order). */
static void load_group(struct cg *g, const struct ntop *n, int i)
{
	emit(g, bi_ldx(BPF_B, R2, RS, (int16_t)(n->addr + 2 * i)));
	emit(g, bi_alu64_imm(BPF_LSH, R2, 8));
	emit(g, bi_ldx(BPF_B, R3, RS, (int16_t)(n->addr + 2 * i + 1)));
	emit(g, bi_alu64_reg(BPF_OR, R2, R3));
}

/* base/len in scratch = the first longest run of zero groups (base -1 when shorter than 2).
 * R1 best base, R2 best length, R3 current base, R4 current length. */
static void find_zero_run(struct cg *g, const struct ntop *n)
{
	emit(g, bi_mov64_imm(R1, -1));
	emit(g, bi_mov64_imm(R2, 0));
	emit(g, bi_mov64_imm(R3, -1));
	emit(g, bi_mov64_imm(R4, 0));
	for (int i = 0; i <= 8; i++) {
		int nz = label(g), next = label(g), keep = label(g), first = label(g);
		if (i < 8) {
			emit(g, bi_ldx(BPF_H, R0, RS, (int16_t)(n->addr + 2 * i)));
			bpb_jmp_imm(g->b, BPF_JNE, R0, 0, nz);
			bpb_jmp_imm(g->b, BPF_JEQ, R3, -1, first);
			emit(g, bi_alu64_imm(BPF_ADD, R4, 1));
			bpb_ja(g->b, next);
			place(g, first);
			emit(g, bi_mov64_imm(R3, i));
			emit(g, bi_mov64_imm(R4, 1));
			bpb_ja(g->b, next);
		}
		place(g, nz);                       /* a run ends here (or at the end) */
		bpb_jmp_imm(g->b, BPF_JEQ, R3, -1, next);
		bpb_jmp_reg(g->b, BPF_JLE, R4, R2, keep);
		emit(g, bi_mov64_reg(R1, R3));
		emit(g, bi_mov64_reg(R2, R4));
		place(g, keep);
		emit(g, bi_mov64_imm(R3, -1));
		emit(g, bi_mov64_imm(R4, 0));
		place(g, next);
	}
	{
		int ok = label(g);
		bpb_jmp_imm(g->b, BPF_JGE, R2, 2, ok);
		emit(g, bi_mov64_imm(R1, -1));
		emit(g, bi_mov64_imm(R2, 0));
		place(g, ok);
	}
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)n->base));
	emit(g, bi_stx(BPF_DW, RS, R2, (int16_t)n->len));
}

/* Text of the 16 bytes at scratch offset addr. strict: "::a.b.c.d" and "::ffff:a.b.c.d" for
 * the compatible and mapped forms (inet_ntop); not strict: "a.b.c.d" alone (inet_ntoa6). */
void cgs_inet_ntoa6(struct cg *g, uint32_t dst, uint32_t addr, bool strict)
{
	uint32_t t = cgs_scratch_alloc(g, 24);
	struct ntop n = { addr, cgs_scratch_alloc(g, NTOP_BUF), t, t + 8, t + 16 };
	uint32_t quad = cgs_scratch_alloc(g, 16);
	int hex = label(g), done = label(g), mapped = label(g);

	find_zero_run(g, &n);
	/* IPv4 forms: the run starts the address and is 6 groups, or 5 before ffff */
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)n.base));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)n.len));
	bpb_jmp_imm(g->b, BPF_JNE, R1, 0, hex);
	bpb_jmp_imm(g->b, BPF_JEQ, R2, 6, mapped);
	bpb_jmp_imm(g->b, BPF_JNE, R2, 5, hex);
	emit(g, bi_ldx(BPF_H, R0, RS, (int16_t)(addr + 10)));
	bpb_jmp_imm(g->b, BPF_JNE, R0, 0xffff, hex);
	place(g, mapped);
	cgs_dotted_quad(g, quad, addr + 12);
	if (strict) {
		/* "::" then "ffff:" for the mapped form, then the quad (R0 is 0xffff there) */
		int compat = label(g), tail = label(g);
		emit(g, bi_st(BPF_H, RS, (int16_t)n.text, ':' | ':' << 8));
		emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)n.len));
		bpb_jmp_imm(g->b, BPF_JEQ, R2, 6, compat);
		emit(g, bi_st(BPF_W, RS, (int16_t)(n.text + 2),
			      'f' | 'f' << 8 | 'f' << 16 | 'f' << 24));
		emit(g, bi_st(BPF_B, RS, (int16_t)(n.text + 6), ':'));
		emit(g, bi_mov64_reg(R1, RS));
		emit(g, bi_alu64_imm(BPF_ADD, R1, (int32_t)(n.text + 7)));
		bpb_ja(g->b, tail);
		place(g, compat);
		emit(g, bi_mov64_reg(R1, RS));
		emit(g, bi_alu64_imm(BPF_ADD, R1, (int32_t)(n.text + 2)));
		place(g, tail);
		emit(g, bi_mov64_imm(R2, 16));
		emit(g, bi_mov64_reg(R3, RS));
		emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)quad));
		emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
		copy_text(g, dst, n.text, NTOP_BUF);
	} else {
		copy_text(g, dst, quad, 16);
	}
	bpb_ja(g->b, done);

	place(g, hex);
	emit(g, bi_st(BPF_DW, RS, (int16_t)n.pos, 0));
	for (int i = 0; i < 8; i++) {
		int out = label(g), sep = label(g);
		emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)n.pos));
		/* inside the run: one ':' where it starts; the next group's ':' (or the one
		 * after a run that ends the address) makes it "::" */
		emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)n.base));
		bpb_jmp_imm(g->b, BPF_JSGT, R1, i, sep);
		emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)n.len));
		emit(g, bi_alu64_reg(BPF_ADD, R2, R1));
		bpb_jmp_imm(g->b, BPF_JSLE, R2, i, sep);
		bpb_jmp_imm(g->b, BPF_JNE, R1, i, out);
		put(g, &n, -1, ':');
		bpb_ja(g->b, out);
		place(g, sep);
		if (i > 0)
			put(g, &n, -1, ':');
		load_group(g, &n, i);
		put_group(g, &n);
		place(g, out);
		emit(g, bi_stx(BPF_DW, RS, R4, (int16_t)n.pos));
	}
	{
		/* a run that reaches the end: its closing ':' */
		int end = label(g);
		emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)n.pos));
		emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)n.base));
		emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)n.len));
		emit(g, bi_alu64_reg(BPF_ADD, R2, R1));
		bpb_jmp_imm(g->b, BPF_JSLT, R1, 0, end);
		bpb_jmp_imm(g->b, BPF_JNE, R2, 8, end);
		put(g, &n, -1, ':');
		place(g, end);
		put(g, &n, -1, 0);
	}
	copy_text(g, dst, n.text, NTOP_BUF);
	need_scratch(g, n.text + NTOP_BUF);
	place(g, done);
}

/* link_ntop: n bytes at scratch offset addr as two lowercase hex digits each, ':' between. */
void cgs_link_ntop(struct cg *g, uint32_t dst, uint32_t addr, uint32_t n)
{
	uint32_t text = cgs_scratch_alloc(g, NTOP_BUF);
	for (uint32_t i = 0; i < n; i++) {
		emit(g, bi_ldx(BPF_B, R2, RS, (int16_t)(addr + i)));
		nibble(g, 4);
		emit(g, bi_stx(BPF_B, RS, R3, (int16_t)(text + 3 * i)));
		nibble(g, 0);
		emit(g, bi_stx(BPF_B, RS, R3, (int16_t)(text + 3 * i + 1)));
		emit(g, bi_st(BPF_B, RS, (int16_t)(text + 3 * i + 2), i + 1 < n ? ':' : 0));
	}
	copy_text(g, dst, text, 3 * n);
}
