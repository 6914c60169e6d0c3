/* test_cg_str — the string emitters' register and memory discipline, checked on the generated
 * instructions (no kernel needed; tests/sh/cg_str.sh runs them in the kernel):
 *   - only R0-R5 are written (R6-R9 are the clause compiler's, R10 is read-only);
 *   - the only helpers called are the three string/memory readers;
 *   - every jump resolves (bpb_finish) and lands inside the emitted code or just after it;
 *   - every access through R7 with a constant offset lies below scratch_hiwater, and every
 *     emitter's temporaries come from cgs_scratch_alloc (above the slots it was given);
 *   - emit_fault is called only where the contract says (copyin/copyinstr), with an address
 *     register among R0-R5 or -1;
 *   - the result does not depend on the dst/source slots' order (offsets are used as given).
 * Across strsizes including ones that are not powers of two. */
#include "t.h"

#include "bpf_prog.h"
#include "cg_str.h"
#include "dcheck.h"

static int nfaults, fault_bad;

static void fake_fault(struct cg *g, int kind, int addr_reg)
{
	nfaults++;
	if ((kind != DOUT_FLT_BADADDR && kind != DOUT_FLT_NOSCRATCH) || addr_reg > 5 || addr_reg < -1)
		fault_bad++;
	/* what a fault path ends with: the clause stops */
	bpb_emit(g->b, bi_mov64_imm(0, 0));
	bpb_emit(g->b, bi_exit());
}

struct gen {
	struct bpf_prog_buf b;
	struct cg g;
	uint32_t s[4];
	uint32_t first_free;
};

static void gen_init(struct gen *x, uint32_t strsize)
{
	memset(x, 0, sizeof *x);
	bpb_init(&x->b);
	x->g.b = &x->b;
	x->g.strsize = strsize;
	x->g.emit_fault = fake_fault;
	x->g.scratch_top = x->g.scratch_hiwater = 8;
	for (int i = 0; i < 4; i++)
		x->s[i] = cgs_scratch_alloc(&x->g, strsize);
	x->g.strtok_state = cgs_scratch_alloc(&x->g, cgs_strtok_state_size(&x->g));
	x->first_free = x->g.scratch_top;
	nfaults = fault_bad = 0;
}

enum which {
	W_STRLEN, W_STRCMP, W_STRJOIN, W_SUBSTR, W_SUBSTR2, W_INDEX, W_INDEX2, W_RINDEX, W_RINDEX2,
	W_STRSTR, W_STRCHR, W_STRRCHR, W_STRTOK, W_STRTOK_NULL, W_LLTOSTR, W_TOUPPER, W_TOLOWER,
	W_BASENAME, W_DIRNAME, W_COPYINSTR, W_COPYINSTR2, W_COPYIN, W_KADDR, W_LITERAL, W_PADDED,
	W_SWAP16, W_SWAP32, W_SWAP64, W_RESET, W_COUNT
};

static void gen_one(struct gen *x, enum which w)
{
	struct cg *g = &x->g;
	uint32_t *s = x->s;
	switch (w) {
	case W_STRLEN: cgs_strlen(g, s[0]); break;
	case W_STRCMP: cgs_strcmp(g, s[0], s[1]); break;
	case W_STRJOIN: cgs_strjoin(g, s[2], s[0], s[1]); break;
	case W_SUBSTR: cgs_substr(g, s[2], s[0], -16, 0); break;
	case W_SUBSTR2: cgs_substr(g, s[2], s[0], -16, -24); break;
	case W_INDEX: cgs_index(g, s[0], s[1], 0); break;
	case W_INDEX2: cgs_index(g, s[0], s[1], -16); break;
	case W_RINDEX: cgs_rindex(g, s[0], s[1], 0); break;
	case W_RINDEX2: cgs_rindex(g, s[0], s[1], -16); break;
	case W_STRSTR: cgs_strstr(g, s[2], s[0], s[1]); break;
	case W_STRCHR: cgs_strchr(g, s[2], s[0], -16); break;
	case W_STRRCHR: cgs_strrchr(g, s[2], s[0], -16); break;
	case W_STRTOK: cgs_strtok(g, s[2], s[0], s[1]); break;
	case W_STRTOK_NULL: cgs_strtok(g, s[2], CGS_NO_STRING, s[1]); break;
	case W_LLTOSTR: cgs_lltostr(g, s[2], -16); break;
	case W_TOUPPER: cgs_toupper(g, s[2], s[0]); break;
	case W_TOLOWER: cgs_tolower(g, s[0], s[0]); break;
	case W_BASENAME: cgs_basename(g, s[2], s[0]); break;
	case W_DIRNAME: cgs_dirname(g, s[2], s[0]); break;
	case W_COPYINSTR: cgs_copyinstr(g, s[2], -16, 0); break;
	case W_COPYINSTR2: cgs_copyinstr(g, s[2], -16, -24); break;
	case W_COPYIN: cgs_copyin(g, s[2], g->strsize, -16, -24); break;
	case W_KADDR: cgs_str_from_kaddr(g, s[2], 8); break;
	case W_LITERAL: cgs_str_from_literal(g, s[2], "a literal, long enough to need words", 36); break;
	case W_PADDED: cgs_str_copy_padded(g, s[2], s[0]); break;
	case W_SWAP16: cgs_byteswap(g, DS_HTONS); break;
	case W_SWAP32: cgs_byteswap(g, DS_NTOHL); break;
	case W_SWAP64: cgs_byteswap(g, DS_HTONLL); break;
	case W_RESET: cgs_strtok_reset(g); break;
	case W_COUNT: break;
	}
}

/* Does insn write its dst register? (ALU/ALU64, loads, 64-bit immediates; calls write R0-R5
 * by definition.) */
static bool writes_dst(const struct bpf_insn *in)
{
	int cls = BPF_CLASS(in->code);
	return cls == BPF_ALU || cls == BPF_ALU64 || cls == BPF_LDX || cls == BPF_LD;
}

static int access_size(int code)
{
	switch (BPF_SIZE(code)) {
	case BPF_B: return 1;
	case BPF_H: return 2;
	case BPF_W: return 4;
	default: return 8;
	}
}

/* Check one generated emitter; returns a description of the first problem, or NULL. */
static const char *check(struct gen *x, enum which w)
{
	static char why[256];
	char err[256];
	size_t n = x->b.n;
	if (bpb_finish(&x->b, err, sizeof err) < 0) {
		snprintf(why, sizeof why, "bpb_finish: %.200s", err);
		return why;
	}
	if (n == 0)
		return "no code";
	for (size_t i = 0; i < n; i++) {
		const struct bpf_insn *in = &x->b.insns[i];
		int cls = BPF_CLASS(in->code);
		if (in->code == 0 && i > 0 && x->b.insns[i - 1].code == (BPF_LD | BPF_DW | BPF_IMM))
			continue; /* second slot of a 64-bit immediate */
		if (writes_dst(in) && in->dst_reg > 5) {
			snprintf(why, sizeof why, "insn %zu writes r%d", i, in->dst_reg);
			return why;
		}
		if ((cls == BPF_JMP || cls == BPF_JMP32) && BPF_OP(in->code) == BPF_CALL) {
			if (in->imm != BPF_FUNC_probe_read_kernel_str && in->imm != BPF_FUNC_probe_read_user_str &&
			    in->imm != BPF_FUNC_probe_read_user) {
				snprintf(why, sizeof why, "insn %zu calls helper %d", i, in->imm);
				return why;
			}
		} else if ((cls == BPF_JMP || cls == BPF_JMP32) && BPF_OP(in->code) != BPF_EXIT) {
			long to = (long)i + 1 + in->off;
			if (to < 0 || to > (long)n) {
				snprintf(why, sizeof why, "insn %zu jumps to %ld of %zu", i, to, n);
				return why;
			}
		}
		/* constant-offset accesses straight through R7 */
		if ((cls == BPF_LDX && in->src_reg == CG_R_SCRATCH) ||
		    ((cls == BPF_STX || cls == BPF_ST) && in->dst_reg == CG_R_SCRATCH)) {
			long end = (long)in->off + access_size(in->code);
			if (in->off < 0 || end > (long)x->g.scratch_hiwater) {
				snprintf(why, sizeof why, "insn %zu accesses scratch [%d, %ld) past %u", i,
					 in->off, end, x->g.scratch_hiwater);
				return why;
			}
		}
		/* stack: only reads of the operand slots */
		if ((cls == BPF_STX || cls == BPF_ST) && in->dst_reg == 10) {
			snprintf(why, sizeof why, "insn %zu writes the stack", i);
			return why;
		}
	}
	/* strtok(NULL, ...) faults when the clause gave no string to continue */
	bool faults = w == W_COPYIN || w == W_COPYINSTR || w == W_COPYINSTR2 || w == W_STRTOK_NULL;
	if (fault_bad || (faults ? nfaults == 0 : nfaults != 0)) {
		snprintf(why, sizeof why, "%d fault paths (%d bad)", nfaults, fault_bad);
		return why;
	}
	if (x->g.scratch_top < x->first_free) {
		snprintf(why, sizeof why, "scratch_top went down to %u", x->g.scratch_top);
		return why;
	}
	return NULL;
}

static const uint32_t sizes[] = { 8, 16, 100, 256, 300, 1024, 4000 };

T_CASE(registers_helpers_jumps_scratch)
{
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
		for (int w = 0; w < W_COUNT; w++) {
			struct gen x;
			const char *why;
			gen_init(&x, sizes[k]);
			gen_one(&x, (enum which)w);
			why = check(&x, (enum which)w);
			if (why) {
				printf("# strsize %u, emitter %d: %s\n", sizes[k], w, why);
				T_CHECK(why == NULL);
			}
			bpb_free(&x.b);
		}
}

/* Emitters one after another in one buffer (as a clause uses them): labels stay local to
 * each emitter and jumps never leave the code. */
T_CASE(sequence)
{
	struct gen x;
	const char *why;
	gen_init(&x, 256);
	for (int w = 0; w < W_COUNT; w++)
		if (w != W_COPYIN && w != W_COPYINSTR && w != W_COPYINSTR2 && w != W_STRTOK_NULL)
			gen_one(&x, (enum which)w);
	why = check(&x, W_STRLEN);
	if (why)
		printf("# %s\n", why);
	T_CHECK(why == NULL);
	bpb_free(&x.b);
}

/* The literal encoder: the bytes stored, read back from the immediates, are the literal and
 * its NUL, cut at strsize - 1 characters. */
T_CASE(literal_bytes)
{
	static const char *lits[] = { "", "a", "abc", "abcd", "abcde", "\xe9\xff\x80", "0123456789abcdef" };
	static const uint32_t ss[] = { 4, 5, 8, 9, 256 };
	for (size_t a = 0; a < sizeof ss / sizeof ss[0]; a++)
		for (size_t l = 0; l < sizeof lits / sizeof lits[0]; l++) {
			struct gen x;
			unsigned char img[300];
			size_t len = strlen(lits[l]), want = len < ss[a] - 1 ? len : ss[a] - 1;
			gen_init(&x, ss[a]);
			memset(img, 0xaa, sizeof img);
			cgs_str_from_literal(&x.g, x.s[2], lits[l], len);
			for (size_t i = 0; i < x.b.n; i++) {
				const struct bpf_insn *in = &x.b.insns[i];
				int sz = access_size(in->code);
				T_CHECK(BPF_CLASS(in->code) == BPF_ST && in->dst_reg == CG_R_SCRATCH);
				T_CHECK(in->off >= (int)x.s[2] && in->off + sz <= (int)(x.s[2] + ss[a]));
				for (int b = 0; b < sz && in->off - (int)x.s[2] + b < (int)sizeof img; b++)
					img[in->off - x.s[2] + b] = (unsigned char)((uint32_t)in->imm >> (8 * b));
			}
			T_CHECK(memcmp(img, lits[l], want) == 0);
			T_EQ_INT(img[want], 0);
			bpb_free(&x.b);
		}
}

T_MAIN()
