/* bpf_prog.c — instruction buffer with label fix-ups (see bpf_prog.h). */
#include "bpf_prog.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void bpb_init(struct bpf_prog_buf *b)
{
	memset(b, 0, sizeof(*b));
	b->placed_twice = -1;
}

void bpb_free(struct bpf_prog_buf *b)
{
	free(b->insns);
	free(b->label_pos);
	free(b->fixups);
	bpb_init(b);
}

size_t bpb_emit(struct bpf_prog_buf *b, struct bpf_insn insn)
{
	xgrow(&b->insns, sizeof(*b->insns), &b->cap, b->n + 1);
	b->insns[b->n] = insn;
	return b->n++;
}

/* A 16-byte instruction (two slots); returns the index of the first. */
static size_t emit_wide(struct bpf_prog_buf *b, const struct bpf_insn two[2])
{
	size_t at = bpb_emit(b, two[0]);
	bpb_emit(b, two[1]);
	return at;
}

size_t bpb_ld_imm64(struct bpf_prog_buf *b, int dst, uint64_t v)
{
	struct bpf_insn two[2];

	bi_ld_imm64(two, dst, v);
	return emit_wide(b, two);
}

size_t bpb_ld_map_fd(struct bpf_prog_buf *b, int dst, int fd)
{
	struct bpf_insn two[2];

	bi_ld_map_fd(two, dst, fd);
	return emit_wide(b, two);
}

int bpb_label_new(struct bpf_prog_buf *b)
{
	xgrow(&b->label_pos, sizeof(*b->label_pos), &b->label_cap, (size_t)b->nlabels + 1);
	b->label_pos[b->nlabels] = -1;
	return b->nlabels++;
}

void bpb_label_place(struct bpf_prog_buf *b, int label)
{
	/* A bad label is a code-generator bug; remember it so bpb_finish reports it rather than
	 * silently jumping to the wrong place. */
	if (label < 0 || label >= b->nlabels || b->label_pos[label] >= 0) {
		if (b->placed_twice < 0)
			b->placed_twice = label < 0 ? 0 : label;
		return;
	}
	b->label_pos[label] = (long)b->n;
}

static size_t jump_to(struct bpf_prog_buf *b, struct bpf_insn insn, int label)
{
	size_t at = bpb_emit(b, insn);

	xgrow(&b->fixups, sizeof(*b->fixups), &b->fixup_cap, b->nfixups + 1);
	b->fixups[b->nfixups].at = at;
	b->fixups[b->nfixups].label = label;
	b->nfixups++;
	return at;
}

size_t bpb_jmp_imm(struct bpf_prog_buf *b, int op, int dst, int32_t imm, int label)
{
	return jump_to(b, bi_jmp_imm(op, dst, imm, 0), label);
}

size_t bpb_jmp_reg(struct bpf_prog_buf *b, int op, int dst, int src, int label)
{
	return jump_to(b, bi_jmp_reg(op, dst, src, 0), label);
}

size_t bpb_jmp32_imm(struct bpf_prog_buf *b, int op, int dst, int32_t imm, int label)
{
	return jump_to(b, bi_jmp32_imm(op, dst, imm, 0), label);
}

size_t bpb_jmp32_reg(struct bpf_prog_buf *b, int op, int dst, int src, int label)
{
	return jump_to(b, bi_jmp32_reg(op, dst, src, 0), label);
}

size_t bpb_ja(struct bpf_prog_buf *b, int label)
{
	return jump_to(b, bi_ja(0), label);
}

int bpb_finish(struct bpf_prog_buf *b, char *errbuf, size_t errlen)
{
	if (b->placed_twice >= 0)
		return util_seterr(errbuf, errlen, "label L%d placed twice (or does not exist)",
				   b->placed_twice);
	for (size_t i = 0; i < b->nfixups; i++) {
		const struct bpb_fixup *f = &b->fixups[i];

		if (f->label < 0 || f->label >= b->nlabels)
			return util_seterr(errbuf, errlen, "jump at %zu names label %d, which does not exist",
					   f->at, f->label);
		long target = b->label_pos[f->label];
		if (target < 0)
			return util_seterr(errbuf, errlen, "jump at %zu to label L%d, which was never placed",
					   f->at, f->label);
		long off = target - ((long)f->at + 1);
		/* The verifier inlines helpers and rewrites instructions after we finish, which
		 * stretches every jump across them; a goto already near the 16-bit limit then fails
		 * ("cannot be patched due to 16-bit range"). Far gotos take the 32-bit form, which
		 * costs no instruction; near ones keep the form every kernel knows. */
		if (b->insns[f->at].code == (BPF_JMP | BPF_JA) && (off < -BPB_NEAR_GOTO || off > BPB_NEAR_GOTO)) {
			b->insns[f->at] = bi_gotol((int32_t)off);
			continue;
		}
		if (off < INT16_MIN || off > INT16_MAX)
			return util_seterr(errbuf, errlen,
					   "jump at %zu to label L%d is %ld instructions away; "
					   "a BPF jump reaches only %d..%d",
					   f->at, f->label, off, INT16_MIN, INT16_MAX);
		b->insns[f->at].off = (int16_t)off;
	}
	return 0;
}
