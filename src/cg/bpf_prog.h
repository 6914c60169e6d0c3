/* bpf_prog.h — a growable buffer of BPF instructions with labels, for code generators.
 *
 * Contract: emitters append and never fail (memory comes from xgrow). Jumps name a label, made
 * by bpb_label_new and placed (once) at the next instruction's index by bpb_label_place; a label
 * may be used before or after it is placed. bpb_finish patches every jump's offset and fails with
 * a message if a label was used but never placed, was placed twice, or a jump's distance does
 * not fit the instruction's signed 16-bit offset. A goto farther than BPB_NEAR_GOTO becomes the
 * 32-bit "gotol" (kernel 6.4 on). Until bpb_finish succeeds the jump offsets in insns[] are 0.
 * Labels are small integers (0, 1, ...) local to one buffer. */
#ifndef USDTRACE_BPF_PROG_H
#define USDTRACE_BPF_PROG_H
#include <stddef.h>
#include <stdint.h>
#include "bpf_insn.h"

/* The longest goto kept in the 16-bit form: room for the verifier to triple the code between. */
#define BPB_NEAR_GOTO 8191

struct bpb_fixup {
	size_t at;            /* index of the jump instruction */
	int label;
};

struct bpf_prog_buf {
	struct bpf_insn *insns;
	size_t n, cap;
	long *label_pos;      /* instruction index per label; -1 while unplaced */
	int nlabels;
	size_t label_cap;
	struct bpb_fixup *fixups;
	size_t nfixups, fixup_cap;
	int placed_twice;     /* first label placed twice, -1 if none (reported by bpb_finish) */
};

void bpb_init(struct bpf_prog_buf *b);
void bpb_free(struct bpf_prog_buf *b);

/* Append one instruction; returns its index. */
size_t bpb_emit(struct bpf_prog_buf *b, struct bpf_insn insn);
/* Two-slot loads: dst = v; dst = the map with file descriptor fd. Return the first slot's index. */
size_t bpb_ld_imm64(struct bpf_prog_buf *b, int dst, uint64_t v);
size_t bpb_ld_map_fd(struct bpf_prog_buf *b, int dst, int fd);

int bpb_label_new(struct bpf_prog_buf *b);
void bpb_label_place(struct bpf_prog_buf *b, int label);

/* Conditional jumps to a label (op BPF_JEQ...), 64-bit and 32-bit compares, and goto. */
size_t bpb_jmp_imm(struct bpf_prog_buf *b, int op, int dst, int32_t imm, int label);
size_t bpb_jmp_reg(struct bpf_prog_buf *b, int op, int dst, int src, int label);
size_t bpb_jmp32_imm(struct bpf_prog_buf *b, int op, int dst, int32_t imm, int label);
size_t bpb_jmp32_reg(struct bpf_prog_buf *b, int op, int dst, int src, int label);
size_t bpb_ja(struct bpf_prog_buf *b, int label);

/* Resolve every jump. Returns 0, or -1 with a message in errbuf. May be called again after
 * more code is appended. */
int bpb_finish(struct bpf_prog_buf *b, char *errbuf, size_t errlen);
#endif
