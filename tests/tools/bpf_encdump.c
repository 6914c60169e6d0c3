/* bpf_encdump — every instruction form our encoders make, one per line as
 * "HEXBYTES<TAB>disassembly", for tests/sh/bpf_llvm.sh to check against llvm-mc, an assembler
 * that knows the BPF encoding independently of us. Two-slot loads print 16 bytes. */
#include <stdio.h>
#include <stdlib.h>

#include "bpf_dis.h"
#include "bpf_insn.h"

static void put(const struct bpf_insn *in, int slots)
{
	const unsigned char *p = (const unsigned char *)in;
	struct strbuf text = { 0 };

	for (int i = 0; i < 8 * slots; i++)
		printf("%02x", p[i]);
	bpf_dis_insn(&text, in, (size_t)slots, 0);
	printf("\t%s\n", text.s);
	strbuf_free(&text);
}

static void one(struct bpf_insn in) { put(&in, 1); }

int main(void)
{
	static const int alu_ops[] = { BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR, BPF_AND, BPF_LSH,
				       BPF_RSH, BPF_MOD, BPF_XOR, BPF_MOV, BPF_ARSH };
	static const int jmp_ops[] = { BPF_JEQ, BPF_JGT, BPF_JGE, BPF_JSET, BPF_JNE, BPF_JSGT,
				       BPF_JSGE, BPF_JLT, BPF_JLE, BPF_JSLT, BPF_JSLE };
	static const int sizes[] = { BPF_B, BPF_H, BPF_W, BPF_DW };
	struct bpf_insn two[2];

	for (size_t i = 0; i < sizeof(alu_ops) / sizeof(alu_ops[0]); i++) {
		int op = alu_ops[i];
		int imm = (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH) ? 7 : -123456;
		one(bi_alu64_reg(op, 1, 9));
		one(bi_alu64_imm(op, 2, imm));
		one(bi_alu32_reg(op, 3, 4));
		one(bi_alu32_imm(op, 5, imm == 7 ? 31 : 0x7fffffff));
	}
	one(bi_neg64(6));
	one(bi_neg32(7));
	one(bi_mov64_reg(6, 1));
	one(bi_mov64_imm(0, -1));
	one(bi_mov32_reg(8, 0));
	one(bi_mov32_imm(9, 42));
	for (int bits = 16; bits <= 64; bits *= 2) {
		one(bi_endian(1, 1, bits));
		one(bi_endian(0, 2, bits));
	}
	for (size_t i = 0; i < 4; i++) {
		one(bi_ldx(sizes[i], 1, 6, 112));
		one(bi_ldx(sizes[i], 2, 10, -8));
		one(bi_stx(sizes[i], 10, 3, -16));
		one(bi_stx(sizes[i], 0, 4, 0x7fff));
		one(bi_st(sizes[i], 10, -24, -5));
	}
	one(bi_atomic_add(BPF_DW, 0, 1, 0));
	one(bi_atomic_add(BPF_W, 2, 3, -8));
	for (size_t i = 0; i < sizeof(jmp_ops) / sizeof(jmp_ops[0]); i++) {
		one(bi_jmp_reg(jmp_ops[i], 1, 2, 5));
		one(bi_jmp_imm(jmp_ops[i], 3, 77, -3));
		one(bi_jmp32_reg(jmp_ops[i], 4, 5, 32767));
		one(bi_jmp32_imm(jmp_ops[i], 6, 0x12345, -32768));
	}
	one(bi_ja(9));
	one(bi_ja(-1));
	one(bi_call(BPF_FUNC_ringbuf_reserve));
	one(bi_call(BPF_FUNC_get_current_pid_tgid));
	one(bi_exit());
	bi_ld_imm64(two, 2, 0x1122334455667788ull);
	put(two, 2);
	bi_ld_imm64(two, 9, 0xffffffff00000001ull);
	put(two, 2);
	bi_ld_map_fd(two, 1, 5);
	put(two, 2);
	return 0;
}
