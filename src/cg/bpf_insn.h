/* bpf_insn.h — encoders for single eBPF instructions, one small function per instruction form.
 *
 * Contract: each bi_* function returns the struct bpf_insn (from <linux/bpf.h>) that the kernel's
 * instruction-set document specifies for that form; nothing is validated here (the register
 * numbers 0..10, sizes BPF_B/H/W/DW and ops BPF_ADD.. are the caller's to get right; the verifier
 * is the judge). Jump offsets count instructions, relative to the instruction after the jump.
 * The 64-bit immediate load takes two slots, so it writes into a caller's two-element array.
 * Register names: r0 return/helper result, r1-r5 arguments, r6-r9 callee-saved, r10 frame. */
#ifndef USDTRACE_BPF_INSN_H
#define USDTRACE_BPF_INSN_H
#include <linux/bpf.h>
#include <stdint.h>

#ifndef BPF_ATOMIC
#define BPF_ATOMIC 0xc0
#endif
#ifndef BPF_CMPXCHG
#define BPF_FETCH 0x01
#define BPF_CMPXCHG (0xf0 | BPF_FETCH)
#endif
#ifndef BPF_JMP32
#define BPF_JMP32 0x06
#endif

static inline struct bpf_insn bi_make(uint8_t code, int dst, int src, int16_t off, int32_t imm)
{
	struct bpf_insn i = { .code = code, .dst_reg = (uint8_t)dst, .src_reg = (uint8_t)src,
			      .off = off, .imm = imm };
	return i;
}

/* Arithmetic: op is BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH, BPF_RSH,
 * BPF_MOD, BPF_XOR, BPF_MOV, BPF_ARSH (BPF_NEG has its own encoder). ALU64 works on all 64 bits;
 * the 32-bit forms zero the upper half of dst. */
static inline struct bpf_insn bi_alu64_reg(int op, int dst, int src)
{
	return bi_make(BPF_ALU64 | BPF_X | op, dst, src, 0, 0);
}
static inline struct bpf_insn bi_alu64_imm(int op, int dst, int32_t imm)
{
	return bi_make(BPF_ALU64 | BPF_K | op, dst, 0, 0, imm);
}
static inline struct bpf_insn bi_alu32_reg(int op, int dst, int src)
{
	return bi_make(BPF_ALU | BPF_X | op, dst, src, 0, 0);
}
static inline struct bpf_insn bi_alu32_imm(int op, int dst, int32_t imm)
{
	return bi_make(BPF_ALU | BPF_K | op, dst, 0, 0, imm);
}
static inline struct bpf_insn bi_neg64(int dst) { return bi_make(BPF_ALU64 | BPF_NEG, dst, 0, 0, 0); }
static inline struct bpf_insn bi_neg32(int dst) { return bi_make(BPF_ALU | BPF_NEG, dst, 0, 0, 0); }

/* MOV with a 32-bit immediate sign-extends it into the 64-bit register. */
static inline struct bpf_insn bi_mov64_reg(int dst, int src) { return bi_alu64_reg(BPF_MOV, dst, src); }
static inline struct bpf_insn bi_mov64_imm(int dst, int32_t imm) { return bi_alu64_imm(BPF_MOV, dst, imm); }
static inline struct bpf_insn bi_mov32_reg(int dst, int src) { return bi_alu32_reg(BPF_MOV, dst, src); }
static inline struct bpf_insn bi_mov32_imm(int dst, int32_t imm) { return bi_alu32_imm(BPF_MOV, dst, imm); }

/* Byte swap: to_big true converts host (little) to big endian (BPF_TO_BE), false to little
 * (BPF_TO_LE, which on x86 only truncates); bits is 16, 32 or 64. */
static inline struct bpf_insn bi_endian(int to_big, int dst, int bits)
{
	return bi_make(BPF_ALU | BPF_END | (to_big ? BPF_TO_BE : BPF_TO_LE), dst, 0, 0, bits);
}

/* Memory: size is BPF_B, BPF_H, BPF_W or BPF_DW. Loads zero-extend. */
static inline struct bpf_insn bi_ldx(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_LDX | BPF_MEM | size, dst, src, off, 0);
}
static inline struct bpf_insn bi_stx(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_MEM | size, dst, src, off, 0);
}
static inline struct bpf_insn bi_st(int size, int dst, int16_t off, int32_t imm)
{
	return bi_make(BPF_ST | BPF_MEM | size, dst, 0, off, imm);
}
/* *(size *)(dst + off) += src, atomically (size BPF_W or BPF_DW); no value is fetched back. */
static inline struct bpf_insn bi_atomic_add(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_ATOMIC | size, dst, src, off, BPF_ADD);
}
/* src = the old *(size *)(dst + off), which becomes old + src, atomically (BPF_W or BPF_DW). */
static inline struct bpf_insn bi_atomic_fetch_add(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_ATOMIC | size, dst, src, off, BPF_ADD | BPF_FETCH);
}
/* src = the old *(size *)(dst + off), which becomes old | src, atomically (BPF_W or BPF_DW). */
static inline struct bpf_insn bi_atomic_fetch_or(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_ATOMIC | size, dst, src, off, BPF_OR | BPF_FETCH);
}
/* *(size *)(dst + off) &= src, atomically (size BPF_W or BPF_DW); no value is fetched back. */
static inline struct bpf_insn bi_atomic_and(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_ATOMIC | size, dst, src, off, BPF_AND);
}
/* Compare and exchange (size BPF_W or BPF_DW): if *(size *)(dst + off) equals r0, store src
 * there; either way r0 receives the old value. */
static inline struct bpf_insn bi_atomic_cmpxchg(int size, int dst, int src, int16_t off)
{
	return bi_make(BPF_STX | BPF_ATOMIC | size, dst, src, off, BPF_CMPXCHG);
}

/* Jumps: op is BPF_JEQ, BPF_JGT, BPF_JGE, BPF_JSET, BPF_JNE, BPF_JSGT, BPF_JSGE, BPF_JLT,
 * BPF_JLE, BPF_JSLT, BPF_JSLE. The JMP32 forms compare the low 32 bits only. */
static inline struct bpf_insn bi_jmp_reg(int op, int dst, int src, int16_t off)
{
	return bi_make(BPF_JMP | BPF_X | op, dst, src, off, 0);
}
static inline struct bpf_insn bi_jmp_imm(int op, int dst, int32_t imm, int16_t off)
{
	return bi_make(BPF_JMP | BPF_K | op, dst, 0, off, imm);
}
static inline struct bpf_insn bi_jmp32_reg(int op, int dst, int src, int16_t off)
{
	return bi_make(BPF_JMP32 | BPF_X | op, dst, src, off, 0);
}
static inline struct bpf_insn bi_jmp32_imm(int op, int dst, int32_t imm, int16_t off)
{
	return bi_make(BPF_JMP32 | BPF_K | op, dst, 0, off, imm);
}
static inline struct bpf_insn bi_ja(int16_t off) { return bi_make(BPF_JMP | BPF_JA, 0, 0, off, 0); }
/* goto with a 32-bit distance in imm ("gotol", BPF_JMP32 | BPF_JA): kernels from 6.4 only. */
static inline struct bpf_insn bi_gotol(int32_t off) { return bi_make(BPF_JMP32 | BPF_JA, 0, 0, 0, off); }
/* The distance of a branch instruction (gotol's is in imm, every other's in off). */
static inline long bi_branch_off(const struct bpf_insn *in)
{
	return in->code == (BPF_JMP32 | BPF_JA) ? (long)in->imm : (long)in->off;
}

/* Call helper number id (enum bpf_func_id: BPF_FUNC_ringbuf_reserve...). */
static inline struct bpf_insn bi_call(int id) { return bi_make(BPF_JMP | BPF_CALL, 0, 0, 0, id); }
static inline struct bpf_insn bi_exit(void) { return bi_make(BPF_JMP | BPF_EXIT, 0, 0, 0, 0); }

/* dst = v, in two slots: the first holds the low 32 bits, the second (code 0) the high. */
static inline void bi_ld_imm64(struct bpf_insn out[2], int dst, uint64_t v)
{
	out[0] = bi_make(BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0, (int32_t)(uint32_t)v);
	out[1] = bi_make(0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
}
/* dst = the map behind file descriptor fd (src_reg BPF_PSEUDO_MAP_FD; the kernel swaps in the
 * map's address at load time). */
static inline void bi_ld_map_fd(struct bpf_insn out[2], int dst, int fd)
{
	out[0] = bi_make(BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, fd);
	out[1] = bi_make(0, 0, 0, 0, 0);
}

/* dst = the address of byte off of the value of a one-entry array map: no lookup, never NULL. */
static inline void bi_ld_map_value(struct bpf_insn out[2], int dst, int fd, int32_t off)
{
	out[0] = bi_make(BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_VALUE, 0, fd);
	out[1] = bi_make(0, 0, 0, 0, off);
}
#endif
