/* test_bpf_insn.c — instruction encoders (bytes from the kernel's instruction-set document,
 * encoded by hand here), the label buffer's fix-ups and checks, and the disassembler's text.
 * tests/sh/bpf_llvm.sh checks every other encoder form against llvm-mc. */
#include <stdint.h>

#include "bpf_dis.h"
#include "bpf_insn.h"
#include "bpf_prog.h"
#include "t.h"

/* Compare an instruction's 8 bytes to the expected ones, byte order as in memory. */
static int same_bytes(struct bpf_insn in, const uint8_t want[8])
{
	return memcmp(&in, want, 8) == 0;
}

T_CASE(insn_size)
{
	T_EQ_INT(sizeof(struct bpf_insn), 8);
}

/* opcode = class | source | operation; byte 1 = src_reg << 4 | dst_reg; then off (le16),
 * imm (le32). */
T_CASE(encode_from_spec)
{
	static const uint8_t mov_r0_0[8] = { 0xb7, 0x00, 0, 0, 0, 0, 0, 0 };
	static const uint8_t exit_[8] = { 0x95, 0, 0, 0, 0, 0, 0, 0 };
	static const uint8_t ldx_dw[8] = { 0x79, 0x61, 0x70, 0x00, 0, 0, 0, 0 };
	static const uint8_t st_w[8] = { 0x62, 0x0a, 0xfc, 0xff, 0, 0, 0, 0 };
	static const uint8_t call131[8] = { 0x85, 0, 0, 0, 0x83, 0, 0, 0 };
	static const uint8_t jeq0[8] = { 0x15, 0x00, 0x05, 0x00, 0, 0, 0, 0 };
	static const uint8_t rsh32[8] = { 0x77, 0x07, 0, 0, 0x20, 0, 0, 0 };
	static const uint8_t xadd[8] = { 0xdb, 0x10, 0, 0, 0, 0, 0, 0 };
	static const uint8_t mod_reg[8] = { 0x9f, 0x91, 0, 0, 0, 0, 0, 0 };
	static const uint8_t jset[8] = { 0x45, 0x03, 0xfd, 0xff, 0x4d, 0, 0, 0 };
	static const uint8_t jslt32[8] = { 0xc6, 0x01, 0xfd, 0xff, 0x07, 0, 0, 0 };
	static const uint8_t stx_b[8] = { 0x73, 0x3a, 0xf0, 0xff, 0, 0, 0, 0 };
	static const uint8_t be16[8] = { 0xdc, 0x01, 0, 0, 0x10, 0, 0, 0 };
	static const uint8_t ja[8] = { 0x05, 0, 0x03, 0x00, 0, 0, 0, 0 };
	static const uint8_t add_neg[8] = { 0x07, 0x01, 0, 0, 0xf8, 0xff, 0xff, 0xff };

	T_CHECK(same_bytes(bi_mov64_imm(BPF_REG_0, 0), mov_r0_0));
	T_CHECK(same_bytes(bi_exit(), exit_));
	T_CHECK(same_bytes(bi_ldx(BPF_DW, BPF_REG_1, BPF_REG_6, 112), ldx_dw));
	T_CHECK(same_bytes(bi_st(BPF_W, BPF_REG_10, -4, 0), st_w));
	T_CHECK(same_bytes(bi_call(131), call131));
	T_CHECK(same_bytes(bi_jmp_imm(BPF_JEQ, BPF_REG_0, 0, 5), jeq0));
	T_CHECK(same_bytes(bi_alu64_imm(BPF_RSH, BPF_REG_7, 32), rsh32));
	T_CHECK(same_bytes(bi_atomic_add(BPF_DW, BPF_REG_0, BPF_REG_1, 0), xadd));
	T_CHECK(same_bytes(bi_alu64_reg(BPF_MOD, BPF_REG_1, BPF_REG_9), mod_reg));
	T_CHECK(same_bytes(bi_jmp_imm(BPF_JSET, BPF_REG_3, 0x4d, -3), jset));
	T_CHECK(same_bytes(bi_jmp32_imm(BPF_JSLT, BPF_REG_1, 7, -3), jslt32));
	T_CHECK(same_bytes(bi_stx(BPF_B, BPF_REG_10, BPF_REG_3, -16), stx_b));
	T_CHECK(same_bytes(bi_endian(1, BPF_REG_1, 16), be16));
	T_CHECK(same_bytes(bi_ja(3), ja));
	T_CHECK(same_bytes(bi_alu64_imm(BPF_ADD, BPF_REG_1, -8), add_neg));
}

T_CASE(encode_ld_imm64)
{
	static const uint8_t imm[16] = { 0x18, 0x02, 0, 0, 0x88, 0x77, 0x66, 0x55,
					 0, 0, 0, 0, 0x44, 0x33, 0x22, 0x11 };
	static const uint8_t map[16] = { 0x18, 0x11, 0, 0, 0x05, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct bpf_insn two[2];

	bi_ld_imm64(two, BPF_REG_2, 0x1122334455667788ull);
	T_CHECK(memcmp(two, imm, 16) == 0);
	bi_ld_map_fd(two, BPF_REG_1, 5);
	T_CHECK(memcmp(two, map, 16) == 0);
}

/* The helper numbers are the uapi's (enum bpf_func_id) fixed values, written out here. */
T_CASE(helper_names)
{
	T_EQ_STR(bpf_helper_name(1), "map_lookup_elem");
	T_EQ_STR(bpf_helper_name(14), "get_current_pid_tgid");
	T_EQ_STR(bpf_helper_name(112), "probe_read_user");
	T_EQ_STR(bpf_helper_name(114), "probe_read_user_str");
	T_EQ_STR(bpf_helper_name(130), "ringbuf_output");
	T_EQ_STR(bpf_helper_name(131), "ringbuf_reserve");
	T_EQ_STR(bpf_helper_name(132), "ringbuf_submit");
	T_EQ_STR(bpf_helper_name(133), "ringbuf_discard");
	T_EQ_STR(bpf_helper_name(148), "copy_from_user");
	T_EQ_STR(bpf_helper_name(174), "get_attach_cookie");
	T_CHECK(bpf_helper_name(100000) == NULL);
}

T_CASE(labels_forward_and_backward)
{
	struct bpf_prog_buf b;
	char err[200];

	bpb_init(&b);
	int top = bpb_label_new(&b), out = bpb_label_new(&b);
	bpb_emit(&b, bi_mov64_imm(BPF_REG_0, 0));                    /* 0 */
	bpb_label_place(&b, top);
	bpb_jmp_imm(&b, BPF_JGT, BPF_REG_0, 10, out);                  /* 1 -> 5: +3 */
	bpb_emit(&b, bi_alu64_imm(BPF_ADD, BPF_REG_0, 1));            /* 2 */
	bpb_ld_imm64(&b, BPF_REG_1, 7);                               /* 3, 4 */
	bpb_ja(&b, top);                                              /* 5 -> 1: -5 */
	bpb_label_place(&b, out);
	bpb_jmp32_reg(&b, BPF_JNE, BPF_REG_0, BPF_REG_1, out);         /* 6 -> 6: -1 */
	bpb_emit(&b, bi_exit());
	T_EQ_INT(bpb_finish(&b, err, sizeof(err)), 0);
	T_EQ_INT(b.n, 8);
	T_EQ_INT(b.insns[1].off, 4);
	T_EQ_INT(b.insns[5].off, -5);
	T_EQ_INT(b.insns[6].off, -1);
	T_EQ_INT(b.insns[6].code, BPF_JMP32 | BPF_X | BPF_JNE);
	bpb_free(&b);
}

T_CASE(labels_unplaced_is_error)
{
	struct bpf_prog_buf b;
	char err[200] = "";

	bpb_init(&b);
	int l = bpb_label_new(&b);
	bpb_jmp_imm(&b, BPF_JEQ, BPF_REG_0, 0, l);
	bpb_emit(&b, bi_exit());
	T_EQ_INT(bpb_finish(&b, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "never placed") != NULL);
	bpb_free(&b);
}

T_CASE(labels_placed_twice_is_error)
{
	struct bpf_prog_buf b;
	char err[200] = "";

	bpb_init(&b);
	int l = bpb_label_new(&b);
	bpb_label_place(&b, l);
	bpb_emit(&b, bi_exit());
	bpb_label_place(&b, l);
	T_EQ_INT(bpb_finish(&b, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "placed twice") != NULL);
	bpb_free(&b);
}

T_CASE(labels_jump_range)
{
	struct bpf_prog_buf b;
	char err[200] = "";

	/* A conditional jump has only its 16-bit offset: exactly 32767 instructions between jump
	 * and target fits; one more does not. */
	for (int extra = 0; extra < 2; extra++) {
		bpb_init(&b);
		int l = bpb_label_new(&b);
		bpb_jmp_imm(&b, BPF_JEQ, BPF_REG_0, 0, l);
		for (int i = 0; i < 32767 + extra; i++)
			bpb_emit(&b, bi_mov64_imm(BPF_REG_0, i));
		bpb_label_place(&b, l);
		bpb_emit(&b, bi_exit());
		int rc = bpb_finish(&b, err, sizeof(err));
		if (extra == 0) {
			T_EQ_INT(rc, 0);
			T_EQ_INT(b.insns[0].off, 32767);
		} else {
			T_EQ_INT(rc, -1);
			T_CHECK(strstr(err, "32768 instructions away") != NULL);
		}
		bpb_free(&b);
	}
	/* Backwards, -32768 is the limit. */
	for (int extra = 0; extra < 2; extra++) {
		bpb_init(&b);
		int l = bpb_label_new(&b);
		bpb_label_place(&b, l);
		for (int i = 0; i < 32767 + extra; i++)
			bpb_emit(&b, bi_mov64_imm(BPF_REG_0, i));
		bpb_jmp_imm(&b, BPF_JNE, BPF_REG_0, 0, l);
		int rc = bpb_finish(&b, err, sizeof(err));
		T_EQ_INT(rc, extra ? -1 : 0);
		if (!extra)
			T_EQ_INT(b.insns[32767].off, -32768);
		bpb_free(&b);
	}
}

/* A goto keeps the 16-bit form up to BPB_NEAR_GOTO, either way; farther it becomes gotol, whose
 * distance is in imm and may pass 16 bits; the disassembler follows either form to its label. */
T_CASE(goto_far_takes_32bit_form)
{
	static const long dists[] = { BPB_NEAR_GOTO, BPB_NEAR_GOTO + 1, 40000 };
	struct bpf_prog_buf b;
	char err[200] = "";

	for (size_t k = 0; k < sizeof(dists) / sizeof(dists[0]); k++) {
		long d = dists[k];
		bool near = d <= BPB_NEAR_GOTO;

		bpb_init(&b);
		int fwd = bpb_label_new(&b), back = bpb_label_new(&b);
		bpb_label_place(&b, back);
		bpb_ja(&b, fwd);
		for (long i = 0; i < d - 1; i++)
			bpb_emit(&b, bi_mov64_imm(BPF_REG_0, (int32_t)i));
		bpb_ja(&b, back);             /* at index d: d + 1 back to 0 */
		bpb_label_place(&b, fwd);     /* at index d + 1: d forward from 0 */
		bpb_emit(&b, bi_exit());
		T_EQ_INT(bpb_finish(&b, err, sizeof(err)), 0);
		const struct bpf_insn *f = &b.insns[0], *r = &b.insns[d];
		T_EQ_INT(f->code, near ? (BPF_JMP | BPF_JA) : (BPF_JMP32 | BPF_JA));
		T_EQ_INT(bi_branch_off(f), d);
		T_EQ_INT(near ? f->imm : f->off, 0);
		/* Backwards the distance is one more: d + 1 is far once d is the limit. */
		T_EQ_INT(r->code, d + 1 <= BPB_NEAR_GOTO ? (BPF_JMP | BPF_JA) : (BPF_JMP32 | BPF_JA));
		T_EQ_INT(bi_branch_off(r), -(d + 1));

		struct strbuf out = { 0 };
		bpf_dis_prog(&out, b.insns, b.n);
		char want[64];
		snprintf(want, sizeof(want), "%s %+ld <L1>", near ? "goto" : "gotol", d);
		T_CHECK(out.s && strstr(out.s, want) != NULL);
		snprintf(want, sizeof(want), "gotol %+ld <L0>", -(d + 1));
		T_CHECK(out.s && strstr(out.s, want) != NULL);
		strbuf_free(&out);
		bpb_free(&b);
	}
}

T_CASE(disassemble_program)
{
	struct bpf_prog_buf b;
	struct strbuf out = { 0 };
	char err[200];

	bpb_init(&b);
	int done = bpb_label_new(&b);
	bpb_emit(&b, bi_mov64_reg(BPF_REG_6, BPF_REG_1));
	bpb_ld_map_fd(&b, BPF_REG_1, 5);
	bpb_emit(&b, bi_mov64_imm(BPF_REG_2, 16));
	bpb_emit(&b, bi_mov64_imm(BPF_REG_3, 0));
	bpb_emit(&b, bi_call(BPF_FUNC_ringbuf_reserve));
	bpb_jmp_imm(&b, BPF_JEQ, BPF_REG_0, 0, done);
	bpb_emit(&b, bi_ldx(BPF_DW, BPF_REG_1, BPF_REG_6, 112));
	bpb_emit(&b, bi_stx(BPF_DW, BPF_REG_0, BPF_REG_1, 8));
	bpb_emit(&b, bi_st(BPF_W, BPF_REG_10, -4, 0));
	bpb_emit(&b, bi_atomic_add(BPF_DW, BPF_REG_0, BPF_REG_1, 0));
	bpb_emit(&b, bi_alu32_imm(BPF_ARSH, BPF_REG_2, 3));
	bpb_ld_imm64(&b, BPF_REG_3, 0xdeadbeef00ull);
	bpb_emit(&b, bi_call(9999));
	bpb_label_place(&b, done);
	bpb_emit(&b, bi_mov64_imm(BPF_REG_0, 0));
	bpb_emit(&b, bi_exit());
	T_EQ_INT(bpb_finish(&b, err, sizeof(err)), 0);
	bpf_dis_prog(&out, b.insns, b.n);
	T_EQ_STR(out.s,
		 "   0:       r6 = r1\n"
		 "   1:       r1 = map[fd 5]\n"
		 "   2:       (ld_imm64 high)\n"
		 "   3:       r2 = 16\n"
		 "   4:       r3 = 0\n"
		 "   5:       call bpf_ringbuf_reserve#131\n"
		 "   6:       if r0 == 0x0 goto +8 <L0>\n"
		 "   7:       r1 = *(u64 *)(r6 + 112)\n"
		 "   8:       *(u64 *)(r0 + 8) = r1\n"
		 "   9:       *(u32 *)(r10 - 4) = 0\n"
		 "  10:       lock *(u64 *)(r0 + 0) += r1\n"
		 "  11:       w2 s>>= 3\n"
		 "  12:       r3 = 0xdeadbeef00 ll\n"
		 "  13:       (ld_imm64 high)\n"
		 "  14:       call #9999\n"
		 "  15: L0:   r0 = 0\n"
		 "  16:       exit\n");
	strbuf_free(&out);
	bpb_free(&b);
}

T_CASE(disassemble_map_value)
{
	struct bpf_insn two[2];
	struct strbuf out = { 0 };

	bi_ld_map_fd(two, BPF_REG_2, 7);
	two[0].src_reg = BPF_PSEUDO_MAP_VALUE;
	two[1].imm = 16;
	T_EQ_INT(bpf_dis_insn(&out, two, 2, 0), 2);
	T_EQ_STR(out.s, "r2 = map_value[fd 7] + 16");
	strbuf_free(&out);
}

/* The fetch forms the code generator emits (the dynamic-variable count's fetch-and-add, the
 * speculation slots' fetch-or) print in the verifier log's notation, never as invalid. */
T_CASE(disassemble_atomic_fetch)
{
	struct bpf_insn ins[4] = {
		bi_make(BPF_STX | BPF_ATOMIC | BPF_DW, 8, 1, 32, BPF_ADD | BPF_FETCH),
		bi_make(BPF_STX | BPF_ATOMIC | BPF_W, 1, 2, 24, BPF_OR | BPF_FETCH),
		bi_make(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 3, -8, BPF_XOR | BPF_FETCH),
		bi_make(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 3, 0, BPF_SUB | BPF_FETCH),
	};
	struct strbuf out = { 0 };

	bpf_dis_prog(&out, ins, 4);
	T_EQ_STR(out.s,
		 "   0:       r1 = atomic64_fetch_add((u64 *)(r8 +32), r1)\n"
		 "   1:       r2 = atomic_fetch_or((u32 *)(r1 +24), r2)\n"
		 "   2:       r3 = atomic64_fetch_xor((u64 *)(r1 -8), r3)\n"
		 "   3:       invalid (code 0xdb)\n");
	strbuf_free(&out);
}

T_CASE(disassemble_bad_input)
{
	struct bpf_insn bad[3] = { bi_make(0xff, 0, 0, 0, 0), bi_ja(100), bi_make(0x18, 1, 0, 0, 0) };
	struct strbuf out = { 0 };

	bpf_dis_prog(&out, bad, 3);
	T_EQ_STR(out.s,
		 "   0:       invalid (code 0xff)\n"
		 "   1:       goto +100 <out of range>\n"
		 "   2:       invalid (truncated ld_imm64)\n");
	strbuf_free(&out);
	/* Nothing at all. */
	bpf_dis_prog(&out, bad, 0);
	T_CHECK(out.s == NULL || out.s[0] == '\0');
	strbuf_free(&out);
}

T_MAIN()
