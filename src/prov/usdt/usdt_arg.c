/* usdt_arg.c — decode stapsdt argument specs ("-4@%edi", "8@16(%rbx,%rcx,8)") into locations.
 *
 * The operand grammar is the subset of AT&T syntax that gcc and clang print for an asm operand
 * with the "nor" constraint, plus what hand-written notes use:
 *
 *   arg     := [ ['-'] SIZE ['f'] '@' ] operand
 *   operand := '%' REG | '$' expr | '%fs:' expr | [expr] '(' [%base] [',' %index [',' scale]] ')'
 *              | expr
 *   expr    := term { ('+' | '-') term }      at most one symbol term, never subtracted
 *   term    := NUMBER | SYMBOL ['@' RELOC]    RELOC is only "tpoff", and only after "%fs:"
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "usdt_arg.h"
#include "util.h"

struct reg_alias {
	const char *name;
	enum usdt_reg reg;
	uint8_t width, shift;
};

static const struct reg_alias reg_aliases[] = {
	{"rax", USDT_REG_RAX, 8, 0}, {"eax", USDT_REG_RAX, 4, 0}, {"ax", USDT_REG_RAX, 2, 0},
	{"al", USDT_REG_RAX, 1, 0},  {"ah", USDT_REG_RAX, 1, 8},
	{"rbx", USDT_REG_RBX, 8, 0}, {"ebx", USDT_REG_RBX, 4, 0}, {"bx", USDT_REG_RBX, 2, 0},
	{"bl", USDT_REG_RBX, 1, 0},  {"bh", USDT_REG_RBX, 1, 8},
	{"rcx", USDT_REG_RCX, 8, 0}, {"ecx", USDT_REG_RCX, 4, 0}, {"cx", USDT_REG_RCX, 2, 0},
	{"cl", USDT_REG_RCX, 1, 0},  {"ch", USDT_REG_RCX, 1, 8},
	{"rdx", USDT_REG_RDX, 8, 0}, {"edx", USDT_REG_RDX, 4, 0}, {"dx", USDT_REG_RDX, 2, 0},
	{"dl", USDT_REG_RDX, 1, 0},  {"dh", USDT_REG_RDX, 1, 8},
	{"rsi", USDT_REG_RSI, 8, 0}, {"esi", USDT_REG_RSI, 4, 0}, {"si", USDT_REG_RSI, 2, 0},
	{"sil", USDT_REG_RSI, 1, 0},
	{"rdi", USDT_REG_RDI, 8, 0}, {"edi", USDT_REG_RDI, 4, 0}, {"di", USDT_REG_RDI, 2, 0},
	{"dil", USDT_REG_RDI, 1, 0},
	{"rbp", USDT_REG_RBP, 8, 0}, {"ebp", USDT_REG_RBP, 4, 0}, {"bp", USDT_REG_RBP, 2, 0},
	{"bpl", USDT_REG_RBP, 1, 0},
	{"rsp", USDT_REG_RSP, 8, 0}, {"esp", USDT_REG_RSP, 4, 0}, {"sp", USDT_REG_RSP, 2, 0},
	{"spl", USDT_REG_RSP, 1, 0},
	{"rip", USDT_REG_RIP, 8, 0},
};

/* pt_regs slot of each general register, in units of 8 bytes (see struct pt_regs on x86-64). */
static const int ptregs_slot[USDT_REG_RIP + 1] = {
	[USDT_REG_R15] = 0, [USDT_REG_R14] = 1, [USDT_REG_R13] = 2, [USDT_REG_R12] = 3,
	[USDT_REG_RBP] = 4, [USDT_REG_RBX] = 5, [USDT_REG_R11] = 6, [USDT_REG_R10] = 7,
	[USDT_REG_R9] = 8,  [USDT_REG_R8] = 9,  [USDT_REG_RAX] = 10, [USDT_REG_RCX] = 11,
	[USDT_REG_RDX] = 12, [USDT_REG_RSI] = 13, [USDT_REG_RDI] = 14,
	/* 15 is orig_rax */
	[USDT_REG_RIP] = 16,
	/* 17 cs, 18 eflags */
	[USDT_REG_RSP] = 19,
};

static const char *const reg64_names[USDT_REG_COUNT] = {
	[USDT_REG_RAX] = "rax", [USDT_REG_RBX] = "rbx", [USDT_REG_RCX] = "rcx",
	[USDT_REG_RDX] = "rdx", [USDT_REG_RSI] = "rsi", [USDT_REG_RDI] = "rdi",
	[USDT_REG_RBP] = "rbp", [USDT_REG_RSP] = "rsp", [USDT_REG_R8] = "r8",
	[USDT_REG_R9] = "r9",   [USDT_REG_R10] = "r10", [USDT_REG_R11] = "r11",
	[USDT_REG_R12] = "r12", [USDT_REG_R13] = "r13", [USDT_REG_R14] = "r14",
	[USDT_REG_R15] = "r15", [USDT_REG_RIP] = "rip",
	[USDT_REG_XMM0] = "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
	"xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",
};

/* Parse a decimal number in [lo, hi] from s[0..len). */
static bool parse_small_uint(const char *s, size_t len, unsigned lo, unsigned hi, unsigned *out)
{
	unsigned v = 0;
	if (len == 0 || len > 3)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return false;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

enum usdt_reg usdt_reg_lookup(const char *name, size_t len, uint8_t *width, uint8_t *shift)
{
	uint8_t w = 8, sh = 0;
	enum usdt_reg reg = USDT_REG_NONE;
	unsigned n;

	if (len > 0 && name[0] == '%') {
		name++;
		len--;
	}
	for (size_t i = 0; i < sizeof(reg_aliases) / sizeof(reg_aliases[0]); i++) {
		const struct reg_alias *a = &reg_aliases[i];
		if (strlen(a->name) == len && memcmp(a->name, name, len) == 0) {
			reg = a->reg;
			w = a->width;
			sh = a->shift;
			goto found;
		}
	}
	if (len >= 4 && memcmp(name, "xmm", 3) == 0 && parse_small_uint(name + 3, len - 3, 0, 15, &n)
	    && !(len == 5 && name[3] == '0')) {
		reg = (enum usdt_reg)(USDT_REG_XMM0 + n);
		w = 16;
		goto found;
	}
	if (len >= 2 && name[0] == 'r') {
		/* r8..r15 with an optional width suffix: d (32), w (16), b or l (8). */
		size_t digits = 1;
		while (digits < len && isdigit((unsigned char)name[digits]))
			digits++;
		if (!parse_small_uint(name + 1, digits - 1, 8, 15, &n) || (digits == 3 && name[1] == '0'))
			return USDT_REG_NONE;
		if (digits == len)
			w = 8;
		else if (digits + 1 == len && name[digits] == 'd')
			w = 4;
		else if (digits + 1 == len && name[digits] == 'w')
			w = 2;
		else if (digits + 1 == len && (name[digits] == 'b' || name[digits] == 'l'))
			w = 1;
		else
			return USDT_REG_NONE;
		reg = (enum usdt_reg)(USDT_REG_R8 + (n - 8));
		goto found;
	}
	return USDT_REG_NONE;
found:
	if (width)
		*width = w;
	if (shift)
		*shift = sh;
	return reg;
}

const char *usdt_reg_name(enum usdt_reg reg)
{
	if (reg <= USDT_REG_NONE || reg >= USDT_REG_COUNT)
		return NULL;
	return reg64_names[reg];
}

int usdt_reg_ptregs_offset(enum usdt_reg reg)
{
	if (reg <= USDT_REG_NONE || reg > USDT_REG_RIP)
		return -1;
	return ptregs_slot[reg] * 8;
}

/* The name of a register viewed at a width and shift ("eax", "ah", "r9b"), for describe. */
static void reg_subname(struct strbuf *b, enum usdt_reg reg, int width, int shift)
{
	for (size_t i = 0; i < sizeof(reg_aliases) / sizeof(reg_aliases[0]); i++) {
		const struct reg_alias *a = &reg_aliases[i];
		if (a->reg == reg && a->width == width && a->shift == shift) {
			strbuf_printf(b, "%%%s", a->name);
			return;
		}
	}
	if (reg >= USDT_REG_R8 && reg <= USDT_REG_R15) {
		static const char suffix[9] = {[1] = 'b', [2] = 'w', [4] = 'd'};
		strbuf_printf(b, "%%%s", reg64_names[reg]);
		if (width < 8 && suffix[width])
			strbuf_putc(b, suffix[width]);
		return;
	}
	strbuf_printf(b, "%%%s", usdt_reg_name(reg) ? usdt_reg_name(reg) : "?");
}

/* ---- the parser ---- */

struct parser {
	const char *s, *end;
	struct usdt_arg *out;
	bool failed;
};

static int fail(struct parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	struct strbuf b = {0};
	if (p->failed)
		return -1;
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	p->out->error = strbuf_take(&b);
	p->failed = true;
	return -1;
}

static bool is_sym_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.';
}

static bool is_sym_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* A number as gas reads it: decimal, 0x hex, 0b binary, leading-0 octal. Wraps modulo 2^64 so
 * "$0xffffffffffffffff" and "$-1" mean the same 64 bits. */
static int parse_number(struct parser *p, uint64_t *out)
{
	const char *s = p->s;
	int base = 10;
	uint64_t v = 0;
	bool any = false, overflow = false;

	if (s + 1 < p->end && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s + 1 < p->end && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	} else if (s < p->end && s[0] == '0') {
		base = 8;
	}
	for (; s < p->end; s++) {
		int d;
		char c = *s;
		if (isdigit((unsigned char)c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		if (d >= base)
			return fail(p, "bad number '%.*s'", (int)(p->end - p->s), p->s);
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			overflow = true;
		v = v * (uint64_t)base + (uint64_t)d;
		any = true;
	}
	if (!any)
		return fail(p, "bad number '%.*s'", (int)(p->end - p->s), p->s);
	if (overflow)
		return fail(p, "number out of range '%.*s'", (int)(s - p->s), p->s);
	p->s = s;
	*out = v;
	return 0;
}

/* expr (see the grammar at the top). Symbol terms fill out->sym; a tpoff relocation is accepted
 * only when allow_tpoff, and then required to be present if there is a symbol. */
static int parse_expr(struct parser *p, bool allow_tpoff, bool *saw_tpoff)
{
	uint64_t sum = 0;
	bool neg = false, first = true;

	for (;;) {
		if (p->s < p->end && (*p->s == '+' || *p->s == '-')) {
			neg = *p->s == '-';
			p->s++;
		} else if (!first) {
			break;
		}
		if (p->s >= p->end)
			return fail(p, first && !neg ? "missing value" : "expression ends after a sign");
		if (isdigit((unsigned char)*p->s)) {
			uint64_t v = 0;
			if (parse_number(p, &v) < 0)
				return -1;
			sum = neg ? sum - v : sum + v;
		} else if (is_sym_start(*p->s)) {
			const char *start = p->s;
			while (p->s < p->end && is_sym_char(*p->s))
				p->s++;
			if (p->out->sym)
				return fail(p, "two symbols in one operand ('%s' and '%.*s')",
					    p->out->sym, (int)(p->s - start), start);
			if (neg)
				return fail(p, "negated symbol '-%.*s' is not supported",
					    (int)(p->s - start), start);
			p->out->sym = xstrndup(start, (size_t)(p->s - start));
			if (p->s < p->end && *p->s == '@') {
				const char *r = ++p->s;
				while (p->s < p->end && isalnum((unsigned char)*p->s))
					p->s++;
				if (allow_tpoff && (size_t)(p->s - r) == 5 && strncasecmp(r, "tpoff", 5) == 0) {
					*saw_tpoff = true;
				} else {
					return fail(p, "unsupported relocation '@%.*s' on symbol '%s'",
						    (int)(p->s - r), r, p->out->sym);
				}
			}
		} else {
			return fail(p, "unexpected '%c' in expression", *p->s);
		}
		first = false;
		neg = false;
	}
	p->out->disp = (int64_t)sum;
	return 0;
}

/* '%' REG at p->s; returns the register and its width/shift. */
static int parse_reg(struct parser *p, enum usdt_reg *reg, uint8_t *width, uint8_t *shift)
{
	const char *start = p->s;
	if (p->s >= p->end || *p->s != '%')
		return fail(p, "expected a register at '%.*s'", (int)(p->end - p->s), p->s);
	p->s++;
	while (p->s < p->end && isalnum((unsigned char)*p->s))
		p->s++;
	*reg = usdt_reg_lookup(start + 1, (size_t)(p->s - start - 1), width, shift);
	if (*reg == USDT_REG_NONE)
		return fail(p, "unknown register '%.*s'", (int)(p->s - start), start);
	return 0;
}

/* "(%base,%index,scale)" with p->s at '('. */
static int parse_mem_parens(struct parser *p)
{
	struct usdt_arg *a = p->out;
	uint8_t w, sh;

	p->s++;
	if (p->s < p->end && *p->s == ')')
		return fail(p, "empty memory operand '()'");
	if (p->s < p->end && *p->s != ',') {
		if (parse_reg(p, &a->base, &w, &sh) < 0)
			return -1;
		if (w != 8 || a->base >= USDT_REG_XMM0)
			return fail(p, "base register must be a 64-bit general register");
	}
	if (p->s < p->end && *p->s == ',') {
		p->s++;
		if (parse_reg(p, &a->index, &w, &sh) < 0)
			return -1;
		if (w != 8 || a->index >= USDT_REG_XMM0 || a->index == USDT_REG_RIP ||
		    a->index == USDT_REG_RSP)
			return fail(p, "index register must be a 64-bit general register other than "
				    "%%rsp and %%rip");
		a->scale = 1;
		if (p->s < p->end && *p->s == ',') {
			const char *d = ++p->s;
			unsigned sc;
			while (p->s < p->end && isdigit((unsigned char)*p->s))
				p->s++;
			if (!parse_small_uint(d, (size_t)(p->s - d), 1, 8, &sc) ||
			    (sc != 1 && sc != 2 && sc != 4 && sc != 8))
				return fail(p, "bad scale '%.*s'", (int)(p->s - d), d);
			a->scale = (uint8_t)sc;
		}
	}
	if (p->s >= p->end || *p->s != ')')
		return fail(p, "expected ')' in memory operand");
	p->s++;
	if (a->base == USDT_REG_NONE && a->index == USDT_REG_NONE)
		return fail(p, "empty memory operand '()'");
	if (a->base == USDT_REG_RIP && (a->index != USDT_REG_NONE || !a->sym))
		return fail(p, "%%rip-relative operand without a symbol cannot be located");
	return 0;
}

static int parse_operand(struct parser *p)
{
	struct usdt_arg *a = p->out;
	bool tpoff = false;

	if (p->s >= p->end)
		return fail(p, "empty operand");
	if (*p->s == '$') {
		p->s++;
		a->kind = USDT_LOC_IMM;
		return parse_expr(p, false, &tpoff);
	}
	if (p->end - p->s >= 4 && strncmp(p->s, "%fs:", 4) == 0) {
		p->s += 4;
		a->kind = USDT_LOC_TLS;
		if (p->s < p->end && *p->s == '(')
			return fail(p, "register-relative %%fs: operand is not supported");
		if (parse_expr(p, true, &tpoff) < 0)
			return -1;
		if (a->sym && !tpoff)
			return fail(p, "%%fs: symbol '%s' without @tpoff is not supported", a->sym);
		return 0;
	}
	if (*p->s == '%') {
		if (p->end - p->s >= 4 && p->s[3] == ':')
			return fail(p, "unsupported segment '%.3s'", p->s);
		a->kind = USDT_LOC_REG;
		if (parse_reg(p, &a->reg, &a->reg_width, &a->reg_shift) < 0)
			return -1;
		if (a->reg == USDT_REG_RIP)
			return fail(p, "%%rip as a value is not supported");
		return 0;
	}
	a->kind = USDT_LOC_MEM;
	if (*p->s != '(' && parse_expr(p, false, &tpoff) < 0)
		return -1;
	if (p->s < p->end && *p->s == '(')
		return parse_mem_parens(p);
	return 0;
}

int usdt_arg_parse(const char *text, size_t len, struct usdt_arg *out)
{
	struct parser p = {text, text + len, out, false};
	const char *q = text;

	memset(out, 0, sizeof(*out));
	out->spec = xstrndup(text, len);

	/* A size prefix is digits followed, after an optional 'f', by '@'; anything else is the
	 * old prefix-less form ("-8(%rbp)" starts with a digit run too, but no '@' follows). */
	if (q < p.end && *q == '-')
		q++;
	const char *digits = q;
	while (q < p.end && isdigit((unsigned char)*q))
		q++;
	const char *after = q;
	if (q < p.end && *q == 'f')
		q++;
	if (after > digits && q < p.end && *q == '@') {
		unsigned size;
		out->is_signed = text[0] == '-';
		out->is_float = after < q;
		if (!parse_small_uint(digits, (size_t)(after - digits), 1, 8, &size) ||
		    (size != 1 && size != 2 && size != 4 && size != 8)) {
			fail(&p, "bad size '%.*s'", (int)(after - digits), digits);
			goto bad;
		}
		out->size = (int)size;
		if (out->is_float && size != 4 && size != 8) {
			fail(&p, "bad float size '%u'", size);
			goto bad;
		}
		p.s = q + 1;
	} else {
		out->size = 8;
		out->is_signed = true;
	}
	if (parse_operand(&p) < 0)
		goto bad;
	if (p.s != p.end) {
		fail(&p, "unsupported operand '%.*s'", (int)(p.end - p.s), p.s);
		goto bad;
	}
	if (out->kind == USDT_LOC_REG && out->reg >= USDT_REG_XMM0 && !out->is_float &&
	    out->size != 8 && out->size != 4) {
		fail(&p, "bad size %d for an xmm register", out->size);
		goto bad;
	}
	return 0;
bad:
	out->kind = USDT_LOC_INVALID;
	return -1;
}

int usdt_args_parse(const char *argstr, struct usdt_arg **args, int *nbad)
{
	struct usdt_arg *v = NULL;
	size_t cap = 0;
	int n = 0, bad = 0;
	const char *s = argstr;

	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		const char *start = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n')
			s++;
		xgrow(&v, sizeof(*v), &cap, (size_t)n + 1);
		if (usdt_arg_parse(start, (size_t)(s - start), &v[n]) < 0)
			bad++;
		n++;
	}
	*args = v;
	if (nbad)
		*nbad = bad;
	return n;
}

void usdt_arg_free(struct usdt_arg *a)
{
	if (!a)
		return;
	free(a->spec);
	free(a->sym);
	free(a->error);
	a->spec = a->sym = a->error = NULL;
}

void usdt_args_free(struct usdt_arg *args, int nargs)
{
	for (int i = 0; i < nargs; i++)
		usdt_arg_free(&args[i]);
	free(args);
}

const char *usdt_arg_native_type(const struct usdt_arg *a)
{
	if (a->is_float)
		return a->size == 4 ? "float" : "double";
	switch (a->size) {
	case 1: return a->is_signed ? "int8_t" : "uint8_t";
	case 2: return a->is_signed ? "int16_t" : "uint16_t";
	case 4: return a->is_signed ? "int32_t" : "uint32_t";
	default: return a->is_signed ? "int64_t" : "uint64_t";
	}
}

/* "sym+16", "sym-8", "16", "sym" (disp printed signed); nothing when both are absent and
 * print_zero is false. */
static void put_symdisp(struct strbuf *b, const struct usdt_arg *a, bool print_zero)
{
	if (a->sym) {
		strbuf_puts(b, a->sym);
		if (a->kind == USDT_LOC_TLS)
			strbuf_puts(b, "@tpoff");
		if (a->disp)
			strbuf_printf(b, "%+lld", (long long)a->disp);
	} else if (a->disp || print_zero) {
		strbuf_printf(b, "%lld", (long long)a->disp);
	}
}

char *usdt_arg_describe(const struct usdt_arg *a)
{
	struct strbuf b = {0};

	switch (a->kind) {
	case USDT_LOC_INVALID:
		strbuf_printf(&b, "invalid: %s", a->error ? a->error : "?");
		break;
	case USDT_LOC_REG:
		reg_subname(&b, a->reg, a->reg_width, a->reg_shift);
		break;
	case USDT_LOC_IMM:
		strbuf_putc(&b, '$');
		put_symdisp(&b, a, true);
		break;
	case USDT_LOC_TLS:
		strbuf_puts(&b, "%fs:");
		put_symdisp(&b, a, true);
		break;
	case USDT_LOC_MEM:
		put_symdisp(&b, a, a->base == USDT_REG_NONE && a->index == USDT_REG_NONE);
		if (a->base != USDT_REG_NONE || a->index != USDT_REG_NONE) {
			strbuf_putc(&b, '(');
			if (a->base != USDT_REG_NONE)
				strbuf_printf(&b, "%%%s", usdt_reg_name(a->base));
			if (a->index != USDT_REG_NONE)
				strbuf_printf(&b, ",%%%s,%d", usdt_reg_name(a->index), a->scale);
			strbuf_putc(&b, ')');
		}
		break;
	}
	return strbuf_take(&b);
}
