/* cgstr_run — runs the string emitters of cg_str.c in the kernel and checks them against C
 * models of dtrace's semantics written here from dtrace_dif.c's rules. Needs root.
 *   cgstr_run STRSIZE      every emitter at that strsize: hand-picked edge cases and seeded
 *                          random inputs; one "ok - NAME" / "not ok - NAME: why" line per
 *                          emitter, "# NAME: N insns processed" lines with the verifier's
 *                          count, and a chain of twelve operations in one program.
 * Each program is a mini clause: a raw tracepoint program (BPF_PROG_TEST_RUN runs it in this
 * process, so this process's user addresses are valid for copyin/copyinstr) whose prologue
 * sets R7 to a per-CPU "scratch" map value and R8 to an "io" array map value, copies the
 * inputs from io into scratch slots and stack slots, runs the emitters, and stores R0 and the
 * result slot into io. Faults are recorded in io by the harness's own emit_fault. */
#include <bpf/bpf.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bpf_prog.h"
#include "cg_str.h"
#include "dcheck.h"
#include "util.h"

/* io map value layout */
#define IO_R0 0
#define IO_FKIND 8
#define IO_FADDR 16
#define IO_STATUS 24
#define IO_INTS 32      /* 8 integers */
#define IO_R0S 96       /* 8 more results (chains) */
#define IO_STR 160      /* NSTR string images of strsize bytes: inputs, then outputs */
#define NSTR 8
#define NINT 8
#define ST_DONE 1
#define ST_FAULT 2

static uint32_t strsize;
static int failures;

/* ---- the harness program ---- */

struct prog {
	struct bpf_prog_buf b;
	struct cg g;
	size_t scratch_ld, io_ld;      /* map-fd loads to patch */
	uint32_t slot[NSTR];           /* scratch offsets of the string slots */
	int16_t islot[NINT];           /* stack slots of the integers */
};

static void h_fault(struct cg *g, int kind, int addr_reg)
{
	struct bpf_prog_buf *b = g->b;
	if (addr_reg >= 0)
		bpb_emit(b, bi_stx(BPF_DW, CG_R_GLOBALS, addr_reg, IO_FADDR));
	else
		bpb_emit(b, bi_st(BPF_DW, CG_R_GLOBALS, IO_FADDR, 0));
	bpb_emit(b, bi_st(BPF_DW, CG_R_GLOBALS, IO_FKIND, kind));
	bpb_emit(b, bi_st(BPF_DW, CG_R_GLOBALS, IO_STATUS, ST_FAULT));
	bpb_emit(b, bi_mov64_imm(0, 0));
	bpb_emit(b, bi_exit());
}

/* R0 = lookup(map, key 0); exit if NULL; dst = R0 */
static size_t h_lookup(struct bpf_prog_buf *b, int dst)
{
	size_t ld;
	bpb_emit(b, bi_st(BPF_W, 10, -8, 0));
	ld = bpb_ld_map_fd(b, 1, -1);
	bpb_emit(b, bi_mov64_reg(2, 10));
	bpb_emit(b, bi_alu64_imm(BPF_ADD, 2, -8));
	bpb_emit(b, bi_call(BPF_FUNC_map_lookup_elem));
	bpb_emit(b, bi_jmp_imm(BPF_JNE, 0, 0, 2));
	bpb_emit(b, bi_mov64_imm(0, 0));
	bpb_emit(b, bi_exit());
	bpb_emit(b, bi_mov64_reg(dst, 0));
	return ld;
}

/* Prologue: maps, string inputs 0..nin-1 copied from io, integers 0..7 on the stack (from io,
 * unknown to the verifier, unless konst: then as constants taken from kv). */
static void prog_begin(struct prog *p, int nin, const int64_t *kv)
{
	memset(p, 0, sizeof *p);
	bpb_init(&p->b);
	p->g.b = &p->b;
	p->g.strsize = strsize;
	p->g.emit_fault = h_fault;
	p->g.scratch_top = 8;
	p->g.scratch_hiwater = 8;
	for (int i = 0; i < NSTR; i++)
		p->slot[i] = cgs_scratch_alloc(&p->g, strsize);
	p->g.strtok_state = cgs_scratch_alloc(&p->g, cgs_strtok_state_size(&p->g));
	for (int i = 0; i < NINT; i++)
		p->islot[i] = (int16_t)(-16 - 8 * i);

	bpb_emit(&p->b, bi_mov64_reg(6, 1));
	p->scratch_ld = h_lookup(&p->b, CG_R_SCRATCH);
	p->io_ld = h_lookup(&p->b, CG_R_GLOBALS);
	bpb_emit(&p->b, bi_st(BPF_DW, CG_R_GLOBALS, IO_STATUS, 0));
	for (int i = 0; i < nin; i++) {
		bpb_emit(&p->b, bi_mov64_reg(1, CG_R_SCRATCH));
		bpb_emit(&p->b, bi_alu64_imm(BPF_ADD, 1, (int32_t)p->slot[i]));
		bpb_emit(&p->b, bi_mov64_imm(2, (int32_t)strsize));
		bpb_emit(&p->b, bi_mov64_reg(3, CG_R_GLOBALS));
		bpb_emit(&p->b, bi_alu64_imm(BPF_ADD, 3, (int32_t)(IO_STR + i * strsize)));
		bpb_emit(&p->b, bi_call(BPF_FUNC_probe_read_kernel));
	}
	for (int i = 0; i < NINT; i++) {
		if (kv)
			bpb_ld_imm64(&p->b, 1, (uint64_t)kv[i]);
		else
			bpb_emit(&p->b, bi_ldx(BPF_DW, 1, CG_R_GLOBALS, (int16_t)(IO_INTS + 8 * i)));
		bpb_emit(&p->b, bi_stx(BPF_DW, 10, 1, p->islot[i]));
	}
	cgs_strtok_reset(&p->g);
}

/* io result k = R0 */
static void prog_save_r0(struct prog *p, int k)
{
	bpb_emit(&p->b, bi_stx(BPF_DW, CG_R_GLOBALS, 0, (int16_t)(IO_R0S + 8 * k)));
}

/* io string image `img` = scratch slot `slot` */
static void prog_save_str(struct prog *p, int img, int slot)
{
	bpb_emit(&p->b, bi_mov64_reg(1, CG_R_GLOBALS));
	bpb_emit(&p->b, bi_alu64_imm(BPF_ADD, 1, (int32_t)(IO_STR + img * strsize)));
	bpb_emit(&p->b, bi_mov64_imm(2, (int32_t)strsize));
	bpb_emit(&p->b, bi_mov64_reg(3, CG_R_SCRATCH));
	bpb_emit(&p->b, bi_alu64_imm(BPF_ADD, 3, (int32_t)p->slot[slot]));
	bpb_emit(&p->b, bi_call(BPF_FUNC_probe_read_kernel));
}

struct loaded {
	int prog_fd, scratch_fd, io_fd;
	long processed;
};

static void loaded_close(struct loaded *l)
{
	if (l->prog_fd >= 0) close(l->prog_fd);
	if (l->scratch_fd >= 0) close(l->scratch_fd);
	if (l->io_fd >= 0) close(l->io_fd);
}

/* Epilogue (R0 to io, slot `out` to image `out`, status done), maps, load. Returns 0, or -1
 * with the reason in why. */
static int prog_finish(struct prog *p, int out, struct loaded *l, char *why, size_t whylen)
{
	char err[256];
	static char log[1 << 20];
	uint32_t scratch_size = (p->g.scratch_hiwater + 7) & ~7u;
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof log, .log_level = 4);

	l->prog_fd = l->scratch_fd = l->io_fd = -1;
	bpb_emit(&p->b, bi_stx(BPF_DW, CG_R_GLOBALS, 0, IO_R0));
	if (out >= 0)
		prog_save_str(p, out, out);
	bpb_emit(&p->b, bi_st(BPF_DW, CG_R_GLOBALS, IO_STATUS, ST_DONE));
	bpb_emit(&p->b, bi_mov64_imm(0, 0));
	bpb_emit(&p->b, bi_exit());
	if (bpb_finish(&p->b, err, sizeof err) < 0) {
		snprintf(why, whylen, "bpb_finish: %s", err);
		return -1;
	}
	l->scratch_fd = bpf_map_create(BPF_MAP_TYPE_PERCPU_ARRAY, "scratch", 4, scratch_size, 1, NULL);
	l->io_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "io", 4, IO_STR + NSTR * strsize, 1, NULL);
	if (l->scratch_fd < 0 || l->io_fd < 0) {
		snprintf(why, whylen, "map create: %s", strerror(errno));
		loaded_close(l);
		return -1;
	}
	p->b.insns[p->scratch_ld].imm = l->scratch_fd;
	p->b.insns[p->io_ld].imm = l->io_fd;
	log[0] = 0;
	l->prog_fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "cgstr", "GPL", p->b.insns,
				   p->b.n, &o);
	if (l->prog_fd < 0) {
		/* the statistics-only log says little; reload with the full log for the reason */
		int e = errno;
		char *last, *end;
		o.log_level = 1;
		log[0] = 0;
		bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "cgstr", "GPL", p->b.insns, p->b.n, &o);
		end = log + strlen(log);
		while (end > log && end[-1] == '\n')
			*--end = 0;
		last = end;
		for (int lines = 0; last > log && lines < 6; last--)
			if (last[-1] == '\n')
				lines++;
		for (char *c = last; *c; c++)
			if (*c == '\n')
				*c = '|';
		snprintf(why, whylen, "load failed (%s): %s", strerror(e), last);
		loaded_close(l);
		return -1;
	}
	const char *pr = strstr(log, "processed ");
	l->processed = pr ? strtol(pr + 10, NULL, 10) : -1;
	return 0;
}

struct io {
	int64_t r0, fkind, faddr, status;
	int64_t ints[NINT];
	int64_t r0s[8];
	char str[];
};

static struct io *io_new(void)
{
	return xcalloc(1, IO_STR + NSTR * strsize);
}

static int run(struct loaded *l, struct io *io)
{
	uint32_t key = 0;
	char ctx[8] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, t, .ctx_in = ctx, .ctx_size_in = sizeof ctx);
	if (bpf_map_update_elem(l->io_fd, &key, io, 0) < 0)
		return -1;
	if (bpf_prog_test_run_opts(l->prog_fd, &t) < 0)
		return -1;
	return bpf_map_lookup_elem(l->io_fd, &key, io);
}

static char *img(struct io *io, int k)
{
	return io->str + (size_t)k * strsize;
}

/* put s (cut to strsize - 1) into image k, the rest of the slot filled with junk so
 * emitters that read past the NUL are caught */
static void put(struct io *io, int k, const char *s)
{
	size_t n = strlen(s);
	if (n > strsize - 1)
		n = strsize - 1;
	memset(img(io, k), 0x5a, strsize);
	memcpy(img(io, k), s, n);
	img(io, k)[n] = 0;
}

/* ---- C models of dtrace's subroutines ---- */

static size_t m_len(const char *s) { return strnlen(s, strsize - 1); }

static int64_t m_strcmp(const char *a, const char *b)
{
	for (size_t i = 0;; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
		if (x != y)
			return (int64_t)x - (int64_t)y;
		if (!x)
			return 0;
	}
}

static void m_strjoin(char *out, const char *a, const char *b)
{
	snprintf(out, strsize, "%s%s", a, b);
}

static void m_substr(char *out, const char *s, int64_t index, bool has_len, int64_t rem)
{
	int64_t len = (int64_t)m_len(s), i;
	if (!has_len)
		rem = strsize;
	/* substr() takes ints: DTrace for Linux's dt_substr sign-extends the low 32 bits of the
	 * index and the length (substr("abc", 1, 4294967295) is "b") */
	index = (int32_t)(uint32_t)(uint64_t)index;
	rem = (int32_t)(uint32_t)(uint64_t)rem;
	if (index < 0) {
		index = (int64_t)((uint64_t)index + (uint64_t)len);
		if (index < 0 && (int64_t)((uint64_t)index + (uint64_t)rem) > 0) {
			rem = (int64_t)((uint64_t)rem + (uint64_t)index);
			index = 0;
		}
	}
	if (index < 0 || index >= len)
		rem = 0;
	else if (rem < 0)
		rem = (int64_t)((uint64_t)rem + (uint64_t)(len - index));
	else if ((uint64_t)index + (uint64_t)rem > strsize)
		rem = strsize - index;
	for (i = 0; i < rem; i++)
		if ((out[i] = s[index + i]) == 0)
			break;
	out[i < 0 ? 0 : i] = 0;
}

/* index/rindex/strstr as dtrace's loop: the naive scan, "" found at every position up to len
 * (strstr("", "") is "", not NULL). mode 0 strstr, 1 index, 2 rindex. Start positions as DTrace
 * for Linux: index's negative start is 0 and a start past len finds nothing, not even "";
 * rindex's negative start finds nothing, and one past len is len. */
static int64_t m_search(const char *s, const char *t, int mode, bool has_pos, int64_t pos)
{
	int64_t len = (int64_t)m_len(s), sublen = (int64_t)m_len(t);
	int64_t p = 0, limit = len + 1, inc = 1;
	if (mode == 2) {
		p = len;
		limit = -1;
		inc = -1;
	}
	if (mode != 0 && has_pos) {
		if (mode == 2) {
			if (pos < 0)
				return -1;
			if (pos > len)
				pos = len;
		} else {
			if (pos < 0)
				pos = 0;
			if (pos > len)
				return -1;
		}
		p = pos;
	}
	for (; p != limit; p += inc)
		if (strncmp(s + p, t, (size_t)sublen) == 0)
			return p;
	return -1;
}

static int64_t m_strchr(const char *s, int64_t c, bool last)
{
	char target = (char)c;
	int64_t r = -1;
	/* the NUL is not a character of s: c == 0 finds nothing (DTrace for Linux) */
	for (int64_t i = 0; i < (int64_t)strsize && s[i]; i++) {
		if (s[i] == target) {
			r = i;
			if (!last)
				break;
		}
	}
	return r;
}

static void m_rest(char *out, const char *s, int64_t at)
{
	if (at < 0)
		out[0] = 0;
	else
		snprintf(out, strsize, "%s", s + at);
}

static void m_lltostr(char *out, int64_t v)
{
	char buf[32], *e = buf + sizeof buf - 1;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	*e = 0;
	do
		*--e = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--e = '-';
	snprintf(out, strsize, "%s", e);
}

static void m_case(char *out, const char *s, bool upper)
{
	size_t i;
	for (i = 0; s[i]; i++) {
		char c = s[i];
		if (upper && c >= 'a' && c <= 'z')
			c = (char)(c - 32);
		if (!upper && c >= 'A' && c <= 'Z')
			c = (char)(c + 32);
		out[i] = c;
	}
	out[i] = 0;
}

/* basename/dirname: the backward scan in dtrace_dif.c's words */
static void m_path(char *out, const char *src, bool dir)
{
	int len = (int)m_len(src), i, lastbase = -1, firstbase = -1, lastdir = -1, start, end, j;
	if (len == 0) {
		src = ".";
		len = 1;
	}
	for (i = len - 1; i >= 0 && src[i] == '/'; i--)
		;
	if (i >= 0)
		lastbase = i;
	for (; i >= 0 && src[i] != '/'; i--)
		;
	if (i >= 0)
		firstbase = i + 1;
	for (; i >= 0 && src[i] == '/'; i--)
		;
	if (i >= 0)
		lastdir = i;
	if (lastbase == -1)
		firstbase = lastbase = lastdir = 0;
	if (firstbase == -1) {
		if (dir) {
			src = ".";
			lastdir = 0;
		} else {
			firstbase = 0;
		}
	}
	if (dir) {
		if (lastdir == -1)
			lastdir = 0;
		start = 0;
		end = lastdir;
	} else {
		start = firstbase;
		end = lastbase;
	}
	for (i = start, j = 0; i <= end && j < (int)strsize - 1; i++, j++)
		out[j] = src[i];
	out[j] = 0;
}

/* strtok with its state: buf and pos (pos < 0: none) */
struct m_tok {
	char buf[8192];
	int64_t pos;
};

static int64_t m_strtok(struct m_tok *st, char *out, const char *s, const char *delim)
{
	bool map[256] = { false };
	int64_t p, start;
	if (s) {
		snprintf(st->buf, sizeof st->buf, "%s", s);
		st->pos = 0;
	}
	out[0] = 0;
	if (st->pos < 0)
		return 0;
	for (const char *d = delim; *d; d++)
		map[(unsigned char)*d] = true;
	for (p = st->pos; st->buf[p] && map[(unsigned char)st->buf[p]]; p++)
		;
	if (!st->buf[p]) {
		st->pos = -1;
		return 0;
	}
	for (start = p; st->buf[p] && !map[(unsigned char)st->buf[p]]; p++)
		;
	memcpy(out, st->buf + start, (size_t)(p - start));
	out[p - start] = 0;
	st->pos = p;
	return 1;
}

/* ---- the cases ---- */

static int g_nfail_case;        /* failures inside the current emitter's group */
static char g_first_fail[512];

static void fail_case(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail_case(const char *fmt, ...)
{
	va_list ap;
	if (g_nfail_case++ == 0) {
		va_start(ap, fmt);
		vsnprintf(g_first_fail, sizeof g_first_fail, fmt, ap);
		va_end(ap);
	}
}

static void group_begin(void)
{
	g_nfail_case = 0;
	g_first_fail[0] = 0;
}

static void group_end(const char *name, int ncases)
{
	if (g_nfail_case) {
		printf("not ok - %s/%u: %d of %d cases wrong; first: %s\n", name, strsize,
		       g_nfail_case, ncases, g_first_fail);
		failures++;
	} else {
		printf("ok - %s/%u (%d cases)\n", name, strsize, ncases);
	}
	fflush(stdout);
}

/* printable form of a string for messages */
static const char *vis(const char *s)
{
	static char b[4][600];
	static int k;
	char *o = b[k++ & 3], *e = o + 590;
	char *p = o;
	*p++ = '"';
	for (; *s && p < e; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 32 && c < 127 && c != '"' && c != '\\')
			*p++ = (char)c;
		else
			p += sprintf(p, "\\x%02x", c);
	}
	*p++ = '"';
	*p = 0;
	return o;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* random string over a small alphabet (so searches hit), sometimes long */
static void rnd_str(char *out, const char *alpha)
{
	size_t na = strlen(alpha), n;
	switch (rnd() % 4) {
	case 0: n = rnd() % 4; break;
	case 1: n = rnd() % 12; break;
	case 2: n = rnd() % strsize; break;
	default: n = strsize - 1 - rnd() % 3; break;
	}
	if (n > strsize - 1)
		n = strsize - 1;
	for (size_t i = 0; i < n; i++)
		out[i] = alpha[rnd() % na];
	out[n] = 0;
}

/* A string of n copies of c. */
static char *rep(char c, size_t n)
{
	char *s = xmalloc(n + 1);
	memset(s, c, n);
	s[n] = 0;
	return s;
}

/* Edge-case strings, shared by the string emitters. */
static const char **edge_strings(int *n)
{
	static const char *v[32];
	static char *big, *full, *over, *hi;
	int k = 0;
	if (!big) {
		big = rep('a', strsize - 2);
		full = rep('b', strsize - 1);
		over = rep('c', strsize + 10);
		hi = xstrdup("\xc3\xa9t\xc3\xa9 \xff\x80/\xfe");
	}
	v[k++] = "";
	v[k++] = "a";
	v[k++] = "A";
	v[k++] = "/";
	v[k++] = "//";
	v[k++] = "a/";
	v[k++] = "/a";
	v[k++] = "//a//b//";
	v[k++] = "/usr/lib/libc.so.6";
	v[k++] = "Hello, World";
	v[k++] = "abcabcabd";
	v[k++] = "aaaa";
	v[k++] = "x.y.z";
	v[k++] = hi;
	v[k++] = big;
	v[k++] = full;
	v[k++] = over;
	*n = k;
	return v;
}

static const int64_t edge_ints[] = {
	0, 1, 2, 3, 5, -1, -2, -3, -5, -100, 100, 255, 256, 1000, INT64_MAX, INT64_MIN,
	INT64_MIN + 1, 4294967296ll, -4294967296ll,
};
#define NEDGE_INTS ((int)(sizeof edge_ints / sizeof edge_ints[0]))

enum op {
	OP_STRLEN, OP_STRCMP, OP_STRJOIN, OP_SUBSTR2, OP_SUBSTR3, OP_INDEX2, OP_INDEX3,
	OP_RINDEX2, OP_RINDEX3, OP_STRSTR, OP_STRCHR, OP_STRRCHR, OP_LLTOSTR, OP_TOUPPER,
	OP_TOLOWER, OP_BASENAME, OP_DIRNAME, OP_KADDR, OP_PADDED, OP_NOPS
};

static const char *op_name[] = {
	"strlen", "strcmp", "strjoin", "substr2", "substr3", "index2", "index3", "rindex2",
	"rindex3", "strstr", "strchr", "strrchr", "lltostr", "toupper", "tolower", "basename",
	"dirname", "str_from_kaddr", "str_copy_padded",
};

/* Emit op with inputs in slots 0 and 1, integers 0 and 1, the result string in slot 2. */
static void emit_op(struct prog *p, enum op op)
{
	struct cg *g = &p->g;
	uint32_t a = p->slot[0], b = p->slot[1], d = p->slot[2];
	int16_t i0 = p->islot[0], i1 = p->islot[1];
	switch (op) {
	case OP_STRLEN: cgs_strlen(g, a); break;
	case OP_STRCMP: cgs_strcmp(g, a, b); break;
	case OP_STRJOIN: cgs_strjoin(g, d, a, b); break;
	case OP_SUBSTR2: cgs_substr(g, d, a, i0, 0); break;
	case OP_SUBSTR3: cgs_substr(g, d, a, i0, i1); break;
	case OP_INDEX2: cgs_index(g, a, b, 0); break;
	case OP_INDEX3: cgs_index(g, a, b, i0); break;
	case OP_RINDEX2: cgs_rindex(g, a, b, 0); break;
	case OP_RINDEX3: cgs_rindex(g, a, b, i0); break;
	case OP_STRSTR: cgs_strstr(g, d, a, b); break;
	case OP_STRCHR: cgs_strchr(g, d, a, i0); break;
	case OP_STRRCHR: cgs_strrchr(g, d, a, i0); break;
	case OP_LLTOSTR: cgs_lltostr(g, d, i0); break;
	case OP_TOUPPER: cgs_toupper(g, d, a); break;
	case OP_TOLOWER: cgs_tolower(g, d, a); break;
	case OP_BASENAME: cgs_basename(g, d, a); break;
	case OP_DIRNAME: cgs_dirname(g, d, a); break;
	case OP_KADDR:
		/* the address of io's image 0: a map value pointer in a register */
		bpb_emit(&p->b, bi_mov64_reg(4, CG_R_GLOBALS));
		bpb_emit(&p->b, bi_alu64_imm(BPF_ADD, 4, IO_STR));
		cgs_str_from_kaddr(g, d, 4);
		bpb_emit(&p->b, bi_mov64_imm(0, 0));
		break;
	case OP_PADDED:
		/* dirty the destination first: the padding must clear it */
		cgs_str_from_literal(g, d, "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f", 12);
		cgs_str_copy_padded(g, d, a);
		bpb_emit(&p->b, bi_mov64_imm(0, 0));
		break;
	case OP_NOPS: break;
	}
}

/* Expected R0 and result string (exp_s NULL: no string result). */
static int64_t model_op(enum op op, const char *a, const char *b, int64_t i0, int64_t i1,
			char *out, bool *has_str)
{
	int64_t r;
	*has_str = true;
	switch (op) {
	case OP_STRLEN: *has_str = false; return (int64_t)m_len(a);
	case OP_STRCMP: *has_str = false; return m_strcmp(a, b);
	case OP_STRJOIN: m_strjoin(out, a, b); return -2;
	case OP_SUBSTR2: m_substr(out, a, i0, false, 0); return -2;
	case OP_SUBSTR3: m_substr(out, a, i0, true, i1); return -2;
	case OP_INDEX2: *has_str = false; return m_search(a, b, 1, false, 0);
	case OP_INDEX3: *has_str = false; return m_search(a, b, 1, true, i0);
	case OP_RINDEX2: *has_str = false; return m_search(a, b, 2, false, 0);
	case OP_RINDEX3: *has_str = false; return m_search(a, b, 2, true, i0);
	case OP_STRSTR: r = m_search(a, b, 0, false, 0); m_rest(out, a, r); return r >= 0;
	case OP_STRCHR: r = m_strchr(a, i0, false); m_rest(out, a, r); return r >= 0;
	case OP_STRRCHR: r = m_strchr(a, i0, true); m_rest(out, a, r); return r >= 0;
	case OP_LLTOSTR: m_lltostr(out, i0); return -2;
	case OP_TOUPPER: m_case(out, a, true); return -2;
	case OP_TOLOWER: m_case(out, a, false); return -2;
	case OP_BASENAME: m_path(out, a, false); return -2;
	case OP_DIRNAME: m_path(out, a, true); return -2;
	case OP_KADDR: snprintf(out, strsize, "%s", a); return 0;
	case OP_PADDED: snprintf(out, strsize, "%s", a); return 0;
	case OP_NOPS: break;
	}
	return 0;
}

/* One case: inputs in, run, compare. */
static void check_case(struct loaded *l, enum op op, const char *a, const char *b, int64_t i0,
		       int64_t i1)
{
	struct io *io = io_new();
	char *exp = xcalloc(1, strsize + 16);
	bool has_str;
	int64_t er;

	put(io, 0, a);
	put(io, 1, b);
	a = img(io, 0);  /* the models see what the program sees: cut to strsize - 1 */
	b = img(io, 1);
	char *ca = xstrdup(a), *cb = xstrdup(b);
	io->ints[0] = i0;
	io->ints[1] = i1;
	memset(img(io, 2), 0x33, strsize);
	img(io, 2)[strsize - 1] = 0;
	er = model_op(op, ca, cb, i0, i1, exp, &has_str);
	if (run(l, io) < 0) {
		fail_case("test run: %s", strerror(errno));
	} else if (io->status != ST_DONE) {
		fail_case("(%s, %s, %" PRId64 ", %" PRId64 "): status %" PRId64, vis(ca), vis(cb),
			  i0, i1, io->status);
	} else if (er != -2 && io->r0 != er) {
		fail_case("(%s, %s, %" PRId64 ", %" PRId64 "): R0 %" PRId64 ", expected %" PRId64,
			  vis(ca), vis(cb), i0, i1, io->r0, er);
	} else if (has_str && (memchr(img(io, 2), 0, strsize) == NULL ||
			       strcmp(img(io, 2), exp) != 0)) {
		img(io, 2)[strsize - 1] = 0;
		fail_case("(%s, %s, %" PRId64 ", %" PRId64 "): %s, expected %s", vis(ca), vis(cb),
			  i0, i1, vis(img(io, 2)), vis(exp));
	} else if (op == OP_PADDED) {
		for (size_t k = strlen(exp); k < strsize; k++)
			if (img(io, 2)[k] != 0) {
				fail_case("(%s): byte %zu after the NUL is %#x", vis(ca), k,
					  (unsigned char)img(io, 2)[k]);
				break;
			}
	}
	free(ca);
	free(cb);
	free(exp);
	free(io);
}

static bool uses_ints(enum op op)
{
	return op == OP_SUBSTR2 || op == OP_SUBSTR3 || op == OP_INDEX3 || op == OP_RINDEX3 ||
	       op == OP_STRCHR || op == OP_STRRCHR || op == OP_LLTOSTR;
}

static void test_op(enum op op)
{
	struct prog p;
	struct loaded l;
	char why[2048], name[64];
	int ncases = 0, nedge;
	const char **edge = edge_strings(&nedge);
	char *ra = xmalloc(strsize + 1), *rb = xmalloc(strsize + 1);

	prog_begin(&p, 2, NULL);
	emit_op(&p, op);
	if (prog_finish(&p, 2, &l, why, sizeof why) < 0) {
		printf("not ok - %s/%u: %s\n", op_name[op], strsize, why);
		failures++;
		bpb_free(&p.b);
		free(ra);
		free(rb);
		return;
	}
	printf("# %s/%u: %ld insns processed, %zu insns\n", op_name[op], strsize, l.processed, p.b.n);
	group_begin();
	if (op == OP_LLTOSTR) {
		for (int i = 0; i < NEDGE_INTS; i++, ncases++)
			check_case(&l, op, "", "", edge_ints[i], 0);
		for (int64_t v = 1, k = 0; k < 19; k++, v = k < 19 ? v * 10 : v)
			for (int d = -1; d <= 1; d++, ncases += 2) {
				check_case(&l, op, "", "", v + d, 0);
				check_case(&l, op, "", "", -(v + d), 0);
			}
		for (int i = 0; i < 500; i++, ncases++)
			check_case(&l, op, "", "", (int64_t)(rnd() >> (rnd() % 64)) * (rnd() & 1 ? 1 : -1), 0);
	} else if (op == OP_STRCHR || op == OP_STRRCHR) {
		static const int64_t cs[] = { 'a', '/', 'b', 'c', 'z', 0, 0x161, 0xff, -1, 0x80, '.' };
		for (int i = 0; i < nedge; i++)
			for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++, ncases++)
				check_case(&l, op, edge[i], "", cs[c], 0);
		for (int i = 0; i < 300; i++, ncases++) {
			rnd_str(ra, "ab/c");
			check_case(&l, op, ra, "", "ab/cx"[rnd() % 5], 0);
		}
	} else {
		for (int i = 0; i < nedge; i++)
			for (int j = 0; j < (op == OP_STRLEN || op == OP_TOUPPER || op == OP_TOLOWER ||
					     op == OP_BASENAME || op == OP_DIRNAME || op == OP_KADDR ||
					     op == OP_PADDED || uses_ints(op) ? 1 : nedge); j++) {
				if (uses_ints(op)) {
					for (int x = 0; x < NEDGE_INTS; x++)
						for (int y = 0; y < (op == OP_SUBSTR3 ? NEDGE_INTS : 1); y++, ncases++)
							check_case(&l, op, edge[i], "", edge_ints[x], edge_ints[y]);
				} else {
					check_case(&l, op, edge[i], edge[j], 0, 0);
					ncases++;
				}
			}
		if (op == OP_INDEX3 || op == OP_RINDEX3) /* with needles */
			for (int i = 0; i < nedge; i++)
				for (int j = 0; j < nedge; j++)
					for (int x = 0; x < NEDGE_INTS; x++, ncases++)
						check_case(&l, op, edge[i], edge[j], edge_ints[x], 0);
		for (int i = 0; i < 600; i++, ncases++) {
			int64_t x = (int64_t)(rnd() % (strsize + 8)) - 4, y = (int64_t)(rnd() % (strsize + 8)) - 4;
			rnd_str(ra, op == OP_BASENAME || op == OP_DIRNAME ? "a/b" : "ab");
			rnd_str(rb, "ab");
			if (rnd() % 3 == 0) { /* a needle taken from the haystack */
				size_t n = strlen(ra), at = n ? rnd() % n : 0, k = rnd() % 6;
				snprintf(rb, strsize, "%.*s", (int)k, ra + at);
			}
			check_case(&l, op, ra, rb, x, y);
		}
	}
	snprintf(name, sizeof name, "%s", op_name[op]);
	group_end(name, ncases);
	loaded_close(&l);
	bpb_free(&p.b);
	free(ra);
	free(rb);
}

/* Integer operands known to the verifier (constants spilled to the stack) take other paths
 * through the emitters' branches: load with a few constant sets and compare. */
static void test_const_ints(void)
{
	static const enum op ops[] = { OP_SUBSTR3, OP_INDEX3, OP_RINDEX3, OP_LLTOSTR, OP_STRCHR };
	static const int64_t sets[][2] = { { 2, 3 }, { -3, 2 }, { -20, 30 }, { 0, -1 }, { INT64_MIN, 5 } };
	int ncases = 0;
	group_begin();
	for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
		for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
			int64_t kv[NINT] = { sets[s][0], sets[s][1] };
			struct prog p;
			struct loaded l;
			char why[2048];
			prog_begin(&p, 2, kv);
			emit_op(&p, ops[o]);
			if (prog_finish(&p, 2, &l, why, sizeof why) < 0) {
				fail_case("%s with constants %" PRId64 ", %" PRId64 ": %s", op_name[ops[o]],
					  sets[s][0], sets[s][1], why);
			} else {
				check_case(&l, ops[o], "hello/world.abc", "o", sets[s][0], sets[s][1]);
				check_case(&l, ops[o], "", "", sets[s][0], sets[s][1]);
				loaded_close(&l);
			}
			ncases += 2;
			bpb_free(&p.b);
		}
	group_end("constant_operands", ncases);
}

static void test_literal(void)
{
	size_t lens[] = { 0, 1, 3, 4, 5, 7, 8, 9, strsize - 2, strsize - 1, strsize, strsize + 5 };
	int ncases = 0;
	group_begin();
	for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++, ncases++) {
		struct prog p;
		struct loaded l;
		char why[2048];
		char *lit = xmalloc(lens[k] + 1);
		for (size_t i = 0; i < lens[k]; i++)
			lit[i] = (char)(i % 7 == 6 ? 0xe9 : 'A' + i % 26);
		lit[lens[k]] = 0;
		prog_begin(&p, 0, NULL);
		cgs_str_from_literal(&p.g, p.slot[2], lit, lens[k]);
		bpb_emit(&p.b, bi_mov64_imm(0, 0));
		if (prog_finish(&p, 2, &l, why, sizeof why) < 0) {
			fail_case("length %zu: %s", lens[k], why);
		} else {
			struct io *io = io_new();
			memset(img(io, 2), 0x33, strsize);
			if (run(&l, io) < 0 || io->status != ST_DONE)
				fail_case("length %zu: run failed", lens[k]);
			else if (strncmp(img(io, 2), lit, strsize - 1) != 0 ||
				 memchr(img(io, 2), 0, strsize) == NULL ||
				 strlen(img(io, 2)) != (lens[k] < strsize ? lens[k] : strsize - 1))
				fail_case("length %zu: got %s", lens[k], vis(img(io, 2)));
			free(io);
			loaded_close(&l);
		}
		free(lit);
		bpb_free(&p.b);
	}
	group_end("str_from_literal", ncases);
}

/* strtok: four calls in one program (s, then NULL three times, the last with other
 * delimiters), results in slots 2..5 and R0s. */
static void test_strtok(void)
{
	static const char *cases[][3] = {
		{ "a b c", " ", "" },
		{ "  lead and trail  ", " ", "a" },
		{ "", " ", " " },
		{ "   ", " ", " " },
		{ "one,two;;three", ",;", ";" },
		{ "no-delims", "", "" },
		{ "/usr//lib/x", "/", "/" },
		{ "a\xff" "b\xff\xfe" "c", "\xff", "\xfe" },
		{ "x", "x", "x" },
		{ "tok", "q", "o" },
	};
	struct prog p;
	struct loaded l;
	char why[2048];
	int ncases = 0;
	char *ra = xmalloc(strsize + 1), *rb = xmalloc(strsize + 1), *rc = xmalloc(strsize + 1);

	prog_begin(&p, 3, NULL);
	cgs_strtok(&p.g, p.slot[3], p.slot[0], p.slot[1]);
	prog_save_r0(&p, 0);
	cgs_strtok(&p.g, p.slot[4], CGS_NO_STRING, p.slot[1]);
	prog_save_r0(&p, 1);
	cgs_strtok(&p.g, p.slot[5], CGS_NO_STRING, p.slot[1]);
	prog_save_r0(&p, 2);
	cgs_strtok(&p.g, p.slot[6], CGS_NO_STRING, p.slot[2]);
	prog_save_r0(&p, 3);
	prog_save_str(&p, 3, 3);
	prog_save_str(&p, 4, 4);
	prog_save_str(&p, 5, 5);
	prog_save_str(&p, 6, 6);
	group_begin();
	if (prog_finish(&p, -1, &l, why, sizeof why) < 0) {
		printf("not ok - strtok/%u: %s\n", strsize, why);
		failures++;
		goto out;
	}
	printf("# strtok/%u (4 calls): %ld insns processed, %zu insns\n", strsize, l.processed, p.b.n);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0] + 400; k++, ncases++) {
		const char *s, *d1, *d2;
		struct io *io = io_new();
		struct m_tok *st = xcalloc(1, sizeof *st);
		if (k < sizeof cases / sizeof cases[0]) {
			s = cases[k][0], d1 = cases[k][1], d2 = cases[k][2];
		} else {
			rnd_str(ra, "ab ,");
			rnd_str(rb, " ,");
			rnd_str(rc, "ab");
			s = ra, d1 = strlen(rb) > 3 ? rb + strlen(rb) - 2 : rb, d2 = strlen(rc) > 2 ? rc + strlen(rc) - 1 : rc;
		}
		put(io, 0, s);
		put(io, 1, d1);
		put(io, 2, d2);
		char *cs = xstrdup(img(io, 0)), *c1 = xstrdup(img(io, 1)), *c2 = xstrdup(img(io, 2));
		if (run(&l, io) < 0 || io->status != ST_DONE) {
			fail_case("run failed");
		} else {
			char *exp = xcalloc(1, strsize + 1);
			for (int call = 0; call < 4; call++) {
				int64_t er = m_strtok(st, exp, call == 0 ? cs : NULL, call == 3 ? c2 : c1);
				if (io->r0s[call] != er || strcmp(img(io, 3 + call), exp) != 0) {
					fail_case("(%s, %s, %s) call %d: R0 %" PRId64 " %s, expected %" PRId64 " %s",
						  vis(cs), vis(c1), vis(c2), call + 1, io->r0s[call],
						  vis(img(io, 3 + call)), er, vis(exp));
					break;
				}
			}
			free(exp);
		}
		free(cs);
		free(c1);
		free(c2);
		free(st);
		free(io);
	}
	loaded_close(&l);
out:
	group_end("strtok", ncases);
	bpb_free(&p.b);
	free(ra);
	free(rb);
	free(rc);
}

/* copyinstr and copyin from this process's memory; bad addresses must fault. */
static void test_copyin(void)
{
	struct prog p1, p2, p3;
	struct loaded l1, l2, l3;
	char why[2048];
	int ncases = 0;
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *gone = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(gone, 4096);

	group_begin();
	/* copyinstr(addr), copyinstr(addr, n), copyin(addr, n) with maxsize strsize */
	prog_begin(&p1, 0, NULL);
	cgs_copyinstr(&p1.g, p1.slot[2], p1.islot[0], 0);
	prog_begin(&p2, 0, NULL);
	cgs_copyinstr(&p2.g, p2.slot[2], p2.islot[0], p2.islot[1]);
	prog_begin(&p3, 3, NULL);  /* slot 2 starts as image 2: copyin must not write past n */
	cgs_copyin(&p3.g, p3.slot[2], strsize, p3.islot[0], p3.islot[1]);
	if (prog_finish(&p1, 2, &l1, why, sizeof why) < 0 || prog_finish(&p2, 2, &l2, why, sizeof why) < 0 ||
	    prog_finish(&p3, 2, &l3, why, sizeof why) < 0) {
		printf("not ok - copyin/%u: %s\n", strsize, why);
		failures++;
		return;
	}
	const char *texts[] = { "", "x", "hello, user space", "\xe9\xff", NULL, NULL };
	texts[4] = rep('u', strsize - 1);
	texts[5] = rep('v', strsize + 40);
	static const int64_t maxes[] = { 0, 1, 2, 5, -1, 100000, 255, 256 };
	for (size_t t = 0; t < 6; t++) {
		/* the text ends exactly at the end of the mapping when short enough: a read
		 * past the NUL would fault */
		size_t n = strlen(texts[t]);
		char *at = n + 1 <= 8192 ? page + 8192 - (n + 1) : page;
		memcpy(at, texts[t], n + 1);
		for (int which = 0; which < 2; which++)
			for (size_t m = 0; m < (which ? sizeof maxes / sizeof maxes[0] : 1); m++, ncases++) {
				struct io *io = io_new();
				char *exp = xcalloc(1, strsize + 1);
				/* the bytes examined, the NUL among them (dtrace's count): D's
				 * strsize (strsize - 1 here), or n when smaller, 0 giving "" */
				uint64_t size = strsize - 1;
				if (which && (uint64_t)maxes[m] < strsize - 1)
					size = (uint64_t)maxes[m];
				if (size)
					snprintf(exp, size, "%s", texts[t]);
				io->ints[0] = (int64_t)(uintptr_t)at;
				io->ints[1] = maxes[m];
				if (run(which ? &l2 : &l1, io) < 0 || io->status != ST_DONE ||
				    strcmp(img(io, 2), exp) != 0)
					fail_case("copyinstr(%s%s): status %" PRId64 " %s", vis(texts[t]),
						  which ? ", n" : "", io->status, vis(img(io, 2)));
				free(io);
				free(exp);
			}
	}
	/* bad addresses: NULL, an unmapped page, a kernel address */
	int64_t bad[] = { 0, (int64_t)(uintptr_t)gone, (int64_t)0xffffffff81000000ull };
	for (size_t k = 0; k < 3; k++)
		for (int which = 0; which < 3; which++, ncases++) {
			struct io *io = io_new();
			io->ints[0] = bad[k];
			io->ints[1] = 4;
			if (run(which == 0 ? &l1 : which == 1 ? &l2 : &l3, io) < 0 || io->status != ST_FAULT ||
			    io->fkind != DOUT_FLT_BADADDR || io->faddr != bad[k])
				fail_case("%s(%#" PRIx64 "): status %" PRId64 " kind %" PRId64 " addr %#" PRIx64,
					  which == 2 ? "copyin" : "copyinstr", bad[k], io->status, io->fkind,
					  io->faddr);
			free(io);
		}
	/* copyin: sizes 0..strsize, raw bytes (NULs included); too large faults NOSCRATCH */
	for (size_t k = 0; k < 256; k++)
		page[k] = (char)(k * 7 + 1);
	page[5] = 0;
	static const int64_t sizes[] = { 0, 1, 7, 8, 9, 100, -1, 0, 0 };
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++, ncases++) {
		int64_t sz = k == 7 ? (int64_t)strsize : k == 8 ? (int64_t)strsize + 1 : sizes[k];
		bool fits = (uint64_t)sz <= strsize;
		struct io *io = io_new();
		memset(img(io, 2), 0x77, strsize);
		io->ints[0] = (int64_t)(uintptr_t)page;
		io->ints[1] = sz;
		if (run(&l3, io) < 0) {
			fail_case("copyin run failed");
		} else if (!fits) {
			if (io->status != ST_FAULT || io->fkind != DOUT_FLT_NOSCRATCH)
				fail_case("copyin size %" PRId64 ": status %" PRId64 " kind %" PRId64, sz,
					  io->status, io->fkind);
		} else if (io->status != ST_DONE || memcmp(img(io, 2), page, (size_t)sz) != 0 ||
			   ((size_t)sz < strsize && img(io, 2)[sz] != 0x77)) {
			fail_case("copyin size %" PRId64 ": status %" PRId64 ", bytes differ", sz, io->status);
		}
		free(io);
	}
	loaded_close(&l1);
	loaded_close(&l2);
	loaded_close(&l3);
	bpb_free(&p1.b);
	bpb_free(&p2.b);
	bpb_free(&p3.b);
	munmap(page, 8192);
	free((char *)texts[4]);
	free((char *)texts[5]);
	group_end("copyinstr_copyin", ncases);
}

static void test_byteswap(void)
{
	static const int ops[] = { DS_HTONS, DS_NTOHS, DS_HTONL, DS_NTOHL, DS_HTONLL, DS_NTOHLL };
	static const uint64_t vals[] = { 0, 1, 0x1234, 0x12345678, 0x0102030405060708ull,
					 0xffffffffffffffffull, 0x80, 0xdeadbeefcafef00dull };
	int ncases = 0;
	group_begin();
	for (size_t o = 0; o < 6; o++) {
		struct prog p;
		struct loaded l;
		char why[2048];
		prog_begin(&p, 0, NULL);
		bpb_emit(&p.b, bi_ldx(BPF_DW, 0, 10, p.islot[0]));
		cgs_byteswap(&p.g, ops[o]);
		if (prog_finish(&p, -1, &l, why, sizeof why) < 0) {
			fail_case("%s", why);
			bpb_free(&p.b);
			continue;
		}
		for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++, ncases++) {
			struct io *io = io_new();
			uint64_t x = vals[v], e;
			if (o < 2)
				e = __builtin_bswap16((uint16_t)x);
			else if (o < 4)
				e = __builtin_bswap32((uint32_t)x);
			else
				e = __builtin_bswap64(x);
			io->ints[0] = (int64_t)x;
			if (run(&l, io) < 0 || (uint64_t)io->r0 != e)
				fail_case("op %zu (%#" PRIx64 "): %#" PRIx64 ", expected %#" PRIx64, o, x,
					  (uint64_t)io->r0, e);
			free(io);
		}
		loaded_close(&l);
		bpb_free(&p.b);
	}
	group_end("byteswap", ncases);
}

/* Twelve operations in one program, each result feeding later ones (integers through stack
 * slots, as the clause compiler passes them): the program must load, and match the models. */
static void test_chain(void)
{
	struct prog p;
	struct loaded l;
	char why[2048];
	int ncases = 0;
	struct cg *g = &p.g;
	char *ra = xmalloc(strsize + 1), *rb = xmalloc(strsize + 1), *rc = xmalloc(strsize + 1);

	prog_begin(&p, 3, NULL);
	/* slots: 0 A, 1 B, 2 C (needle); results in 3..7 */
	uint32_t *s = p.slot;
	int16_t *i = p.islot;
	cgs_strjoin(g, s[3], s[0], s[1]);                 /* s3 = strjoin(A, B) */
	cgs_toupper(g, s[3], s[3]);                       /* s3 = toupper(s3) */
	cgs_index(g, s[3], s[2], 0);                      /* i2 = index(s3, C) */
	bpb_emit(&p.b, bi_stx(BPF_DW, 10, 0, i[2]));
	prog_save_r0(&p, 0);
	cgs_substr(g, s[4], s[3], i[2], 0);               /* s4 = substr(s3, i2) */
	cgs_strlen(g, s[4]);                              /* i3 = strlen(s4) */
	bpb_emit(&p.b, bi_stx(BPF_DW, 10, 0, i[3]));
	prog_save_r0(&p, 1);
	cgs_lltostr(g, s[5], i[3]);                       /* s5 = lltostr(i3) */
	cgs_strjoin(g, s[6], s[4], s[5]);                 /* s6 = strjoin(s4, s5) */
	cgs_basename(g, s[7], s[6]);                      /* s7 = basename(s6) */
	cgs_rindex(g, s[7], s[2], i[3]);                  /* r = rindex(s7, C, i3) */
	prog_save_r0(&p, 2);
	cgs_strstr(g, s[5], s[6], s[2]);                  /* s5 = strstr(s6, C) */
	cgs_strcmp(g, s[5], s[3]);                        /* r = strcmp(s5, s3) */
	prog_save_r0(&p, 3);
	cgs_dirname(g, s[4], s[6]);                       /* s4 = dirname(s6) */
	prog_save_str(&p, 4, 4);
	prog_save_str(&p, 5, 5);
	prog_save_str(&p, 7, 7);
	group_begin();
	if (prog_finish(&p, -1, &l, why, sizeof why) < 0) {
		printf("not ok - chain/%u: %s\n", strsize, why);
		failures++;
		goto out;
	}
	printf("# chain/%u (12 operations): %ld insns processed, %zu insns\n", strsize, l.processed,
	       p.b.n);
	for (int k = 0; k < 300; k++, ncases++) {
		struct io *io = io_new();
		char *m3 = xcalloc(1, strsize + 30), *m4 = xcalloc(1, strsize + 30), *m5 = xcalloc(1, strsize + 30);
		char *m6 = xcalloc(1, strsize + 30), *m7 = xcalloc(1, strsize + 30), *t = xcalloc(1, strsize + 30);
		int64_t r0, r1, r2, r3;
		rnd_str(ra, "ab/");
		rnd_str(rb, "Ab/");
		rnd_str(rc, "AB/");
		if (strlen(rc) > 3)
			rc[3] = 0;
		put(io, 0, ra);
		put(io, 1, rb);
		put(io, 2, rc);
		m_strjoin(t, img(io, 0), img(io, 1));
		m_case(m3, t, true);
		r0 = m_search(m3, img(io, 2), 1, false, 0);
		m_substr(m4, m3, r0, false, 0);
		r1 = (int64_t)strlen(m4);
		m_lltostr(m5, r1);
		m_strjoin(m6, m4, m5);
		m_path(m7, m6, false);
		r2 = m_search(m7, img(io, 2), 2, true, r1);
		m_rest(m5, m6, m_search(m6, img(io, 2), 0, false, 0));
		r3 = m_strcmp(m5, m3);
		m_path(m4, m6, true);
		if (run(&l, io) < 0 || io->status != ST_DONE)
			fail_case("run failed");
		else if (io->r0s[0] != r0 || io->r0s[1] != r1 || io->r0s[2] != r2 || io->r0s[3] != r3 ||
			 strcmp(img(io, 4), m4) || strcmp(img(io, 5), m5) || strcmp(img(io, 7), m7))
			fail_case("(%s, %s, %s): R0s %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64
				  " %s %s %s, expected %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64 " %s %s %s",
				  vis(img(io, 0)), vis(img(io, 1)), vis(img(io, 2)), io->r0s[0], io->r0s[1],
				  io->r0s[2], io->r0s[3], vis(img(io, 4)), vis(img(io, 5)), vis(img(io, 7)),
				  r0, r1, r2, r3, vis(m4), vis(m5), vis(m7));
		free(io);
		free(m3); free(m4); free(m5); free(m6); free(m7); free(t);
	}
	loaded_close(&l);
out:
	group_end("chain", ncases);
	bpb_free(&p.b);
	free(ra);
	free(rb);
	free(rc);
}

int main(int argc, char **argv)
{
	long v;
	char *end;
	if (argc != 2 || (v = strtol(argv[1], &end, 10), *end) || v < 8 || v > 2048) {
		fprintf(stderr, "usage: cgstr_run STRSIZE (8..2048)\n");
		return 2;
	}
	strsize = (uint32_t)v;
	for (int op = 0; op < OP_NOPS; op++)
		test_op((enum op)op);
	test_const_ints();
	test_literal();
	test_strtok();
	test_copyin();
	test_byteswap();
	test_chain();
	return failures ? 1 : 0;
}
