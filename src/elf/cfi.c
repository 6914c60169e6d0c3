/* cfi.c — .eh_frame/.debug_frame to unwind rows (cfi.h). Follows the DWARF 5 specification's
 * section 6.4 (call frame information) and the LSB's .eh_frame additions (augmentations,
 * pointer encodings). Only the three registers the walk needs are tracked: %rbp (6), %rsp (7)
 * and the return address column; the others' rules are parsed and dropped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfi.h"
#include "util.h"

enum { REG_RBP = 6, REG_RSP = 7, NREG = 3 };   /* tracked: rbp, rsp, ra */

enum rule_kind { R_UNDEF, R_SAME, R_OFFSET, R_VAL_OFFSET, R_REGISTER, R_EXPR, R_VAL_EXPR };

struct rule {
	enum rule_kind kind;
	int64_t off;
	const uint8_t *expr;      /* R_EXPR, R_VAL_EXPR: the block */
	uint64_t exprlen;
};

struct state {
	uint64_t cfa_reg;
	int64_t cfa_off;
	const uint8_t *cfa_expr;  /* non-NULL: CFA by expression */
	uint64_t cfa_exprlen;
	struct rule reg[NREG];    /* rbp, rsp, ra */
};

struct cur {
	const uint8_t *p, *end;
	bool bad;
};

struct cie {
	uint64_t code_align;
	int64_t data_align;
	uint64_t ra_reg;
	uint8_t fde_enc;
	bool has_z, signal;
	const uint8_t *insns, *insns_end;
	uint8_t addr_size;
};

static uint8_t rd8(struct cur *c)
{
	if (c->p >= c->end) {
		c->bad = true;
		return 0;
	}
	return *c->p++;
}

static uint64_t rdn(struct cur *c, int n)
{
	if (c->end - c->p < n) {
		c->bad = true;
		c->p = c->end;
		return 0;
	}
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v |= (uint64_t)c->p[i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t uleb(struct cur *c)
{
	uint64_t v = 0;
	for (int shift = 0;; shift += 7) {
		uint8_t b = rd8(c);
		if (c->bad)
			return 0;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
}

static int64_t sleb(struct cur *c)
{
	uint64_t v = 0;
	int shift = 0;
	uint8_t b;
	do {
		b = rd8(c);
		if (c->bad)
			return 0;
		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
	} while (b & 0x80);
	if (shift < 64 && (b & 0x40))
		v |= ~(uint64_t)0 << shift;
	return (int64_t)v;
}

/* A pointer in encoding enc (DW_EH_PE_*), read at vaddr `at` (for pc-relative ones). Indirect
 * pointers and encodings relative to bases we do not know mark the cursor bad. */
static uint64_t rdptr(struct cur *c, uint8_t enc, uint64_t at, uint8_t addr_size)
{
	if (enc == 0xff)
		return 0;
	uint64_t v;
	switch (enc & 0x0f) {
	case 0x00: v = rdn(c, addr_size); break;
	case 0x01: v = uleb(c); break;
	case 0x02: v = rdn(c, 2); break;
	case 0x03: v = rdn(c, 4); break;
	case 0x04: v = rdn(c, 8); break;
	case 0x09: v = (uint64_t)sleb(c); break;
	case 0x0a: v = (uint64_t)(int64_t)(int16_t)rdn(c, 2); break;
	case 0x0b: v = (uint64_t)(int64_t)(int32_t)rdn(c, 4); break;
	case 0x0c: v = rdn(c, 8); break;
	default: c->bad = true; return 0;
	}
	switch (enc & 0x70) {
	case 0x00: break;
	case 0x10: v += at; break;
	default: c->bad = true; return 0;   /* textrel, datarel, funcrel, aligned */
	}
	if (enc & 0x80)
		c->bad = true;                      /* indirect: a pointer in memory */
	return v;
}

/* v * data_align as the two's complement product: a hostile factor wraps instead of
 * overflowing (the result is then refused by fits16/fits32 or is merely wrong) */
static int64_t scaled(uint64_t v, int64_t data_align)
{
	return (int64_t)(v * (uint64_t)data_align);
}

static int reg_index(uint64_t reg, uint64_t ra_reg)
{
	if (reg == REG_RBP)
		return 0;
	if (reg == REG_RSP)
		return 1;
	if (reg == ra_reg)
		return 2;
	return -1;
}

/* ---- rows ---- */

/* DW_OP_breg7 K: the block is exactly that; *k gets K. With deref: followed by DW_OP_deref. */
static bool expr_breg7(const uint8_t *e, uint64_t len, bool deref, int64_t *k)
{
	struct cur c = { e, e + len, false };
	if (rd8(&c) != 0x77)
		return false;
	*k = sleb(&c);
	if (deref && rd8(&c) != 0x06)
		return false;
	return !c.bad && c.p == c.end;
}

/* The PLT's CFA: rsp + 8 + ((rip & 15) >= N) << 3, as binutils writes it; *n gets N. */
static bool expr_plt(const uint8_t *e, uint64_t len, int64_t *n)
{
	static const uint8_t head[] = { 0x77, 0x08, 0x80, 0x00, 0x3f, 0x1a };
	static const uint8_t tail[] = { 0x2a, 0x33, 0x24, 0x22 };
	if (len != sizeof head + 1 + sizeof tail || memcmp(e, head, sizeof head) != 0 ||
	    memcmp(e + sizeof head + 1, tail, sizeof tail) != 0)
		return false;
	uint8_t lit = e[sizeof head];
	if (lit < 0x30 || lit > 0x4f)
		return false;
	*n = lit - 0x30;
	return true;
}

static bool fits16(int64_t v)
{
	return v >= INT16_MIN && v <= INT16_MAX;
}

static bool fits32(int64_t v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

static struct cfi_row row_of(const struct state *s, const struct cie *ci, struct cfi_stats *st)
{
	struct cfi_row r = { 0 };
	const struct rule *rbp = &s->reg[0], *ra = &s->reg[2];
	int64_t k;

	if (ra->kind == R_UNDEF) {
		r.cfa = CFI_CFA_END;
		return r;
	}
	if (ci->signal && s->cfa_expr) {
		int64_t rk, bk = 0;
		if (expr_breg7(s->cfa_expr, s->cfa_exprlen, true, &k) && fits32(k) &&
		    ra->kind == R_EXPR && expr_breg7(ra->expr, ra->exprlen, false, &rk) &&
		    fits16(rk) && (rbp->kind != R_EXPR ||
				   (expr_breg7(rbp->expr, rbp->exprlen, false, &bk) && fits16(bk)))) {
			r.cfa = CFI_CFA_SIGNAL;
			r.cfa_off = (int32_t)k;
			r.ra_off = (int16_t)rk;
			r.rbp = rbp->kind == R_EXPR ? CFI_RBP_RSP : CFI_RBP_LOST;
			r.rbp_off = (int16_t)bk;
			return r;
		}
		goto expr;
	}
	if (s->cfa_expr) {
		if (!expr_plt(s->cfa_expr, s->cfa_exprlen, &k))
			goto expr;
		r.cfa = CFI_CFA_PLT;
		r.cfa_off = (int32_t)k;
	} else if ((s->cfa_reg == REG_RSP || s->cfa_reg == REG_RBP) && fits32(s->cfa_off)) {
		r.cfa = s->cfa_reg == REG_RSP ? CFI_CFA_RSP : CFI_CFA_RBP;
		r.cfa_off = (int32_t)s->cfa_off;
	} else {
		goto expr;
	}
	if (ra->kind != R_OFFSET || !fits16(ra->off))
		goto expr;
	r.ra_off = (int16_t)ra->off;
	switch (rbp->kind) {
	case R_UNDEF: case R_SAME:
		r.rbp = CFI_RBP_SAME;
		break;
	case R_OFFSET:
		if (fits16(rbp->off)) {
			r.rbp = CFI_RBP_CFA;
			r.rbp_off = (int16_t)rbp->off;
			break;
		}
		/* fall through */
	default:
		r.rbp = CFI_RBP_LOST;
		break;
	}
	return r;
expr:
	memset(&r, 0, sizeof r);
	r.cfa = CFI_CFA_EXPR;
	st->expr_rows++;
	return r;
}

static void push_row(struct cfi_rows *rows, uint64_t pc, struct cfi_row r)
{
	if (rows->n == rows->cap)
		xgrow(&rows->v, sizeof *rows->v, &rows->cap, rows->n + 1);
	rows->v[rows->n] = (struct cfi_prow){ pc, r, (uint32_t)rows->n };
	rows->n++;
}

/* ---- CFA programs ---- */

struct interp {
	const struct cie *ci;
	struct state s, init;
	struct state stack[CFI_STATE_DEPTH];
	int depth;
	uint64_t loc, end;
	uint64_t fde_vaddr_base;      /* vaddr of buf[0], for DW_CFA_set_loc's pc-relative form */
	const uint8_t *buf;
	struct cfi_rows *rows;
	struct cfi_stats *st;
	bool emit;                    /* false while running the CIE's initial instructions */
};

static void set_rule(struct interp *in, uint64_t reg, struct rule r)
{
	int i = reg_index(reg, in->ci->ra_reg);
	if (i >= 0)
		in->s.reg[i] = r;
}

static void advance(struct interp *in, uint64_t to)
{
	if (!in->emit || to <= in->loc)
		return;
	push_row(in->rows, in->loc, row_of(&in->s, in->ci, in->st));
	in->st->rows++;
	in->loc = to > in->end ? in->end : to;
}

/* Run the instructions [p, end). Returns false on a malformed or unknown instruction. */
static bool run(struct interp *in, const uint8_t *p, const uint8_t *end)
{
	struct cur c = { p, end, false };
	const struct cie *ci = in->ci;
	while (c.p < c.end && !c.bad) {
		uint8_t op = rd8(&c);
		uint64_t reg, delta;
		struct rule r = { 0 };
		switch (op >> 6) {
		case 1:
			advance(in, in->loc + (uint64_t)(op & 0x3f) * ci->code_align);
			continue;
		case 2:
			r.kind = R_OFFSET;
			r.off = scaled(uleb(&c), ci->data_align);
			set_rule(in, op & 0x3f, r);
			continue;
		case 3: {
			int i = reg_index(op & 0x3f, ci->ra_reg);
			if (i >= 0)
				in->s.reg[i] = in->init.reg[i];
			continue;
		}
		}
		switch (op) {
		case 0x00: break;                                   /* nop */
		case 0x01: {                                        /* set_loc */
			uint64_t at = in->fde_vaddr_base + (uint64_t)(c.p - in->buf);
			uint64_t to = rdptr(&c, ci->fde_enc, at, ci->addr_size);
			if (c.bad)
				return false;
			advance(in, to);
			break;
		}
		case 0x02: delta = rdn(&c, 1); goto adv;
		case 0x03: delta = rdn(&c, 2); goto adv;
		case 0x04: delta = rdn(&c, 4); goto adv;
		adv:
			if (c.bad)
				return false;
			advance(in, in->loc + delta * ci->code_align);
			break;
		case 0x05:                                          /* offset_extended */
			reg = uleb(&c);
			r.kind = R_OFFSET;
			r.off = scaled(uleb(&c), ci->data_align);
			set_rule(in, reg, r);
			break;
		case 0x06: {                                        /* restore_extended */
			int i = reg_index(uleb(&c), ci->ra_reg);
			if (i >= 0)
				in->s.reg[i] = in->init.reg[i];
			break;
		}
		case 0x07:                                          /* undefined */
			r.kind = R_UNDEF;
			set_rule(in, uleb(&c), r);
			break;
		case 0x08:                                          /* same_value */
			r.kind = R_SAME;
			set_rule(in, uleb(&c), r);
			break;
		case 0x09:                                          /* register */
			reg = uleb(&c);
			r.kind = R_REGISTER;
			r.off = (int64_t)uleb(&c);
			set_rule(in, reg, r);
			break;
		case 0x0a:                                          /* remember_state */
			if (in->depth == CFI_STATE_DEPTH)
				return false;
			in->stack[in->depth++] = in->s;
			break;
		case 0x0b:                                          /* restore_state */
			if (in->depth == 0)
				return false;
			{
				/* the CFA is not part of what remember_state saves in GCC's and
				 * LLVM's unwinders either, but both restore it: DWARF 5 says the
				 * whole row is pushed, so restore all of it */
				in->s = in->stack[--in->depth];
			}
			break;
		case 0x0c:                                          /* def_cfa */
			in->s.cfa_reg = uleb(&c);
			in->s.cfa_off = (int64_t)uleb(&c);
			in->s.cfa_expr = NULL;
			break;
		case 0x0d:                                          /* def_cfa_register */
			in->s.cfa_reg = uleb(&c);
			in->s.cfa_expr = NULL;
			break;
		case 0x0e:                                          /* def_cfa_offset */
			in->s.cfa_off = (int64_t)uleb(&c);
			break;
		case 0x0f: {                                        /* def_cfa_expression */
			uint64_t n = uleb(&c);
			if (c.bad || n > (uint64_t)(c.end - c.p))
				return false;
			in->s.cfa_expr = c.p;
			in->s.cfa_exprlen = n;
			c.p += n;
			break;
		}
		case 0x10: case 0x16: {                             /* (val_)expression */
			reg = uleb(&c);
			uint64_t n = uleb(&c);
			if (c.bad || n > (uint64_t)(c.end - c.p))
				return false;
			r.kind = op == 0x10 ? R_EXPR : R_VAL_EXPR;
			r.expr = c.p;
			r.exprlen = n;
			c.p += n;
			set_rule(in, reg, r);
			break;
		}
		case 0x11:                                          /* offset_extended_sf */
			reg = uleb(&c);
			r.kind = R_OFFSET;
			r.off = scaled((uint64_t)sleb(&c), ci->data_align);
			set_rule(in, reg, r);
			break;
		case 0x12:                                          /* def_cfa_sf */
			in->s.cfa_reg = uleb(&c);
			in->s.cfa_off = scaled((uint64_t)sleb(&c), ci->data_align);
			in->s.cfa_expr = NULL;
			break;
		case 0x13:                                          /* def_cfa_offset_sf */
			in->s.cfa_off = scaled((uint64_t)sleb(&c), ci->data_align);
			break;
		case 0x14:                                          /* val_offset */
			reg = uleb(&c);
			r.kind = R_VAL_OFFSET;
			r.off = scaled(uleb(&c), ci->data_align);
			set_rule(in, reg, r);
			break;
		case 0x15:                                          /* val_offset_sf */
			reg = uleb(&c);
			r.kind = R_VAL_OFFSET;
			r.off = scaled((uint64_t)sleb(&c), ci->data_align);
			set_rule(in, reg, r);
			break;
		case 0x2e:                                          /* GNU_args_size */
			(void)uleb(&c);
			break;
		case 0x2f:                                          /* GNU_negative_offset_ext */
			reg = uleb(&c);
			r.kind = R_OFFSET;
			r.off = scaled(0 - uleb(&c), ci->data_align);
			set_rule(in, reg, r);
			break;
		default:
			return false;
		}
	}
	return !c.bad;
}

/* ---- entries ---- */

static bool parse_cie(const uint8_t *buf, const uint8_t *p, const uint8_t *end, uint64_t vaddr,
		      struct cie *ci)
{
	struct cur c = { p, end, false };
	memset(ci, 0, sizeof *ci);
	ci->addr_size = 8;
	uint8_t version = rd8(&c);
	if (version != 1 && version != 3 && version != 4)
		return false;
	const char *aug = (const char *)c.p;
	const uint8_t *nul = memchr(c.p, 0, (size_t)(c.end - c.p));
	if (!nul)
		return false;
	c.p = nul + 1;
	if (strcmp(aug, "eh") == 0)
		return false;                          /* GCC 2's eh data: not in any object here */
	if (version == 4) {
		ci->addr_size = rd8(&c);
		if (rd8(&c) != 0 || (ci->addr_size != 4 && ci->addr_size != 8))
			return false;                  /* segment selectors */
	}
	ci->code_align = uleb(&c);
	ci->data_align = sleb(&c);
	ci->ra_reg = version == 1 ? rd8(&c) : uleb(&c);
	ci->fde_enc = 0x00;                        /* absolute, address-sized */
	if (aug[0] == 'z') {
		ci->has_z = true;
		uint64_t n = uleb(&c);
		if (c.bad || n > (uint64_t)(c.end - c.p))
			return false;
		struct cur a = { c.p, c.p + n, false };
		c.p += n;
		for (const char *q = aug + 1; *q; q++) {
			switch (*q) {
			case 'L':
				(void)rd8(&a);
				break;
			case 'P': {
				uint8_t enc = rd8(&a);
				uint64_t at = vaddr + (uint64_t)(a.p - buf);
				/* the personality routine may be indirect: read, not followed */
				(void)rdptr(&a, (uint8_t)(enc & 0x7f), at, ci->addr_size);
				break;
			}
			case 'R':
				ci->fde_enc = rd8(&a);
				break;
			case 'S':
				ci->signal = true;
				break;
			case 'B': case 'G':
				break;
			default:
				goto aug_done;             /* unknown: the rest is skipped by its size */
			}
			if (a.bad)
				return false;
		}
	} else if (aug[0] != 0) {
		return false;                          /* unknown augmentation without a size */
	}
aug_done:
	if (c.bad || ci->code_align == 0)
		return false;
	ci->insns = c.p;
	ci->insns_end = c.end;
	return true;
}

static void init_state(struct state *s)
{
	memset(s, 0, sizeof *s);
	s->reg[0].kind = R_SAME;
	s->reg[1].kind = R_SAME;
	s->reg[2].kind = R_SAME;   /* a CIE that says nothing of the RA: not followable (EXPR) */
}

static void add_bounds(struct cfi_rows *rows, uint64_t start, uint64_t end)
{
	if (rows->nfdes == rows->fdecap)
		xgrow(&rows->fdes, sizeof *rows->fdes, &rows->fdecap, rows->nfdes + 1);
	rows->fdes[rows->nfdes][0] = start;
	rows->fdes[rows->nfdes][1] = end;
	rows->nfdes++;
}

static void parse_fde(const uint8_t *buf, const uint8_t *p, const uint8_t *end, uint64_t vaddr,
		      const struct cie *ci, struct cfi_rows *rows, struct cfi_stats *st,
		      struct interp *in)
{
	struct cur c = { p, end, false };
	uint64_t at = vaddr + (uint64_t)(c.p - buf);
	uint64_t start = rdptr(&c, ci->fde_enc, at, ci->addr_size);
	uint64_t range = rdptr(&c, ci->fde_enc & 0x0f, 0, ci->addr_size);
	if (ci->has_z) {
		uint64_t n = uleb(&c);
		if (!c.bad && n <= (uint64_t)(c.end - c.p))
			c.p += n;
		else
			c.bad = true;
	}
	if (c.bad || start + range < start) {
		st->bad++;
		return;
	}
	if (range == 0 || start == 0)
		return;                                /* discarded functions (linker GC) */
	if (rows->nskip) {
		size_t lo = 0, hi = rows->nskip;       /* the last range starting at or below */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (rows->skip[mid][0] <= start)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo > 0 && start < rows->skip[lo - 1][1])
			return;
	}
	st->fdes++;
	if (rows->bounds_only) {
		add_bounds(rows, start, start + range);
		return;
	}
	if (ci->signal)
		st->signal_fdes++;

	/* one interpreter for the whole section (its state stack is big): reset what a run
	 * reads before writing */
	in->ci = ci;
	in->depth = 0;
	in->emit = false;
	in->buf = buf;
	in->fde_vaddr_base = vaddr;
	in->rows = rows;
	in->st = st;
	in->loc = start;
	in->end = start + range;
	init_state(&in->s);
	bool ok = run(in, ci->insns, ci->insns_end);
	in->init = in->s;
	in->depth = 0;
	in->emit = true;
	size_t first = rows->n;
	if (ok)
		ok = run(in, c.p, c.end);
	if (!ok) {
		/* rows made before the bad instruction stand; the rest of the function has no rule
		 * we trust: the walk stops there */
		st->bad++;
		in->s.cfa_expr = NULL;
		in->s.cfa_reg = 0xffff;
	}
	if (in->loc < in->end) {
		push_row(rows, in->loc, row_of(&in->s, ci, st));
		st->rows++;
	}
	for (size_t i = first; i < rows->n; i++)
		if (rows->v[i].r.cfa == CFI_CFA_PLT) {
			st->plt_fdes++;
			break;
		}
	push_row(rows, in->end, (struct cfi_row){ .cfa = CFI_CFA_NONE });
	add_bounds(rows, start, start + range);
}

/* CIEs already parsed, by offset (a small cache: FDEs share few CIEs). */
struct cie_cache {
	size_t off[8];
	struct cie cie[8];
	bool ok[8];
	int n, next;
};

static bool cie_at(struct cie_cache *cc, const uint8_t *buf, size_t len, size_t off,
		   uint64_t vaddr, enum cfi_section kind, struct cfi_stats *st, struct cie *out)
{
	for (int i = 0; i < cc->n; i++)
		if (cc->off[i] == off) {
			*out = cc->cie[i];
			return cc->ok[i];
		}
	/* the CIE's own header: length, id */
	struct cur c = { buf + off, buf + len, false };
	uint64_t n = rdn(&c, 4);
	bool is64 = n == 0xffffffff;
	if (is64)
		n = rdn(&c, 8);
	bool ok = !c.bad && n <= (uint64_t)(c.end - c.p) && n >= (is64 ? 8u : 4u);
	if (ok) {
		const uint8_t *end = c.p + n;
		uint64_t id = rdn(&c, is64 ? 8 : 4);
		uint64_t cie_id = kind == CFI_EH_FRAME ? 0 : is64 ? ~(uint64_t)0 : 0xffffffffu;
		ok = !c.bad && id == cie_id && parse_cie(buf, c.p, end, vaddr, out);
	}
	int slot = cc->n < 8 ? cc->n++ : (cc->next++ & 7);
	cc->off[slot] = off;
	cc->cie[slot] = *out;
	cc->ok[slot] = ok;
	if (ok)
		st->cies++;
	return ok;
}

int cfi_parse(const uint8_t *buf, size_t len, uint64_t vaddr, enum cfi_section kind,
	      struct cfi_rows *rows, struct cfi_stats *st, char *err, size_t errlen)
{
	struct cie_cache *cc = xcalloc(1, sizeof *cc);
	struct interp *in = xcalloc(1, sizeof *in);
	size_t off = 0;
	int rc = 0;
	while (off < len) {
		struct cur c = { buf + off, buf + len, false };
		uint64_t n = rdn(&c, 4);
		if (c.bad) {
			snprintf(err, errlen, "truncated entry header at offset %#zx", off);
			rc = -1;
			break;
		}
		if (n == 0) {
			if (kind == CFI_EH_FRAME)
				break;                 /* the terminator */
			off += 4;
			continue;
		}
		bool is64 = n == 0xffffffff;
		if (is64)
			n = rdn(&c, 8);
		size_t hdr = (size_t)(c.p - (buf + off));
		if (c.bad || n > (uint64_t)(c.end - c.p) || n < (is64 ? 8u : 4u)) {
			snprintf(err, errlen, "entry at offset %#zx runs past the section's end", off);
			rc = -1;
			break;
		}
		const uint8_t *end = c.p + n;
		const uint8_t *idp = c.p;
		uint64_t id = rdn(&c, is64 ? 8 : 4);
		uint64_t cie_id = kind == CFI_EH_FRAME ? 0 : is64 ? ~(uint64_t)0 : 0xffffffffu;
		if (id != cie_id) {
			/* an FDE: its CIE at the pointer (eh_frame: back from the id field;
			 * debug_frame: from the section's start) */
			uint64_t cie_off;
			if (kind == CFI_EH_FRAME)
				cie_off = id <= (uint64_t)(idp - buf) ? (uint64_t)(idp - buf) - id
								       : (uint64_t)-1;
			else
				cie_off = id;
			struct cie ci;
			if (cie_off < len && cie_at(cc, buf, len, (size_t)cie_off, vaddr, kind, st, &ci))
				parse_fde(buf, c.p, end, vaddr, &ci, rows, st, in);
			else
				st->bad++;
		}
		off += hdr + (size_t)n;
	}
	free(cc);
	free(in);
	return rc;
}

static int cmp_prow(const void *a, const void *b)
{
	const struct cfi_prow *x = a, *y = b;
	if (x->pc != y->pc)
		return x->pc < y->pc ? -1 : 1;
	/* at one address a rule beats an end marker; among equals the later one wins, so it
	 * sorts last */
	bool xe = x->r.cfa == CFI_CFA_NONE, ye = y->r.cfa == CFI_CFA_NONE;
	if (xe != ye)
		return xe ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool same_rule(const struct cfi_row *a, const struct cfi_row *b)
{
	return a->cfa == b->cfa && a->cfa_off == b->cfa_off && a->rbp == b->rbp &&
	       a->rbp_off == b->rbp_off && a->ra_off == b->ra_off;
}

struct run { size_t lo, hi; };

static int cmp_run(const void *a, const void *b, void *base)
{
	const struct cfi_prow *v = base;
	return cmp_prow(&v[((const struct run *)a)->lo], &v[((const struct run *)b)->lo]);
}

/* Where a run of rows ends: at a step down, and after each FDE's end marker. */
static bool run_ends(const struct cfi_prow *v, size_t i)
{
	return v[i - 1].r.cfa == CFI_CFA_NONE || cmp_prow(&v[i - 1], &v[i]) > 0;
}

/* Each FDE's rows come in order, ended by its end marker, and FDEs do not overlap: cut at each
 * end marker (and wherever the order steps down), the rows are runs that never interleave, so
 * sorting the runs by their first row sorts the rows, far cheaper than sorting the rows (qsort
 * was a third of building python3.11's table). Cut at steps down alone, python3.11's 71 603
 * rows made 3 882 runs that interleaved (each holding FDEs far apart), and every build fell
 * back to sorting the rows. false, rows unchanged, when that does not give sorted rows. */
static bool sort_runs(struct cfi_rows *rows)
{
	struct cfi_prow *v = rows->v;
	size_t n = rows->n, nruns = 1, down = 0;
	for (size_t i = 1; i < n; i++) {
		nruns += run_ends(v, i);
		down += cmp_prow(&v[i - 1], &v[i]) > 0;
	}
	if (down == 0)
		return true;
	if (nruns > n / 2)
		return false;
	struct run *runs = xcalloc(nruns, sizeof *runs);
	size_t k = 0;
	for (size_t i = 1; i < n; i++)
		if (run_ends(v, i)) {
			runs[k].hi = i;
			runs[++k].lo = i;
		}
	runs[k].hi = n;
	qsort_r(runs, nruns, sizeof *runs, cmp_run, v);
	struct cfi_prow *out = xcalloc(n, sizeof *out);
	size_t w = 0;
	for (size_t i = 0; i < nruns; i++) {
		memcpy(&out[w], &v[runs[i].lo], (runs[i].hi - runs[i].lo) * sizeof *v);
		w += runs[i].hi - runs[i].lo;
	}
	bool ok = true;
	for (size_t i = 1; i < n && ok; i++)
		ok = cmp_prow(&out[i - 1], &out[i]) <= 0;
	if (ok) {
		free(rows->v);
		rows->v = out;
		rows->cap = n;
	} else {
		free(out);
	}
	free(runs);
	return ok;
}

void cfi_rows_compact(struct cfi_rows *rows)
{
	if (rows->n == 0)
		return;
	if (!sort_runs(rows))
		qsort(rows->v, rows->n, sizeof *rows->v, cmp_prow);
	size_t w = 0;
	for (size_t i = 0; i < rows->n; i++) {
		/* of several rows at one pc, the last (the winner) replaces the others */
		if (w > 0 && rows->v[w - 1].pc == rows->v[i].pc) {
			rows->v[w - 1] = rows->v[i];
			if (w > 1 && same_rule(&rows->v[w - 2].r, &rows->v[w - 1].r))
				w--;
			continue;
		}
		if (w > 0 && same_rule(&rows->v[w - 1].r, &rows->v[i].r))
			continue;
		rows->v[w++] = rows->v[i];
	}
	rows->n = w;
	for (size_t i = 0; i < rows->n; i++)
		rows->v[i].seq = (uint32_t)i;
}

const struct cfi_prow *cfi_rows_find(const struct cfi_rows *rows, uint64_t pc)
{
	size_t lo = 0, hi = rows->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rows->v[mid].pc <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo == 0 ? NULL : &rows->v[lo - 1];
}

void cfi_rows_free(struct cfi_rows *rows)
{
	free(rows->v);
	free(rows->fdes);
	memset(rows, 0, sizeof *rows);
}

void cfi_row_str(const struct cfi_row *r, char *cfa, size_t cfalen, char *ra, size_t ralen,
		 char *rbp, size_t rbplen)
{
	switch (r->cfa) {
	case CFI_CFA_RSP: snprintf(cfa, cfalen, "rsp%+d", r->cfa_off); break;
	case CFI_CFA_RBP: snprintf(cfa, cfalen, "rbp%+d", r->cfa_off); break;
	case CFI_CFA_PLT: case CFI_CFA_SIGNAL: case CFI_CFA_EXPR: snprintf(cfa, cfalen, "exp"); break;
	case CFI_CFA_END: snprintf(cfa, cfalen, "end"); break;
	default: snprintf(cfa, cfalen, "none"); break;
	}
	if (r->cfa == CFI_CFA_RSP || r->cfa == CFI_CFA_RBP || r->cfa == CFI_CFA_PLT)
		snprintf(ra, ralen, "c%+d", r->ra_off);
	else if (r->cfa == CFI_CFA_SIGNAL)
		snprintf(ra, ralen, "exp");
	else if (r->cfa == CFI_CFA_END)
		snprintf(ra, ralen, "u");
	else
		snprintf(ra, ralen, "?");
	switch (r->rbp) {
	case CFI_RBP_CFA: snprintf(rbp, rbplen, "c%+d", r->rbp_off); break;
	case CFI_RBP_RSP: snprintf(rbp, rbplen, "exp"); break;
	case CFI_RBP_LOST: snprintf(rbp, rbplen, "?"); break;
	default: snprintf(rbp, rbplen, "u"); break;
	}
}
