/* cg_str.c — emitters for D's string and memory subroutines (contract in cg_str.h).
 *
 * Each emitter is straight-line code around at most a couple of bounded loops. Two kinds of
 * work are left to helpers because the kernel does them in one call the verifier checks once:
 * copying a string and measuring it (bpf_probe_read_kernel_str returns the length plus one;
 * copying a slot onto itself is a byte-wise no-op, so measuring needs no temporary slot). */
#include "cg_str.h"

#include "cg_emit.h"
#include "dcheck.h"

/* The smallest 2^k - 1 that is >= max: ANDing an index with it bounds the index for the
 * verifier without a branch (and changes nothing at run time, where the index is <= max). */
static uint32_t index_mask(uint32_t max)
{
	uint32_t m = 1;
	while (m - 1 < max)
		m <<= 1;
	return m - 1;
}

/* reg = R7 + off */
static void scratch_ptr(struct cg *g, int reg, uint32_t off)
{
	emit(g, bi_mov64_reg(reg, RS));
	if (off)
		emit(g, bi_alu64_imm(BPF_ADD, reg, (int32_t)off));
}

/* The head of a loop over the string slot at scratch offset s, its index in R1: at `loop`,
 * R2 = s[R1++]; at the NUL, or past strsize characters, jump to end (the code after this
 * goes on with R2). Clobbers R3. */
static void next_char(struct cg *g, uint32_t s, int loop, int end)
{
	int go = label(g);
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R1, (int32_t)g->strsize, end);
	scratch_ptr(g, R3, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
	emit(g, bi_ldx(BPF_B, R2, R3, (int16_t)s));
	emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	bpb_jmp_imm(g->b, BPF_JNE, R2, 0, go);
	bpb_ja(g->b, end);
	place(g, go);
}

/* R0 = bpf_probe_read_kernel_str(R7 + dst, size, R7 + src): the length of src plus one. */
static void copy_str(struct cg *g, uint32_t dst, uint32_t size, uint32_t src)
{
	scratch_ptr(g, R1, dst);
	emit(g, bi_mov64_imm(R2, (int32_t)size));
	scratch_ptr(g, R3, src);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
}

/* R0 = strlen(slot s), bounded to [0, index_mask(strsize - 1)] for the verifier. */
static void emit_len(struct cg *g, uint32_t s)
{
	copy_str(g, s, g->strsize, s);
	emit(g, bi_alu64_imm(BPF_SUB, R0, 1));
	emit(g, bi_alu64_imm(BPF_AND, R0, (int32_t)index_mask(g->strsize - 1)));
}

/* Store reg to scratch and load it back: the verifier then sees an unknown scalar, so values
 * that differ between paths (a loop's exit position) no longer keep the paths apart. */
static void launder(struct cg *g, int reg, uint32_t tmp)
{
	emit(g, bi_stx(BPF_DW, RS, reg, (int16_t)tmp));
	emit(g, bi_ldx(BPF_DW, reg, RS, (int16_t)tmp));
}

/* if reg > max (unsigned): reg = max. For sizes that must be exact for the verifier. */
static void clamp_max(struct cg *g, int reg, uint32_t max)
{
	int ok = label(g);
	bpb_jmp_imm(g->b, BPF_JLE, reg, (int32_t)max, ok);
	emit(g, bi_mov64_imm(reg, (int32_t)max));
	place(g, ok);
}

uint32_t cgs_strtok_state_size(const struct cg *g)
{
	return 8 + index_mask(g->strsize - 1) + 1;
}

void cgs_strtok_reset(struct cg *g)
{
	emit(g, bi_st(BPF_DW, RS, (int16_t)g->strtok_state, -1));
}

void cgs_str_from_literal(struct cg *g, uint32_t dst, const char *s, size_t len)
{
	if (len > g->strsize - 1)
		len = g->strsize - 1;
	/* 4-byte immediate stores, the last one carrying the NUL (and zero padding). */
	for (size_t i = 0; i <= len; i += 4) {
		uint32_t w = 0;
		for (size_t j = 0; j < 4 && i + j < len; j++)
			w |= (uint32_t)(unsigned char)s[i + j] << (8 * j);
		if (i + 4 <= g->strsize)
			emit(g, bi_st(BPF_W, RS, (int16_t)(dst + i), (int32_t)w));
		else /* the slot ends inside this word: byte stores */
			for (size_t j = 0; i + j < g->strsize; j++)
				emit(g, bi_st(BPF_B, RS, (int16_t)(dst + i + j), (int32_t)((w >> (8 * j)) & 0xff)));
	}
}

void cgs_str_from_kaddr(struct cg *g, uint32_t dst, int addr_reg)
{
	if (addr_reg != R3)
		emit(g, bi_mov64_reg(R3, addr_reg));
	emit(g, bi_mov64_imm(R2, (int32_t)g->strsize));
	cgs_str_from_kaddr_n(g, dst, R3, R2);
}

void cgs_str_from_kaddr_n(struct cg *g, uint32_t dst, int addr_reg, int size_reg)
{
	if (addr_reg != R3)
		emit(g, bi_mov64_reg(R3, addr_reg));
	if (size_reg != R2)
		emit(g, bi_mov64_reg(R2, size_reg));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
}

void cgs_str_copy_padded(struct cg *g, uint32_t dst, uint32_t s)
{
	uint32_t i = 0;
	for (; i + 8 <= g->strsize; i += 8)
		emit(g, bi_st(BPF_DW, RS, (int16_t)(dst + i), 0));
	for (; i < g->strsize; i++)
		emit(g, bi_st(BPF_B, RS, (int16_t)(dst + i), 0));
	copy_str(g, dst, g->strsize, s);
}

void cgs_copyinstr(struct cg *g, uint32_t dst, int16_t addr_slot, int16_t max_slot)
{
	int ok = label(g);
	int again = cgs_user_retry_begin(g);
	/* The bytes examined, the NUL included, as DTrace for Linux counts them (observed: with
	 * strsize=8, copyinstr(p) gives 7 characters and copyinstr(p, 5) gives 4; the Guide's
	 * "sets a limit on the number of bytes examined; the resulting string will always be
	 * null-terminated" reads the same way): strsize, or maxlength when it is smaller;
	 * negative values (compared unsigned) mean strsize. A maxlength of 0 examines nothing:
	 * the empty string (dtrace faults there, on an address that may well be valid). */
	uint32_t strsize = g->strsize - 1;   /* g->strsize is strsize + 1 */
	emit(g, bi_mov64_imm(R2, (int32_t)strsize));
	if (max_slot) {
		int keep = label(g);
		emit(g, bi_ldx(BPF_DW, R1, FP, max_slot));
		bpb_jmp_imm(g->b, BPF_JGE, R1, (int32_t)strsize, keep);
		emit(g, bi_mov64_reg(R2, R1));
		bpb_jmp_imm(g->b, BPF_JNE, R2, 0, keep);
		emit(g, bi_st(BPF_B, RS, (int16_t)dst, 0));
		bpb_ja(g->b, ok);
		place(g, keep);
	}
	emit(g, bi_ldx(BPF_DW, R3, FP, addr_slot));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_user_str));
	bpb_jmp_imm(g->b, BPF_JSGE, R0, 0, ok);
	cgs_user_retry(g, again, addr_slot, g->strsize);
	emit(g, bi_ldx(BPF_DW, R1, FP, addr_slot));
	g->emit_fault(g, DOUT_FLT_BADADDR, R1);
	place(g, ok);
}

void cgs_psargs(struct cg *g, uint32_t dst, int16_t start_slot, int16_t end_slot)
{
	/* n = bytes read: the whole area when it fits, else the first max (its last byte is
	 * made the NUL); every NUL before the area's last byte is a separator */
	uint32_t max = g->strsize < CGS_PSARGS_MAX ? g->strsize : CGS_PSARGS_MAX;
	int fits = label(g), done = label(g);
	uint32_t n = cgs_scratch_alloc(g, 8);
	for (uint32_t i = 0; i < max; i += 8)
		emit(g, bi_st(BPF_DW, RS, (int16_t)(dst + i), 0));
	emit(g, bi_ldx(BPF_DW, R2, FP, end_slot));
	emit(g, bi_ldx(BPF_DW, R3, FP, start_slot));
	emit(g, bi_alu64_reg(BPF_SUB, R2, R3));
	bpb_jmp_imm(g->b, BPF_JSLE, R2, 0, done);
	bpb_jmp_imm(g->b, BPF_JLE, R2, (int32_t)max, fits);
	emit(g, bi_mov64_imm(R2, (int32_t)max));
	place(g, fits);
	emit(g, bi_stx(BPF_DW, RS, R2, (int16_t)n));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(g->b, BPF_JEQ, R0, 0, fits = label(g));
	emit(g, bi_st(BPF_DW, RS, (int16_t)dst, 0));   /* unreadable: "" */
	bpb_ja(g->b, done);
	place(g, fits);
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)n));
	emit(g, bi_alu64_imm(BPF_SUB, R2, 1));
	for (uint32_t i = 0; i + 1 < max; i++) {
		int next = label(g);
		bpb_jmp_imm(g->b, BPF_JLE, R2, (int32_t)i, done);
		emit(g, bi_ldx(BPF_B, R1, RS, (int16_t)(dst + i)));
		bpb_jmp_imm(g->b, BPF_JNE, R1, 0, next);
		emit(g, bi_st(BPF_B, RS, (int16_t)(dst + i), ' '));
		place(g, next);
	}
	place(g, done);
	emit(g, bi_st(BPF_B, RS, (int16_t)(dst + max - 1), 0));
}

void cgs_copyin(struct cg *g, uint32_t dst, uint32_t maxsize, int16_t addr_slot, int16_t size_slot)
{
	int fits = label(g), ok = label(g);
	int again = cgs_user_retry_begin(g);
	emit(g, bi_ldx(BPF_DW, R2, FP, size_slot));
	bpb_jmp_imm(g->b, BPF_JLE, R2, (int32_t)maxsize, fits);
	g->emit_fault(g, DOUT_FLT_NOSCRATCH, -1);
	place(g, fits);
	emit(g, bi_ldx(BPF_DW, R3, FP, addr_slot));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_user));
	bpb_jmp_imm(g->b, BPF_JEQ, R0, 0, ok);
	cgs_user_retry(g, again, addr_slot, maxsize);
	emit(g, bi_ldx(BPF_DW, R1, FP, addr_slot));
	g->emit_fault(g, DOUT_FLT_BADADDR, R1);
	place(g, ok);
}

void cgs_strlen(struct cg *g, uint32_t s)
{
	emit_len(g, s);
}

void cgs_strcmp(struct cg *g, uint32_t a, uint32_t b)
{
	uint32_t tmp = cgs_scratch_alloc(g, 8);
	int loop = label(g), same = label(g), eq = label(g), out = label(g);

	emit(g, bi_mov64_imm(R1, 0));
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R1, (int32_t)g->strsize, eq);
	scratch_ptr(g, R3, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
	emit(g, bi_ldx(BPF_B, R2, R3, (int16_t)a));
	emit(g, bi_ldx(BPF_B, R4, R3, (int16_t)b));
	emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	bpb_jmp_reg(g->b, BPF_JEQ, R2, R4, same);
	emit(g, bi_mov64_reg(R0, R2));
	emit(g, bi_alu64_reg(BPF_SUB, R0, R4));
	bpb_ja(g->b, out);
	place(g, same);
	bpb_jmp_imm(g->b, BPF_JNE, R2, 0, loop);
	place(g, eq);
	emit(g, bi_mov64_imm(R0, 0));
	place(g, out);
	launder(g, R0, tmp);
}

void cgs_strjoin(struct cg *g, uint32_t dst, uint32_t a, uint32_t b)
{
	copy_str(g, dst, g->strsize, a);
	emit(g, bi_alu64_imm(BPF_SUB, R0, 1));
	clamp_max(g, R0, g->strsize - 1);
	/* b goes after a's characters, with the room that is left (at least the NUL's). */
	scratch_ptr(g, R1, dst);
	emit(g, bi_alu64_reg(BPF_ADD, R1, R0));
	emit(g, bi_mov64_imm(R2, (int32_t)g->strsize));
	emit(g, bi_alu64_reg(BPF_SUB, R2, R0));
	scratch_ptr(g, R3, b);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
	need_scratch(g, dst + 2 * g->strsize);
}

void cgs_substr(struct cg *g, uint32_t dst, uint32_t s, int16_t index_slot, int16_t len_slot)
{
	uint32_t mask = index_mask(g->strsize - 1);
	uint32_t tmp = cgs_scratch_alloc(g, 16);
	int nonneg = label(g), pos = label(g), cnt = label(g), empty = label(g), copy = label(g);

	emit_len(g, s);
	emit(g, bi_mov64_reg(R3, R0));                      /* R3 = len */
	emit(g, bi_ldx(BPF_DW, R1, FP, index_slot));        /* R1 = index */
	if (len_slot)
		emit(g, bi_ldx(BPF_DW, R2, FP, len_slot));  /* R2 = remaining */
	else
		emit(g, bi_mov64_imm(R2, (int32_t)g->strsize));
	/* The slots hold the arguments' 64-bit values; substr() takes ints (dtrace's dt_substr
	 * sign-extends the low 32 bits of each): substr(s, 0, 4294967296 + 3) is "abc". */
	emit(g, bi_alu64_imm(BPF_LSH, R1, 32));
	emit(g, bi_alu64_imm(BPF_ARSH, R1, 32));
	emit(g, bi_alu64_imm(BPF_LSH, R2, 32));
	emit(g, bi_alu64_imm(BPF_ARSH, R2, 32));
	/* A negative index counts from the end; if it is still before the start, the part of
	 * the length that reaches into the string survives (dtrace's rule). Arithmetic wraps
	 * as the kernel's C does. */
	bpb_jmp_imm(g->b, BPF_JSGE, R1, 0, nonneg);
	emit(g, bi_alu64_reg(BPF_ADD, R1, R3));
	bpb_jmp_imm(g->b, BPF_JSGE, R1, 0, nonneg);
	emit(g, bi_mov64_reg(R4, R1));
	emit(g, bi_alu64_reg(BPF_ADD, R4, R2));
	bpb_jmp_imm(g->b, BPF_JSLE, R4, 0, nonneg);
	emit(g, bi_alu64_reg(BPF_ADD, R2, R1));
	emit(g, bi_mov64_imm(R1, 0));
	place(g, nonneg);
	bpb_jmp_imm(g->b, BPF_JSLT, R1, 0, empty);
	bpb_jmp_reg(g->b, BPF_JGE, R1, R3, empty);
	/* A negative length leaves that many characters off the end. */
	bpb_jmp_imm(g->b, BPF_JSGE, R2, 0, pos);
	emit(g, bi_alu64_reg(BPF_ADD, R2, R3));
	emit(g, bi_alu64_reg(BPF_SUB, R2, R1));
	place(g, pos);
	/* At most what is left of the string (which also keeps it within strsize). */
	emit(g, bi_mov64_reg(R4, R3));
	emit(g, bi_alu64_reg(BPF_SUB, R4, R1));
	bpb_jmp_reg(g->b, BPF_JSLE, R2, R4, cnt);
	emit(g, bi_mov64_reg(R2, R4));
	place(g, cnt);
	bpb_jmp_imm(g->b, BPF_JSGE, R2, 0, copy);
	place(g, empty);
	emit(g, bi_mov64_imm(R1, 0));
	emit(g, bi_mov64_imm(R2, 0));
	place(g, copy);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)tmp));
	emit(g, bi_stx(BPF_DW, RS, R2, (int16_t)(tmp + 8)));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)tmp));
	emit(g, bi_alu64_imm(BPF_AND, R3, (int32_t)mask));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)(tmp + 8)));
	emit(g, bi_alu64_imm(BPF_AND, R2, (int32_t)mask));
	emit(g, bi_alu64_imm(BPF_ADD, R2, 1));           /* count characters and the NUL */
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)s));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
	need_scratch(g, dst + mask + 1);
}

/* ---- searching: index, rindex, strstr ---- */

enum search_mode { SEARCH_STRSTR, SEARCH_INDEX, SEARCH_RINDEX };

/* Scratch temporaries of one search. The loop variables i and k live here between
 * iterations: what a branch taught the verifier about them (k == 0) must not survive into the
 * next iteration, or the iterations' states stop matching and the paths multiply. */
struct search_tmp {
	uint32_t slen, tlen, from, upto, res, i, k, fail;
};

/* Loop head of a KMP loop: counter R0 (the only register kept across iterations) bounded by
 * `bound`; R1 = i, R2 = k from scratch; leave for done unless i < the limit in scratch. */
static void kmp_head(struct cg *g, const struct search_tmp *st, uint32_t limit, int loop,
		     uint32_t bound, int done)
{
	int go = label(g);
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R0, (int32_t)bound, done);
	emit(g, bi_alu64_imm(BPF_ADD, R0, 1));
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)st->i));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)st->k));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)limit));
	bpb_jmp_reg(g->b, BPF_JLT, R1, R3, go);
	bpb_ja(g->b, done);
	place(g, go);
}

/* Store i (R1) and k (R2) and go round again. */
static void kmp_next(struct cg *g, const struct search_tmp *st, int loop)
{
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)st->i));
	emit(g, bi_stx(BPF_DW, RS, R2, (int16_t)st->k));
	bpb_ja(g->b, loop);
}

/* One KMP step without a branch, so an iteration is one path for the verifier. In: R1 = i,
 * R2 = k, comparing a[i] with t[k]. Out: R1 = the next i, R2 = the next k, R3 clobbered.
 *   equal:               i + 1, k + 1
 *   different, k == 0:   i + 1, 0
 *   different, k > 0:    i,     fail[k - 1]
 * e = (a[i] == t[k]) and z = (k == 0) come from (x - 1) >> 63, which is 1 only for x == 0
 * (x is a byte difference or a k below 2^63); fail[k - 1] is read even when k == 0 (a byte
 * of the temporaries before the table, masked away). When table is true the step also
 * stores the new k as fail[i]: final when i advances, and otherwise overwritten when it
 * does, before anything reads it (reads are at k - 1 < i). */
static void kmp_step(struct cg *g, uint32_t a, uint32_t t, const struct search_tmp *st, bool table)
{
	uint32_t mask = index_mask(g->strsize - 1);
	emit(g, bi_alu64_imm(BPF_AND, R1, (int32_t)mask));
	emit(g, bi_alu64_imm(BPF_AND, R2, (int32_t)mask));
	scratch_ptr(g, R4, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R4, R1));
	emit(g, bi_ldx(BPF_B, R4, R4, (int16_t)a));
	scratch_ptr(g, R5, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R5, R2));
	emit(g, bi_ldx(BPF_B, R5, R5, (int16_t)t));
	emit(g, bi_alu64_reg(BPF_XOR, R4, R5));             /* R4 = e */
	emit(g, bi_alu64_imm(BPF_SUB, R4, 1));
	emit(g, bi_alu64_imm(BPF_RSH, R4, 63));
	emit(g, bi_mov64_reg(R5, R2));                      /* R5 = z */
	emit(g, bi_alu64_imm(BPF_SUB, R5, 1));
	emit(g, bi_alu64_imm(BPF_RSH, R5, 63));
	scratch_ptr(g, R3, 0);                              /* R3 = z ? 0 : fail[k - 1] */
	emit(g, bi_alu64_reg(BPF_ADD, R3, R2));
	emit(g, bi_alu64_reg(BPF_ADD, R3, R2));
	emit(g, bi_ldx(BPF_H, R3, R3, (int16_t)(st->fail - 2)));
	emit(g, bi_alu64_imm(BPF_SUB, R5, 1));
	emit(g, bi_alu64_reg(BPF_AND, R3, R5));
	emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
	emit(g, bi_alu64_imm(BPF_ADD, R2, 1));              /* k = e ? k + 1 : R3 */
	emit(g, bi_alu64_reg(BPF_SUB, R2, R3));
	emit(g, bi_alu64_reg(BPF_MUL, R2, R4));
	emit(g, bi_alu64_reg(BPF_ADD, R2, R3));
	if (table) {
		scratch_ptr(g, R3, 0);
		emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
		emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
		emit(g, bi_stx(BPF_H, R3, R2, (int16_t)st->fail));
	}
	emit(g, bi_alu64_reg(BPF_OR, R4, R5));              /* i += e | z */
	emit(g, bi_alu64_reg(BPF_ADD, R1, R4));
}

/* rindex after a step (R1 = i, R2 = k): on a whole match (k == tlen) that starts at or
 * before upto, res = its start; on any whole match, k = fail[k - 1] so the scan goes on.
 * Branchless like kmp_step: w = (k == tlen), le = (start <= upto), both 0 or 1. */
static void kmp_last_match(struct cg *g, const struct search_tmp *st)
{
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->tlen));
	emit(g, bi_mov64_reg(R4, R2));                      /* R4 = w */
	emit(g, bi_alu64_reg(BPF_XOR, R4, R3));
	emit(g, bi_alu64_imm(BPF_SUB, R4, 1));
	emit(g, bi_alu64_imm(BPF_RSH, R4, 63));
	emit(g, bi_alu64_imm(BPF_AND, R2, (int32_t)index_mask(g->strsize - 1)));
	scratch_ptr(g, R3, 0);                              /* k += w * (fail[k - 1] - k) */
	emit(g, bi_alu64_reg(BPF_ADD, R3, R2));
	emit(g, bi_alu64_reg(BPF_ADD, R3, R2));
	emit(g, bi_ldx(BPF_H, R3, R3, (int16_t)(st->fail - 2)));
	emit(g, bi_alu64_reg(BPF_SUB, R3, R2));
	emit(g, bi_alu64_reg(BPF_MUL, R3, R4));
	emit(g, bi_alu64_reg(BPF_ADD, R2, R3));
	emit(g, bi_mov64_reg(R5, R1));                      /* R5 = start = i - tlen */
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->tlen));
	emit(g, bi_alu64_reg(BPF_SUB, R5, R3));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->upto));  /* R4 = w & le */
	emit(g, bi_alu64_reg(BPF_SUB, R3, R5));
	emit(g, bi_alu64_imm(BPF_RSH, R3, 63));
	emit(g, bi_alu64_imm(BPF_XOR, R3, 1));
	emit(g, bi_alu64_reg(BPF_AND, R4, R3));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->res));    /* res += R4 * (start - res) */
	emit(g, bi_alu64_reg(BPF_SUB, R5, R3));
	emit(g, bi_alu64_reg(BPF_MUL, R5, R4));
	emit(g, bi_alu64_reg(BPF_ADD, R5, R3));
	emit(g, bi_stx(BPF_DW, RS, R5, (int16_t)st->res));
}

/* Knuth-Morris-Pratt's failure table of t: fail[i] = the length of the longest proper prefix
 * of t[0..i] that is also its suffix. At most 2 * tlen steps, each advancing i or shrinking
 * k, so one loop bounded by 2 * strsize does it. */
static void kmp_table(struct cg *g, uint32_t t, const struct search_tmp *st)
{
	int loop = label(g), done = label(g);

	emit(g, bi_st(BPF_H, RS, (int16_t)st->fail, 0));
	emit(g, bi_st(BPF_DW, RS, (int16_t)st->i, 1));
	emit(g, bi_st(BPF_DW, RS, (int16_t)st->k, 0));
	emit(g, bi_mov64_imm(R0, 0));
	kmp_head(g, st, st->tlen, loop, 2 * g->strsize, done);
	kmp_step(g, t, t, st, true);
	kmp_next(g, st, loop);
	place(g, done);
}

/* Scan s from st->from for t; the first match position goes to st->res and ends the scan
 * (for rindex: every match not after st->upto does, and the scan runs to the end). At most
 * 2 * slen steps. */
static void kmp_scan(struct cg *g, uint32_t s, uint32_t t, const struct search_tmp *st,
		     enum search_mode mode, int done)
{
	int loop = label(g), whole;

	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)st->from));
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)st->i));
	emit(g, bi_st(BPF_DW, RS, (int16_t)st->k, 0));
	emit(g, bi_mov64_imm(R0, 0));
	kmp_head(g, st, st->slen, loop, 2 * g->strsize + 2, done);
	kmp_step(g, s, t, st, false);
	if (mode == SEARCH_RINDEX) {
		kmp_last_match(g, st);
		kmp_next(g, st, loop);
		return;
	}
	whole = label(g);
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->tlen));
	bpb_jmp_reg(g->b, BPF_JEQ, R2, R3, whole);
	kmp_next(g, st, loop);
	place(g, whole);                                     /* a whole match: where it starts */
	emit(g, bi_mov64_reg(R5, R1));
	emit(g, bi_alu64_reg(BPF_SUB, R5, R3));
	emit(g, bi_stx(BPF_DW, RS, R5, (int16_t)st->res));
	bpb_ja(g->b, done);
}

/* dtrace's search: st->res = the position found or -1 (see cg_str.h). */
static void emit_search(struct cg *g, uint32_t s, uint32_t t, int16_t start_slot,
			enum search_mode mode, struct search_tmp *st)
{
	uint32_t base = cgs_scratch_alloc(g, 56);
	int done = label(g), kmp = label(g);

	st->slen = base;
	st->tlen = base + 8;
	st->from = base + 16;
	st->upto = base + 24;
	st->res = base + 32;
	st->i = base + 40;
	st->k = base + 48;
	st->fail = cgs_scratch_alloc(g, 2 * (index_mask(g->strsize - 1) + 1));

	emit(g, bi_st(BPF_DW, RS, (int16_t)st->res, -1));
	emit(g, bi_st(BPF_DW, RS, (int16_t)st->from, 0));
	emit_len(g, s);
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)st->slen));
	emit_len(g, t);
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)st->tlen));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)st->slen));
	emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)st->tlen));

	if (mode == SEARCH_INDEX) {
		/* A negative start is 0; a start past len - tlen finds nothing (DTrace for
		 * Linux's dt_index: index("ab", "", 3) is -1), so at the end only "" is found,
		 * at len. */
		int inside = label(g);
		if (start_slot) {
			/* max(start, 0) without a branch (see rindex below) */
			emit(g, bi_ldx(BPF_DW, R1, FP, start_slot));
			emit(g, bi_mov64_reg(R5, R1));
			emit(g, bi_alu64_imm(BPF_ARSH, R5, 63));
			emit(g, bi_alu64_imm(BPF_XOR, R5, -1));
			emit(g, bi_alu64_reg(BPF_AND, R1, R5));
		} else {
			emit(g, bi_mov64_imm(R1, 0));
		}
		bpb_jmp_reg(g->b, BPF_JLT, R1, R3, inside);
		bpb_jmp_imm(g->b, BPF_JNE, R4, 0, done);
		bpb_jmp_reg(g->b, BPF_JNE, R1, R3, done);
		emit(g, bi_stx(BPF_DW, RS, R3, (int16_t)st->res));
		bpb_ja(g->b, done);
		place(g, inside);
		emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)st->from));
	} else if (mode == SEARCH_RINDEX) {
		/* A negative start finds nothing, not even "" (dt_cg.c's dt_cg_subr_rindex:
		 * its Lneg_start); one past the end is the end. */
		/* upto = min(start, len) without a branch, and no start is len itself: a
		 * branch here would give the verifier two states that it explores through the
		 * whole search (and through the rest of the program) one after the other */
		emit(g, bi_mov64_reg(R1, R3));
		if (start_slot) {
			emit(g, bi_ldx(BPF_DW, R1, FP, start_slot));
			bpb_jmp_imm(g->b, BPF_JSLT, R1, 0, done);
			emit(g, bi_alu64_reg(BPF_SUB, R1, R3));          /* d = start - len */
			emit(g, bi_mov64_reg(R5, R1));
			emit(g, bi_alu64_imm(BPF_ARSH, R5, 63));         /* d < 0 ? -1 : 0 */
			emit(g, bi_alu64_reg(BPF_AND, R1, R5));
			emit(g, bi_alu64_reg(BPF_ADD, R1, R3));          /* len + min(d, 0) */
		}
		emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)st->upto));
	}
	/* The empty string matches at the first position tried. */
	bpb_jmp_imm(g->b, BPF_JNE, R4, 0, kmp);
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)(mode == SEARCH_RINDEX ? st->upto : st->from)));
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)st->res));
	bpb_ja(g->b, done);
	place(g, kmp);
	kmp_table(g, t, st);
	kmp_scan(g, s, t, st, mode, done);
	place(g, done);
}

void cgs_index(struct cg *g, uint32_t s, uint32_t t, int16_t start_slot)
{
	struct search_tmp st;
	emit_search(g, s, t, start_slot, SEARCH_INDEX, &st);
	emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)st.res));
}

void cgs_rindex(struct cg *g, uint32_t s, uint32_t t, int16_t start_slot)
{
	struct search_tmp st;
	emit_search(g, s, t, start_slot, SEARCH_RINDEX, &st);
	emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)st.res));
}

/* dst = s from the position in scratch at res (or "" if it is negative); R0 = found. */
static void emit_rest_from(struct cg *g, uint32_t dst, uint32_t s, uint32_t res)
{
	int none = label(g), out = label(g);
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)res));
	bpb_jmp_imm(g->b, BPF_JSLT, R3, 0, none);
	emit(g, bi_alu64_imm(BPF_AND, R3, (int32_t)index_mask(g->strsize - 1)));
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)s));
	scratch_ptr(g, R1, dst);
	emit(g, bi_mov64_imm(R2, (int32_t)g->strsize));
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
	bpb_ja(g->b, out);
	place(g, none);
	emit(g, bi_st(BPF_B, RS, (int16_t)dst, 0));
	place(g, out);
	/* found = res >= 0, computed from memory so both paths leave the same state */
	emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)res));
	emit(g, bi_alu64_imm(BPF_RSH, R0, 63));
	emit(g, bi_alu64_imm(BPF_XOR, R0, 1));
}

void cgs_strstr(struct cg *g, uint32_t dst, uint32_t s, uint32_t t)
{
	struct search_tmp st;
	emit_search(g, s, t, 0, SEARCH_STRSTR, &st);
	emit_rest_from(g, dst, s, st.res);
}

static void emit_strchr(struct cg *g, uint32_t dst, uint32_t s, int16_t c_slot, bool last)
{
	uint32_t res = cgs_scratch_alloc(g, 8);
	int loop = label(g), other = label(g), end = label(g);

	emit(g, bi_st(BPF_DW, RS, (int16_t)res, -1));
	emit(g, bi_ldx(BPF_DW, R3, FP, c_slot));
	emit(g, bi_alu64_imm(BPF_AND, R3, 0xff));
	/* the terminating NUL is not one of the string's characters: c == 0 finds nothing, as
	 * in DTrace for Linux (strchr("abc", 0) == NULL) */
	bpb_jmp_imm(g->b, BPF_JEQ, R3, 0, end);
	emit(g, bi_mov64_imm(R1, 0));
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R1, (int32_t)g->strsize, end);
	scratch_ptr(g, R4, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R4, R1));
	emit(g, bi_ldx(BPF_B, R2, R4, (int16_t)s));
	bpb_jmp_reg(g->b, BPF_JNE, R2, R3, other);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)res));
	if (!last)
		bpb_ja(g->b, end);
	place(g, other);
	emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	bpb_jmp_imm(g->b, BPF_JNE, R2, 0, loop);
	place(g, end);
	emit_rest_from(g, dst, s, res);
}

void cgs_strchr(struct cg *g, uint32_t dst, uint32_t s, int16_t c_slot)
{
	emit_strchr(g, dst, s, c_slot, false);
}

void cgs_strrchr(struct cg *g, uint32_t dst, uint32_t s, int16_t c_slot)
{
	emit_strchr(g, dst, s, c_slot, true);
}

void cgs_lltostr(struct cg *g, uint32_t dst, int16_t v_slot)
{
	/* Digits are written right to left into buf[1..20] (|INT64_MIN| has 19), the NUL at
	 * buf[21]; `start` (in scratch) follows the leftmost digit, then the sign. */
	uint32_t buf = cgs_scratch_alloc(g, 32), start = cgs_scratch_alloc(g, 8);
	int abs = label(g), fin = label(g), nosign = label(g);
	uint32_t size = g->strsize < 22 ? g->strsize : 22;

	emit(g, bi_ldx(BPF_DW, R1, FP, v_slot));
	emit(g, bi_mov64_reg(R2, R1));
	bpb_jmp_imm(g->b, BPF_JSGE, R2, 0, abs);
	emit(g, bi_neg64(R2));                 /* INT64_MIN stays 2^63, right as unsigned */
	place(g, abs);
	emit(g, bi_st(BPF_B, RS, (int16_t)(buf + 21), 0));
	for (int k = 19; k >= 0; k--) {
		if (k != 19)
			bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, fin);
		emit(g, bi_mov64_reg(R3, R2));
		emit(g, bi_alu64_imm(BPF_MOD, R3, 10));
		emit(g, bi_alu64_imm(BPF_ADD, R3, '0'));
		emit(g, bi_stx(BPF_B, RS, R3, (int16_t)(buf + 1 + k)));
		emit(g, bi_alu64_imm(BPF_DIV, R2, 10));
		emit(g, bi_st(BPF_DW, RS, (int16_t)start, 1 + k));
	}
	place(g, fin);
	bpb_jmp_imm(g->b, BPF_JSGE, R1, 0, nosign);
	emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)start));
	emit(g, bi_alu64_imm(BPF_SUB, R4, 1));
	emit(g, bi_stx(BPF_DW, RS, R4, (int16_t)start));
	emit(g, bi_alu64_imm(BPF_AND, R4, 31));
	emit(g, bi_alu64_reg(BPF_ADD, R4, RS));
	emit(g, bi_st(BPF_B, R4, (int16_t)buf, '-'));
	place(g, nosign);
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)start));
	emit(g, bi_alu64_imm(BPF_AND, R3, 31));
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)buf));
	scratch_ptr(g, R1, dst);
	emit(g, bi_mov64_imm(R2, (int32_t)size));
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
}

void cgs_dotted_quad(struct cg *g, uint32_t buf, uint32_t src)
{
	/* Per byte: hundreds only above 99, tens above 9 or after hundreds. */
	scratch_ptr(g, R5, buf);
	for (int i = 0; i < 4; i++) {
		int tens = label(g), ones = label(g);
		emit(g, bi_ldx(BPF_B, R2, RS, (int16_t)(src + (uint32_t)i)));
		bpb_jmp_imm(g->b, BPF_JLT, R2, 100, tens);
		emit(g, bi_mov64_reg(R3, R2));
		emit(g, bi_alu64_imm(BPF_DIV, R3, 100));
		emit(g, bi_alu64_imm(BPF_ADD, R3, '0'));
		emit(g, bi_stx(BPF_B, R5, R3, 0));
		emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
		emit(g, bi_alu64_imm(BPF_MOD, R2, 100));
		emit(g, bi_mov64_reg(R3, R2));
		emit(g, bi_alu64_imm(BPF_DIV, R3, 10));
		emit(g, bi_alu64_imm(BPF_ADD, R3, '0'));
		emit(g, bi_stx(BPF_B, R5, R3, 0));
		emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
		bpb_ja(g->b, ones);
		place(g, tens);
		bpb_jmp_imm(g->b, BPF_JLT, R2, 10, ones);
		emit(g, bi_mov64_reg(R3, R2));
		emit(g, bi_alu64_imm(BPF_DIV, R3, 10));
		emit(g, bi_alu64_imm(BPF_ADD, R3, '0'));
		emit(g, bi_stx(BPF_B, R5, R3, 0));
		emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
		place(g, ones);
		emit(g, bi_alu64_imm(BPF_MOD, R2, 10));
		emit(g, bi_alu64_imm(BPF_ADD, R2, '0'));
		emit(g, bi_stx(BPF_B, R5, R2, 0));
		emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
		emit(g, bi_st(BPF_B, R5, 0, i < 3 ? '.' : 0));
		emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
	}
}

void cgs_inet_ntoa(struct cg *g, uint32_t dst, uint32_t addr)
{
	/* Written left to right into a 16-byte buffer ("255.255.255.255" and its NUL), then
	 * copied, truncated to strsize like any string. */
	uint32_t buf = cgs_scratch_alloc(g, 16);
	cgs_dotted_quad(g, buf, addr);
	scratch_ptr(g, R3, buf);
	scratch_ptr(g, R1, dst);
	emit(g, bi_mov64_imm(R2, (int32_t)(g->strsize < 16 ? g->strsize : 16)));
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
}

static void emit_case(struct cg *g, uint32_t dst, uint32_t s, char from)
{
	int loop = label(g), end = label(g);

	if (dst != s)
		copy_str(g, dst, g->strsize, s);
	emit(g, bi_mov64_imm(R1, 0));
	next_char(g, dst, loop, end);
	emit(g, bi_mov64_reg(R4, R2));
	emit(g, bi_alu64_imm(BPF_SUB, R4, from));
	bpb_jmp_imm(g->b, BPF_JGT, R4, 25, loop);
	emit(g, bi_alu64_imm(BPF_XOR, R2, 0x20));  /* ASCII case is one bit */
	emit(g, bi_stx(BPF_B, R3, R2, (int16_t)dst));
	bpb_ja(g->b, loop);
	place(g, end);
}

void cgs_toupper(struct cg *g, uint32_t dst, uint32_t s)
{
	emit_case(g, dst, s, 'a');
}

void cgs_tolower(struct cg *g, uint32_t dst, uint32_t s)
{
	emit_case(g, dst, s, 'A');
}

/* basename and dirname share dtrace's backward scan: past trailing slashes to the last
 * character of the base (lastbase), back to the slash before it (firstbase is the character
 * after), past those slashes to the last character of the directory (lastdir). One loop does
 * the three phases; the phase and the three positions live in scratch. */
static void emit_path(struct cg *g, uint32_t dst, uint32_t s, bool dir)
{
	uint32_t mask = index_mask(g->strsize - 1);
	uint32_t t = cgs_scratch_alloc(g, 48);
	uint32_t lastbase = t, firstbase = t + 8, lastdir = t + 16, phase = t + 24;
	uint32_t from = t + 32, count = t + 40;
	int dot = label(g), loop = label(g), go = label(g), next = label(g), scanned = label(g);
	int p1 = label(g), p2 = label(g), out = label(g);

	emit_len(g, s);
	bpb_jmp_imm(g->b, BPF_JEQ, R0, 0, dot);
	emit(g, bi_st(BPF_DW, RS, (int16_t)lastbase, -1));
	emit(g, bi_st(BPF_DW, RS, (int16_t)firstbase, -1));
	emit(g, bi_st(BPF_DW, RS, (int16_t)lastdir, -1));
	emit(g, bi_st(BPF_DW, RS, (int16_t)phase, 0));
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)from));      /* launder len, then i = len - 1 */
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)from));
	emit(g, bi_alu64_imm(BPF_SUB, R1, 1));
	emit(g, bi_mov64_imm(R0, 0));
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R0, (int32_t)g->strsize, scanned);
	emit(g, bi_alu64_imm(BPF_ADD, R0, 1));
	bpb_jmp_imm(g->b, BPF_JSGE, R1, 0, go);
	bpb_ja(g->b, scanned);
	place(g, go);
	emit(g, bi_alu64_imm(BPF_AND, R1, (int32_t)mask));
	scratch_ptr(g, R3, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
	emit(g, bi_ldx(BPF_B, R2, R3, (int16_t)s));
	emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)phase));
	bpb_jmp_imm(g->b, BPF_JEQ, R4, 1, p1);
	bpb_jmp_imm(g->b, BPF_JEQ, R4, 2, p2);
	/* phase 0: trailing slashes */
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', next);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)lastbase));
	emit(g, bi_st(BPF_DW, RS, (int16_t)phase, 1));
	bpb_ja(g->b, next);
	place(g, p1);                                        /* phase 1: the base */
	bpb_jmp_imm(g->b, BPF_JNE, R2, '/', next);
	emit(g, bi_mov64_reg(R5, R1));
	emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
	emit(g, bi_stx(BPF_DW, RS, R5, (int16_t)firstbase));
	emit(g, bi_st(BPF_DW, RS, (int16_t)phase, 2));
	bpb_ja(g->b, next);
	place(g, p2);                                        /* phase 2: slashes before it */
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', next);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)lastdir));
	bpb_ja(g->b, scanned);
	place(g, next);
	emit(g, bi_alu64_imm(BPF_SUB, R1, 1));
	bpb_ja(g->b, loop);

	place(g, scanned);
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)lastbase));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)firstbase));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)lastdir));
	{
		int some = label(g), based = label(g);
		/* Only slashes: "/" for both (the string's first character). */
		bpb_jmp_imm(g->b, BPF_JNE, R1, -1, some);
		emit(g, bi_mov64_imm(R1, 0));
		emit(g, bi_mov64_imm(R2, 0));
		emit(g, bi_mov64_imm(R3, 0));
		place(g, some);
		/* No slash before the base: dirname is ".", basename starts at 0. */
		bpb_jmp_imm(g->b, BPF_JNE, R2, -1, based);
		if (dir)
			bpb_ja(g->b, dot);
		else
			emit(g, bi_mov64_imm(R2, 0));
		place(g, based);
	}
	if (dir) {
		int have = label(g);
		/* "/base": the directory is the leading slash. */
		bpb_jmp_imm(g->b, BPF_JNE, R3, -1, have);
		emit(g, bi_mov64_imm(R3, 0));
		place(g, have);
		emit(g, bi_mov64_imm(R2, 0));          /* from 0 */
		emit(g, bi_mov64_reg(R1, R3));         /* to lastdir */
	}
	/* copy s[R2 .. R1] */
	emit(g, bi_stx(BPF_DW, RS, R2, (int16_t)from));
	emit(g, bi_alu64_reg(BPF_SUB, R1, R2));
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)count));     /* count - 1 */
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)from));
	emit(g, bi_alu64_imm(BPF_AND, R3, (int32_t)mask));
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)s));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)count));
	emit(g, bi_alu64_imm(BPF_AND, R2, (int32_t)mask));
	emit(g, bi_alu64_imm(BPF_ADD, R2, 2));               /* characters and the NUL */
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
	need_scratch(g, dst + mask + 2);
	bpb_ja(g->b, out);
	place(g, dot);
	emit(g, bi_st(BPF_H, RS, (int16_t)dst, '.'));
	place(g, out);
}

void cgs_basename(struct cg *g, uint32_t dst, uint32_t s)
{
	emit_path(g, dst, s, false);
}

void cgs_dirname(struct cg *g, uint32_t dst, uint32_t s)
{
	emit_path(g, dst, s, true);
}

/* R5 = whether byte R2 is in the delimiter bitmap at scratch offset map. Clobbers R4. */
static void in_map(struct cg *g, uint32_t map)
{
	emit(g, bi_mov64_reg(R4, R2));
	emit(g, bi_alu64_imm(BPF_RSH, R4, 3));
	emit(g, bi_alu64_reg(BPF_ADD, R4, RS));
	emit(g, bi_ldx(BPF_B, R5, R4, (int16_t)map));
	emit(g, bi_mov64_reg(R4, R2));
	emit(g, bi_alu64_imm(BPF_AND, R4, 7));
	emit(g, bi_alu64_reg(BPF_RSH, R5, R4));
	emit(g, bi_alu64_imm(BPF_AND, R5, 1));
}

/* One step of strtok's scans of the string at scratch offset buf, which count steps in R0
 * (at most strsize) and hold the position in R1 (bounded by mask; advance: moved to the next
 * character first): at `loop`, jump to `end` when the steps are used up or the character is
 * the NUL; else R2 = the character, R5 = whether it is a delimiter (map as in_map).
 * Clobbers R3, R4. */
static void scan_step(struct cg *g, uint32_t buf, uint32_t mask, uint32_t map, int loop,
		      int end, bool advance)
{
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JGE, R0, (int32_t)g->strsize, end);
	emit(g, bi_alu64_imm(BPF_ADD, R0, 1));
	if (advance)
		emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	emit(g, bi_alu64_imm(BPF_AND, R1, (int32_t)mask));
	scratch_ptr(g, R3, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R3, R1));
	emit(g, bi_ldx(BPF_B, R2, R3, (int16_t)buf));
	bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, end);
	in_map(g, map);
}

void cgs_strtok(struct cg *g, uint32_t dst, uint32_t s, uint32_t delim)
{
	uint32_t mask = index_mask(g->strsize - 1);
	uint32_t pos = g->strtok_state, buf = g->strtok_state + 8;
	uint32_t map = cgs_scratch_alloc(g, 32), t = cgs_scratch_alloc(g, 16);
	uint32_t start = t, found = t + 8;
	int have = label(g), mloop = label(g), mdone = label(g);
	int skip = label(g), gone = label(g), tok = label(g), tloop = label(g), tend = label(g);
	int none = label(g), out = label(g);

	if (s != CGS_NO_STRING) {
		copy_str(g, buf, g->strsize, s);
		emit(g, bi_st(BPF_DW, RS, (int16_t)pos, 0));
	}
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)pos));
	if (s == CGS_NO_STRING) {
		/* no string to continue (-1, as reset): dtrace reads through a NULL pointer */
		int set = label(g);
		bpb_jmp_imm(g->b, BPF_JNE, R1, -1, set);
		emit(g, bi_mov64_imm(R1, 0));
		g->emit_fault(g, DOUT_FLT_BADADDR, R1);
		place(g, set);
	}
	bpb_jmp_imm(g->b, BPF_JLT, R1, (int32_t)g->strsize, have);
	bpb_ja(g->b, none);
	place(g, have);

	/* The delimiters as a 256-bit map. */
	for (int i = 0; i < 4; i++)
		emit(g, bi_st(BPF_DW, RS, (int16_t)(map + 8 * i), 0));
	emit(g, bi_mov64_imm(R1, 0));
	next_char(g, delim, mloop, mdone);
	emit(g, bi_mov64_reg(R4, R2));
	emit(g, bi_alu64_imm(BPF_RSH, R4, 3));
	emit(g, bi_alu64_reg(BPF_ADD, R4, RS));
	emit(g, bi_ldx(BPF_B, R5, R4, (int16_t)map));
	emit(g, bi_alu64_imm(BPF_AND, R2, 7));
	emit(g, bi_mov64_imm(R3, 1));
	emit(g, bi_alu64_reg(BPF_LSH, R3, R2));
	emit(g, bi_alu64_reg(BPF_OR, R5, R3));
	emit(g, bi_stx(BPF_B, R4, R5, (int16_t)map));
	bpb_ja(g->b, mloop);
	place(g, mdone);

	/* Skip leading delimiters; the end of the string means no token (state cleared). */
	emit(g, bi_ldx(BPF_DW, R1, RS, (int16_t)pos));
	emit(g, bi_mov64_imm(R0, 0));
	scan_step(g, buf, mask, map, skip, gone, false);
	bpb_jmp_imm(g->b, BPF_JEQ, R5, 0, tok);
	emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	bpb_ja(g->b, skip);
	place(g, gone);
	emit(g, bi_st(BPF_DW, RS, (int16_t)pos, (int32_t)g->strsize));   /* used up */
	bpb_ja(g->b, none);

	/* The token runs to the next delimiter or the end; the state keeps that position. */
	place(g, tok);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)start));
	emit(g, bi_mov64_imm(R0, 0));
	scan_step(g, buf, mask, map, tloop, tend, true);
	bpb_jmp_imm(g->b, BPF_JEQ, R5, 0, tloop);
	place(g, tend);
	emit(g, bi_stx(BPF_DW, RS, R1, (int16_t)pos));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)start));
	emit(g, bi_ldx(BPF_DW, R2, RS, (int16_t)pos));
	emit(g, bi_alu64_reg(BPF_SUB, R2, R3));
	emit(g, bi_alu64_imm(BPF_AND, R2, (int32_t)mask));
	emit(g, bi_alu64_imm(BPF_ADD, R2, 1));
	emit(g, bi_alu64_imm(BPF_AND, R3, (int32_t)mask));
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)buf));
	scratch_ptr(g, R1, dst);
	emit(g, bi_call(BPF_FUNC_probe_read_kernel_str));
	need_scratch(g, dst + mask + 1);
	emit(g, bi_st(BPF_DW, RS, (int16_t)found, 1));
	bpb_ja(g->b, out);
	place(g, none);
	emit(g, bi_st(BPF_B, RS, (int16_t)dst, 0));
	emit(g, bi_st(BPF_DW, RS, (int16_t)found, 0));
	place(g, out);
	emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)found));
}

void cgs_byteswap(struct cg *g, int op)
{
	int bits = 64;
	switch (op) {
	case DS_HTONS: case DS_NTOHS: bits = 16; break;
	case DS_HTONL: case DS_NTOHL: bits = 32; break;
	default: break;
	}
	emit(g, bi_endian(1, R0, bits));
}

/* cleanpath: dtrace's lexical path cleaning in one pass: "//" -> "/", "/./" -> "/", "name/.."
 * -> nothing; ".." above the root of an absolute path is the root, and ".." that nothing
 * cancels at the start of a relative path stays ("a/../../b" is "../b"); an empty relative
 * result is "." (but "" stays ""); like dtrace it stops when the result comes within 5 bytes
 * of strsize. A relative path is cleaned as if it began with '/' (the loop starts after a
 * slash), into a buffer of its own; the copy to dst leaves that slash out. One loop reads a
 * character per iteration in one of four states (0: inside a name, 1: after '/', 2: after
 * "/.", 3: after "/.."). The state stays in R3, known to the verifier, so dispatching on it
 * costs no branch; the output position j is laundered through scratch; a stack of the
 * positions of the slashes written lets ".." back up to the previous slash without a nested
 * loop (a ".." kept at the start of a relative path is not on it, so nothing backs over it).
 * The branches that end the loop fall through to its end, so the verifier's pending branches
 * stay few per iteration. */
struct cpath {
	uint32_t dst, mask, j, sp, rel, nonempty, stack;
};

/* dest[j++] = the byte in reg (or imm when reg < 0); j is in R4. Clobbers R5. */
static void cpath_put(struct cg *g, const struct cpath *cp, int reg, int32_t imm)
{
	put_byte(g, cp->dst, cp->mask, reg, imm);
}

/* A slash written at j (R4): push j. Clobbers R0, R5. */
static void cpath_push(struct cg *g, const struct cpath *cp)
{
	emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)cp->sp));
	emit(g, bi_mov64_reg(R5, R0));
	emit(g, bi_alu64_imm(BPF_ADD, R5, 1));
	emit(g, bi_stx(BPF_DW, RS, R5, (int16_t)cp->sp));
	emit(g, bi_alu64_imm(BPF_AND, R0, (int32_t)cp->mask));
	emit(g, bi_alu64_imm(BPF_LSH, R0, 1));
	emit(g, bi_alu64_reg(BPF_ADD, R0, RS));
	emit(g, bi_stx(BPF_H, R0, R4, (int16_t)cp->stack));
}

/* if R2 == 0 goto stop, with the stop as the fall-through */
static void cpath_stop_on_nul(struct cg *g, int stop)
{
	int more = label(g);
	bpb_jmp_imm(g->b, BPF_JNE, R2, 0, more);
	bpb_ja(g->b, stop);
	place(g, more);
}

/* Write '/', the characters of lit, then the byte in R2; state 0 (or stop after a NUL). */
static void cpath_emit_run(struct cg *g, const struct cpath *cp, const char *lit, int cont,
			   int stop)
{
	cpath_push(g, cp);
	cpath_put(g, cp, -1, '/');
	for (const char *p = lit; *p; p++)
		cpath_put(g, cp, -1, *p);
	cpath_put(g, cp, R2, 0);
	cpath_stop_on_nul(g, stop);
	emit(g, bi_mov64_imm(R3, 0));
	bpb_ja(g->b, cont);
}

/* if j (R4) + 5 >= strsize goto done, with done as the fall-through */
static void cpath_limit(struct cg *g, int32_t limit, int done)
{
	int room = label(g);
	bpb_jmp_imm(g->b, BPF_JSLT, R4, limit, room);
	bpb_ja(g->b, done);
	place(g, room);
}

void cgs_cleanpath(struct cg *g, uint32_t dst, uint32_t s)
{
	uint32_t mask = index_mask(g->strsize - 1);
	uint32_t t = cgs_scratch_alloc(g, 32);
	/* the cleaned path, its first byte the '/' a relative path is read as if it began with */
	uint32_t out = cgs_scratch_alloc(g, mask + 2);
	struct cpath cp = { out, mask, t, t + 8, t + 16, t + 24, cgs_scratch_alloc(g, 2 * (mask + 1)) };
	int32_t limit = (int32_t)g->strsize - 1 - 5;
	int loop = label(g), go = label(g), cont = label(g), stop = label(g), done = label(g);
	int s1 = label(g), s2 = label(g), s3 = label(g), slash = label(g), notdot = label(g);
	int back = label(g), popped = label(g), endback = label(g), body = label(g);

	int absolute = label(g), empty = label(g);
	emit(g, bi_st(BPF_DW, RS, (int16_t)cp.j, 0));
	emit(g, bi_st(BPF_DW, RS, (int16_t)cp.sp, 0));
	emit(g, bi_ldx(BPF_B, R2, RS, (int16_t)s));
	emit(g, bi_mov64_imm(R0, 0));
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', absolute);
	emit(g, bi_mov64_imm(R0, 1));
	place(g, absolute);
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)cp.rel));
	emit(g, bi_mov64_imm(R0, 0));
	bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, empty);
	emit(g, bi_mov64_imm(R0, 1));
	place(g, empty);
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)cp.nonempty));
	emit(g, bi_mov64_imm(R4, 0));
	emit(g, bi_mov64_imm(R3, 1));      /* as after a '/': see above */
	emit(g, bi_mov64_imm(R1, 0));
	place(g, loop);
	bpb_jmp_imm(g->b, BPF_JLT, R1, (int32_t)g->strsize, body);
	bpb_ja(g->b, done);
	place(g, body);
	scratch_ptr(g, R5, 0);
	emit(g, bi_alu64_reg(BPF_ADD, R5, R1));
	emit(g, bi_ldx(BPF_B, R2, R5, (int16_t)s));
	emit(g, bi_alu64_imm(BPF_ADD, R1, 1));
	emit(g, bi_ldx(BPF_DW, R4, RS, (int16_t)cp.j));
	bpb_jmp_imm(g->b, BPF_JEQ, R3, 1, s1);
	bpb_jmp_imm(g->b, BPF_JEQ, R3, 2, s2);
	bpb_jmp_imm(g->b, BPF_JEQ, R3, 3, s3);
	/* state 0: a character of a name, or a slash */
	place(g, go);
	cpath_limit(g, limit, done);
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', slash);
	cpath_put(g, &cp, R2, 0);
	cpath_stop_on_nul(g, stop);
	bpb_ja(g->b, cont);
	place(g, slash);
	emit(g, bi_mov64_imm(R3, 1));
	bpb_ja(g->b, cont);
	/* state 1: after '/' ("//" is one slash) */
	place(g, s1);
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', go);
	bpb_jmp_imm(g->b, BPF_JNE, R2, '.', notdot);
	emit(g, bi_mov64_imm(R3, 2));
	bpb_ja(g->b, cont);
	place(g, notdot);
	cpath_emit_run(g, &cp, "", cont, stop);
	/* state 2: after "/." ("/./" is one slash) */
	place(g, s2);
	{
		int dotdot = label(g), other = label(g);
		int dotend = label(g);
		bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', go);
		bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, dotend);
		bpb_jmp_imm(g->b, BPF_JNE, R2, '.', other);
		place(g, dotdot);
		emit(g, bi_mov64_imm(R3, 3));
		bpb_ja(g->b, cont);
		place(g, other);
		cpath_emit_run(g, &cp, ".", cont, stop);
		/* "/.\0" ends as "/" (which the end drops unless it is the whole path) */
		place(g, dotend);
		cpath_push(g, &cp);
		cpath_put(g, &cp, -1, '/');
		bpb_ja(g->b, done);
	}
	/* state 3: after "/..": a name starting with "..", or back to the previous slash */
	place(g, s3);
	bpb_jmp_imm(g->b, BPF_JEQ, R2, '/', back);
	bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, back);
	cpath_emit_run(g, &cp, "..", cont, stop);
	place(g, back);
	{
		int pop = label(g), root = label(g);
		emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)cp.sp));
		bpb_jmp_imm(g->b, BPF_JNE, R0, 0, pop);
		emit(g, bi_ldx(BPF_DW, R5, RS, (int16_t)cp.rel));
		bpb_jmp_imm(g->b, BPF_JEQ, R5, 0, root);
		/* relative, nothing to cancel: the ".." stays (not pushed: nothing backs over it) */
		cpath_limit(g, limit, done);
		cpath_put(g, &cp, -1, '/');
		cpath_put(g, &cp, -1, '.');
		cpath_put(g, &cp, -1, '.');
		bpb_jmp_imm(g->b, BPF_JEQ, R2, 0, done);
		emit(g, bi_mov64_imm(R3, 1));
		bpb_ja(g->b, cont);
		place(g, root);               /* absolute: ".." above the root is the root */
		emit(g, bi_mov64_imm(R4, 0));
		bpb_ja(g->b, popped);
		place(g, pop);
	}
	emit(g, bi_alu64_imm(BPF_SUB, R0, 1));
	emit(g, bi_stx(BPF_DW, RS, R0, (int16_t)cp.sp));
	emit(g, bi_alu64_imm(BPF_AND, R0, (int32_t)mask));
	emit(g, bi_alu64_imm(BPF_LSH, R0, 1));
	emit(g, bi_alu64_reg(BPF_ADD, R0, RS));
	emit(g, bi_ldx(BPF_H, R4, R0, (int16_t)cp.stack));
	place(g, popped);
	bpb_jmp_imm(g->b, BPF_JNE, R2, 0, endback);
	/* "/..\0": the result ends with the slash it backed up to */
	cpath_put(g, &cp, -1, '/');
	bpb_ja(g->b, done);
	place(g, endback);
	/* "/../": that slash starts the next component (state 1) */
	cpath_limit(g, limit, done);
	emit(g, bi_mov64_imm(R3, 1));
	place(g, cont);
	emit(g, bi_stx(BPF_DW, RS, R4, (int16_t)cp.j));
	bpb_ja(g->b, loop);
	place(g, stop);
	emit(g, bi_alu64_imm(BPF_SUB, R4, 1));         /* the NUL written is the end */
	place(g, done);
	{
		/* DTrace for Linux drops a trailing slash unless it is the whole path: "/a/b/"
		 * and "/a/b/.." are "/a/b" and "/a" there. R4 holds j on every path here. */
		int keep = label(g);
		bpb_jmp_imm(g->b, BPF_JSLE, R4, 1, keep);
		emit(g, bi_mov64_reg(R5, R4));
		emit(g, bi_alu64_imm(BPF_SUB, R5, 1));
		emit(g, bi_alu64_imm(BPF_AND, R5, (int32_t)mask));
		emit(g, bi_alu64_reg(BPF_ADD, R5, RS));
		emit(g, bi_ldx(BPF_B, R0, R5, (int16_t)out));
		bpb_jmp_imm(g->b, BPF_JNE, R0, '/', keep);
		emit(g, bi_alu64_imm(BPF_SUB, R4, 1));
		place(g, keep);
	}
	/* out[j] = NUL */
	cpath_put(g, &cp, -1, 0);
	/* dst = out, without its first byte for a relative path */
	emit(g, bi_mov64_reg(R1, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R1, (int32_t)dst));
	emit(g, bi_mov64_imm(R2, (int32_t)g->strsize));
	emit(g, bi_ldx(BPF_DW, R3, RS, (int16_t)cp.rel));
	emit(g, bi_alu64_imm(BPF_AND, R3, 1));   /* 0 or 1, for the verifier */
	emit(g, bi_alu64_reg(BPF_ADD, R3, RS));
	emit(g, bi_alu64_imm(BPF_ADD, R3, (int32_t)out));
	emit(g, bi_call(BPF_FUNC_probe_read_kernel));
	{
		/* a relative path that cleans away to nothing is ".", the empty string stays "" */
		int kept = label(g);
		emit(g, bi_ldx(BPF_B, R0, RS, (int16_t)dst));
		bpb_jmp_imm(g->b, BPF_JNE, R0, 0, kept);
		emit(g, bi_ldx(BPF_DW, R0, RS, (int16_t)cp.nonempty));
		bpb_jmp_imm(g->b, BPF_JEQ, R0, 0, kept);
		emit(g, bi_st(BPF_B, RS, (int16_t)dst, '.'));
		emit(g, bi_st(BPF_B, RS, (int16_t)(dst + 1), 0));
		place(g, kept);
	}
	need_scratch(g, out + mask + 2);
	need_scratch(g, dst + mask + 1);
}
