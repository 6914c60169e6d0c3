/* dfmt.c — D printf formats: parsing, argument checking, run-time formatting.
 *
 * The numeric conversions are done the way libdtrace does them: rebuild a C conversion from the
 * parsed flags, width and precision, and hand it to the C library with the value widened from
 * its D size. Everything dtrace adds (%a %k %S %Y...) turns the value into a string first and then
 * goes through "%s" with the same flags, width and precision. */
#include "dfmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

enum dfmt_check {
	CK_NONE,     /* %% */
	CK_ADDR,     /* pointer or integer */
	CK_KADDR,    /* pointer, integer or sym() address */
	CK_UADDR,    /* usym() address; pointer or integer only with a target process */
	CK_STACK,
	CK_TIME,     /* 64-bit integer */
	CK_STR,
	CK_WSTR,     /* array of 4-byte integers (dtrace's wchar_t []) */
	CK_CSI,      /* integer of at most 4 bytes */
	CK_FP,
	CK_XINT,     /* any integer */
	CK_DINT,     /* any integer; remembers the signedness */
	CK_TYPE,     /* exactly the type named by tsize/tsigned (or long double) */
	CK_XRANK,    /* integer of the C type `rank`, either signedness (%hx %lx %llx) */
};

struct dfmt_convdef {
	const char *name;
	enum dfmt_kind kind;
	char cconv;          /* the C conversion character used to print */
	enum dfmt_check check;
	const char *proto;   /* prototype as dtrace states it in messages */
	unsigned tsize;      /* CK_TYPE */
	bool tsigned;        /* CK_TYPE */
	enum dfmt_irank rank; /* CK_XRANK */
};

static const char proto_xint[] = "char, short, int, long, or long long";
static const char proto_csi[] = "char, short, or int";
static const char proto_fp[] = "float, double, or long double";
static const char proto_addr[] = "pointer or integer";
static const char proto_uaddr[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char proto_cstr[] = "char [] or string (or use stringof)";

static const struct dfmt_convdef convdefs[] = {
	{ "a", DFMT_K_ADDR, 's', CK_KADDR, proto_addr, 0, 0, DFMT_IR_OTHER },
	{ "A", DFMT_K_UADDR, 's', CK_UADDR, proto_uaddr, 0, 0, DFMT_IR_OTHER },
	{ "c", DFMT_K_SINT, 'c', CK_CSI, proto_csi, 0, 0, DFMT_IR_OTHER },
	{ "C", DFMT_K_ECHR, 's', CK_CSI, proto_csi, 0, 0, DFMT_IR_OTHER },
	{ "d", DFMT_K_DINT, 'd', CK_DINT, proto_xint, 0, 0, DFMT_IR_OTHER },
	{ "e", DFMT_K_FLOAT, 'e', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "E", DFMT_K_FLOAT, 'E', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "f", DFMT_K_FLOAT, 'f', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "F", DFMT_K_FLOAT, 'F', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "g", DFMT_K_FLOAT, 'g', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "G", DFMT_K_FLOAT, 'G', CK_FP, proto_fp, 0, 0, DFMT_IR_OTHER },
	{ "hd", DFMT_K_SINT, 'd', CK_TYPE, "short", 2, true, DFMT_IR_OTHER },
	{ "hi", DFMT_K_SINT, 'i', CK_TYPE, "short", 2, true, DFMT_IR_OTHER },
	{ "ho", DFMT_K_UINT, 'o', CK_TYPE, "unsigned short", 2, false, DFMT_IR_OTHER },
	{ "hu", DFMT_K_UINT, 'u', CK_TYPE, "unsigned short", 2, false, DFMT_IR_OTHER },
	{ "hx", DFMT_K_UINT, 'x', CK_XRANK, "short", 0, false, DFMT_IR_SHORT },
	{ "hX", DFMT_K_UINT, 'X', CK_XRANK, "short", 0, false, DFMT_IR_SHORT },
	{ "i", DFMT_K_DINT, 'i', CK_DINT, proto_xint, 0, 0, DFMT_IR_OTHER },  /* as %d (dt_printf.c) */
	{ "k", DFMT_K_STACK, 's', CK_STACK, "stack", 0, 0, DFMT_IR_OTHER },
	{ "lc", DFMT_K_SINT, 'c', CK_TYPE, "int", 4, true, DFMT_IR_OTHER },
	{ "ls", DFMT_K_WSTR, 's', CK_WSTR, "wchar_t []", 0, 0, DFMT_IR_OTHER },
	{ "ld", DFMT_K_SINT, 'd', CK_TYPE, "long", 8, true, DFMT_IR_OTHER },
	{ "li", DFMT_K_SINT, 'i', CK_TYPE, "long", 8, true, DFMT_IR_OTHER },
	{ "lo", DFMT_K_UINT, 'o', CK_TYPE, "unsigned long", 8, false, DFMT_IR_OTHER },
	{ "lu", DFMT_K_UINT, 'u', CK_TYPE, "unsigned long", 8, false, DFMT_IR_OTHER },
	{ "lx", DFMT_K_UINT, 'x', CK_XRANK, "long", 0, false, DFMT_IR_LONG },
	{ "lX", DFMT_K_UINT, 'X', CK_XRANK, "long", 0, false, DFMT_IR_LONG },
	{ "lld", DFMT_K_SINT, 'd', CK_TYPE, "long long", 8, true, DFMT_IR_OTHER },
	{ "lli", DFMT_K_SINT, 'i', CK_TYPE, "long long", 8, true, DFMT_IR_OTHER },
	{ "llo", DFMT_K_UINT, 'o', CK_TYPE, "unsigned long long", 8, false, DFMT_IR_OTHER },
	{ "llu", DFMT_K_UINT, 'u', CK_TYPE, "unsigned long long", 8, false, DFMT_IR_OTHER },
	{ "llx", DFMT_K_UINT, 'x', CK_XRANK, "long long", 0, false, DFMT_IR_LLONG },
	{ "llX", DFMT_K_UINT, 'X', CK_XRANK, "long long", 0, false, DFMT_IR_LLONG },
	{ "Le", DFMT_K_FLOAT, 'e', CK_TYPE, "long double", 16, true, DFMT_IR_OTHER },
	{ "LE", DFMT_K_FLOAT, 'E', CK_TYPE, "long double", 16, true, DFMT_IR_OTHER },
	{ "Lf", DFMT_K_FLOAT, 'f', CK_TYPE, "long double", 16, true, DFMT_IR_OTHER },
	{ "Lg", DFMT_K_FLOAT, 'g', CK_TYPE, "long double", 16, true, DFMT_IR_OTHER },
	{ "LG", DFMT_K_FLOAT, 'G', CK_TYPE, "long double", 16, true, DFMT_IR_OTHER },
	{ "o", DFMT_K_UINT, 'o', CK_XINT, proto_xint, 0, 0, DFMT_IR_OTHER },
	{ "p", DFMT_K_UINT, 'x', CK_ADDR, proto_addr, 0, 0, DFMT_IR_OTHER },
	{ "s", DFMT_K_STR, 's', CK_STR, proto_cstr, 0, 0, DFMT_IR_OTHER },
	{ "S", DFMT_K_ESTR, 's', CK_STR, proto_cstr, 0, 0, DFMT_IR_OTHER },
	{ "T", DFMT_K_TIME822, 's', CK_TIME, "int64_t", 0, 0, DFMT_IR_OTHER },
	{ "u", DFMT_K_UINT, 'u', CK_XINT, proto_xint, 0, 0, DFMT_IR_OTHER },
	{ "wc", DFMT_K_SINT, 'c', CK_TYPE, "int", 4, true, DFMT_IR_OTHER },
	{ "ws", DFMT_K_WSTR, 's', CK_WSTR, "wchar_t []", 0, 0, DFMT_IR_OTHER },
	{ "x", DFMT_K_UINT, 'x', CK_XINT, proto_xint, 0, 0, DFMT_IR_OTHER },
	{ "X", DFMT_K_UINT, 'X', CK_XINT, proto_xint, 0, 0, DFMT_IR_OTHER },
	{ "Y", DFMT_K_TIME, 's', CK_TIME, "int64_t", 0, 0, DFMT_IR_OTHER },
	{ "%", DFMT_K_PCT, '%', CK_NONE, "void", 0, 0, DFMT_IR_OTHER },
};

static const struct dfmt_convdef *convdef_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(convdefs) / sizeof(convdefs[0]); i++)
		if (strcmp(convdefs[i].name, name) == 0)
			return &convdefs[i];
	/* C's hh, j, z and t modifiers are no modifiers for dtrace: "%hhd" and "%zu" are
	 * undefined conversions (dt_printf.c has no entry for them). */
	return NULL;
}

/* ---- parsing ---- */

void dfmt_free(struct dfmt *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->npieces; i++)
		free(f->pieces[i].text);
	free(f->pieces);
	free(f->text);
	free(f);
}

static struct dfmt_piece *piece_new(struct dfmt *f, size_t *cap, const char *text, size_t n)
{
	xgrow(&f->pieces, sizeof(*f->pieces), cap, f->npieces + 1);
	struct dfmt_piece *pc = &f->pieces[f->npieces++];
	memset(pc, 0, sizeof(*pc));
	pc->text = xstrndup(text, n);
	return pc;
}

/* Parse one conversion whose '%' is at *pp; leaves *pp on its last character. The flag rules
 * follow dtrace's parser, quirks included: a '0' seen before any digit sets zero padding and
 * cancels an earlier '-', and a '-' cancels an earlier '0'. */
static int parse_conv(struct dfmt_piece *pc, unsigned convno, const char **pp, struct derr *err)
{
	const char *p = *pp;
	int dot = 0, digits = 0;
	size_t namelen = 0;
	char c;

	for (;;) {
		c = *++p;
		if (c >= '0' && c <= '9') {
			if (!dot && !digits && c == '0') {
				pc->flags |= DFMT_F_ZPAD;
				pc->flags &= ~DFMT_F_LEFT;
				continue;
			}
			long n = 0;
			for (; c >= '0' && c <= '9'; c = *++p) {
				n = n * 10 + (c - '0');
				if (n > DFMT_FIELD_MAX)
					return derr_set(err, D_SYNTAX,
						"format conversion #%u %s is larger than %d", convno,
						dot ? "precision" : "width", DFMT_FIELD_MAX);
			}
			if (dot)
				pc->prec = (int)n;
			else
				pc->width = (int)n;
			p--;
			digits++;
			continue;
		}
		switch (c) {
		case '#': pc->flags |= DFMT_F_ALT; continue;
		case '+': pc->flags |= DFMT_F_SPOS; continue;
		case ' ': pc->flags |= DFMT_F_SPACE; continue;
		case '\'': pc->flags |= DFMT_F_GROUP; continue;
		case '@': pc->flags |= DFMT_F_AGG; continue;
		case '?': pc->width = 16; continue; /* pointer width on LP64 */
		case '-':
			pc->flags |= DFMT_F_LEFT;
			pc->flags &= ~DFMT_F_ZPAD;
			continue;
		case '*': {
			unsigned bit = dot ? DFMT_F_DYNPREC : DFMT_F_DYNWIDTH;
			if (pc->flags & bit)
				return derr_set(err, D_SYNTAX, "format conversion #%u has more than "
					"one '*' specified for the output %s", convno,
					dot ? "precision" : "width");
			pc->flags |= bit;
			continue;
		}
		case '.':
			if (dot++)
				return derr_set(err, D_SYNTAX,
					"format conversion #%u has more than one '.' specified", convno);
			digits = 0;
			continue;
		case '$':
			return derr_set(err, D_SYNTAX, "format conversion #%u uses unsupported "
				"positional format (%%n$)", convno);
		case '\0':
			return derr_set(err, D_SYNTAX, "format conversion #%u name expected before "
				"end of format string", convno);
		case '%':
			if (p[-1] != '%')
				return derr_set(err, D_SYNTAX, "format conversion #%u cannot be "
					"combined with other format flags: %%%%", convno);
			break;
		case 'h': case 'l': case 'L': case 'w':
			if (namelen < sizeof(pc->name) - 2) /* excess modifiers are dropped */
				pc->name[namelen++] = c;
			continue;
		default:
			break;
		}
		break;
	}
	pc->name[namelen++] = c;
	pc->name[namelen] = '\0';
	*pp = p;

	pc->conv = convdef_lookup(pc->name);
	if (!pc->conv)
		return derr_set(err, D_SYNTAX, "format conversion #%u is undefined: %%%s",
				convno, pc->name);
	pc->kind = pc->conv->kind;
	return 0;
}

struct dfmt *dfmt_parse(const char *text, struct derr *err)
{
	struct dfmt *f = xcalloc(1, sizeof(*f));
	size_t cap = 0;
	const char *q = text, *p;

	f->text = xstrdup(text);
	for (; (p = strchr(q, '%')) != NULL; q = *p ? p + 1 : p) {
		struct dfmt_piece *pc = piece_new(f, &cap, q, (size_t)(p - q));
		f->nconvs++;
		if (parse_conv(pc, (unsigned)f->nconvs, &p, err) < 0) {
			dfmt_free(f);
			return NULL;
		}
	}
	if (*q || !*text)
		piece_new(f, &cap, q, strlen(q));
	return f;
}

/* ---- checking ---- */

static bool is_int(const struct dfmt_argtype *t) { return t->cls == DFMT_ARG_INT; }

static bool check_one(struct dfmt_piece *pc, const struct dfmt_argtype *t, bool has_target)
{
	const struct dfmt_convdef *cd = pc->conv;

	switch (cd->check) {
	case CK_NONE: return true;
	case CK_ADDR: return is_int(t) || t->cls == DFMT_ARG_PTR;
	case CK_KADDR: return is_int(t) || t->cls == DFMT_ARG_PTR || t->cls == DFMT_ARG_SYMADDR;
	case CK_UADDR:
		return t->cls == DFMT_ARG_USYMADDR ||
		       (has_target && (is_int(t) || t->cls == DFMT_ARG_PTR));
	case CK_STACK: return t->cls == DFMT_ARG_STACK;
	case CK_TIME: return is_int(t) && t->size == 8;
	case CK_STR: return t->cls == DFMT_ARG_STRING;
	case CK_WSTR: return t->cls == DFMT_ARG_WSTR;
	case CK_CSI: return is_int(t) && t->size <= 4;
	case CK_FP: return t->cls == DFMT_ARG_FLOAT;
	case CK_XINT: return is_int(t);
	case CK_DINT:
		/* an enum stays signed: it is "equivalent to an int" (Guide, "Enumerations"),
		 * where dtrace prints enum { C = -3 }'s C as 4294967293 (d/ok/enum_values) */
		pc->is_signed = t->is_signed;
		return is_int(t);
	case CK_TYPE:
		if (cd->kind == DFMT_K_FLOAT)
			return t->cls == DFMT_ARG_FLOAT && t->size == cd->tsize;
		/* dtrace checks these with ctf_type_compat, which holds an enum compatible with
		 * any integer type (dtrace -n 'enum e { a, b }; BEGIN { printf("%llu", b); }') */
		return is_int(t) && ((t->size == cd->tsize && t->is_signed == cd->tsigned) || t->is_enum);
	case CK_XRANK:
		return is_int(t) && (t->irank == cd->rank ||
				     (cd->rank == DFMT_IR_LLONG && t->int64_name));
	}
	return false;
}

int dfmt_check(struct dfmt *f, const char *func, const struct dfmt_argtype *args, size_t nargs,
	       int first_argno, const struct dfmt_argtype *aggtype, bool has_target,
	       struct derr *err)
{
	size_t j = 0;

	if (!f->text[0])
		return derr_set(err, D_PRINTF_FMT_EMPTY, "%s( ) format string is empty", func);

	for (size_t i = 0; i < f->npieces; i++) {
		struct dfmt_piece *pc = &f->pieces[i];
		const struct dfmt_argtype *t;
		char vname[64];

		if (!pc->conv || pc->conv->kind == DFMT_K_PCT)
			continue;
		/* A dynamic width comes first, then a dynamic precision, then the value. */
		for (int d = 0; d < 2; d++) {
			unsigned bit = d ? DFMT_F_DYNPREC : DFMT_F_DYNWIDTH;
			const char *dyn = d ? ".*" : "*";
			if (!(pc->flags & bit))
				continue;
			if (j >= nargs)
				return derr_set(err, D_PRINTF_DYN_PROTO, "%s( ) prototype mismatch: conversion "
					"#%zu (%%%s) is missing a corresponding \"%s\" argument", func,
					i + 1, pc->name, dyn);
			if (!is_int(&args[j]))
				return derr_set(err, D_PRINTF_DYN_TYPE, "%s( ) argument #%zu is incompatible "
					"with conversion #%zu prototype:\n\tconversion: %% %s %s\n"
					"\t prototype: int\n\t  argument: %s", func, j + first_argno,
					i + 1, dyn, pc->name, args[j].name);
			j++;
		}
		if (pc->flags & DFMT_F_AGG) {
			if (!aggtype)
				return derr_set(err, D_PRINTF_AGG_CONV, "%%@ conversion requires an "
					"aggregation and is not for use with %s( )", func);
			snprintf(vname, sizeof(vname), "aggregating action");
			t = aggtype;
		} else if (j >= nargs) {
			return derr_set(err, D_PRINTF_ARG_PROTO, "%s( ) prototype mismatch: conversion #%zu "
				"(%%%s) is missing a corresponding value argument", func, i + 1,
				pc->name);
		} else {
			snprintf(vname, sizeof(vname), "argument #%zu", j + first_argno);
			t = &args[j++];
		}
		pc->argsize = t->size;
		if (!check_one(pc, t, has_target))
			return derr_set(err, D_PRINTF_ARG_TYPE, "%s( ) %s is incompatible with conversion "
				"#%zu prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
				func, vname, i + 1, pc->name, pc->conv->proto, t->name);
	}
	/* printf() must use every argument; printa() may leave keys unprinted (dtrace sets
	 * DT_PRINTF_EXACTLEN for printf and system only) */
	if (j < nargs && !aggtype)
		return derr_set(err, D_PRINTF_ARG_EXTRA, "%s( ) prototype mismatch: only %zu arguments "
			"required by this format string", func, j);
	f->nargs = j;
	f->checked = true;
	return 0;
}

/* ---- formatting ---- */

void dfmt_escape(const char *s, size_t n, struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc = NULL;
		switch (c) {
		case '\0': esc = "\\0"; break;
		case '\a': esc = "\\a"; break;
		case '\b': esc = "\\b"; break;
		case '\f': esc = "\\f"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\v': esc = "\\v"; break;
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		}
		if (esc)
			strbuf_puts(out, esc);
		else if (c == ' ' || (c >= '!' && c <= '~'))
			strbuf_putc(out, (char)c);
		else
			strbuf_printf(out, "\\%c%c%c", '0' + ((c >> 6) & 3), '0' + ((c >> 3) & 7),
				      '0' + (c & 7));
		if (c == '\0')
			break; /* a string ends at its NUL, whatever the record size */
	}
}

void dfmt_sym_text(const struct dfmt_sym *sym, uint64_t addr, struct strbuf *out)
{
	if (!sym || !sym->module)
		strbuf_printf(out, "0x%llx", (unsigned long long)addr);
	else if (sym->noresolve)
		strbuf_printf(out, "%s:0x%llx", sym->module,
			      (unsigned long long)(addr - sym->map_start));
	else if (sym->func && addr > sym->func_addr)
		strbuf_printf(out, "%s`%s+0x%llx", sym->module, sym->func,
			      (unsigned long long)(addr - sym->func_addr));
	else if (sym->func)
		strbuf_printf(out, "%s`%s", sym->module, sym->func);
	else
		strbuf_printf(out, "%s`0x%llx", sym->module, (unsigned long long)addr);
}

/* dfmt_addr2str with symbolizer fn. */
static void addr_text(dfmt_symbolize_fn fn, void *arg, uint64_t addr, struct strbuf *out)
{
	struct dfmt_sym sym = { 0 };
	dfmt_sym_text(fn && fn(arg, addr, &sym) ? &sym : NULL, addr, out);
}

void dfmt_addr2str(const struct dfmt_ctx *ctx, uint64_t addr, struct strbuf *out)
{
	addr_text(ctx ? ctx->symbolize : NULL, ctx ? ctx->sym_arg : NULL, addr, out);
}

/* The C conversion for one piece: flags in dtrace's order, then width and precision. */
static void build_cfmt(char *buf, size_t len, const struct dfmt_piece *pc, int width, int prec,
		       const char *lenmod, char conv)
{
	char flags[8], *f = flags;

	if (pc->flags & DFMT_F_ALT) *f++ = '#';
	if (pc->flags & DFMT_F_ZPAD) *f++ = '0';
	if (width < 0 || (pc->flags & DFMT_F_LEFT)) *f++ = '-';
	if (pc->flags & DFMT_F_SPOS) *f++ = '+';
	if (pc->flags & DFMT_F_GROUP) *f++ = '\'';
	if (pc->flags & DFMT_F_SPACE) *f++ = ' ';
	*f = '\0';

	char w[16] = "", p[16] = "";
	if (width != 0)
		snprintf(w, sizeof(w), "%d", width < 0 ? -width : width);
	if (prec > 0) /* dtrace drops a zero precision */
		snprintf(p, sizeof(p), ".%d", prec);
	snprintf(buf, len, "%%%s%s%s%s%c", flags, w, p, lenmod, conv);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void emit_str(struct strbuf *out, const char *cfmt, const char *s)
{
	strbuf_printf(out, cfmt, s);
}

/* A conversion whose 'w' modifier the C library does not know (%wc): the library prints it
 * as written, and dtrace, which hands it over, with it. */
static void emit_c_spec(struct strbuf *out, const struct dfmt_piece *pc, int width, int prec,
			int value)
{
	char cfmt[64];
	build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "w", 'c');
	int need = snprintf(NULL, 0, cfmt, value);
	if (need > 0) {
		char *buf = xmalloc((size_t)need + 1);
		snprintf(buf, (size_t)need + 1, cfmt, value);
		strbuf_add(out, buf, (size_t)need);
		free(buf);
	}
}

/* %ls (and %ws): the array's 4-byte elements up to the first zero are the wide characters,
 * printed by the C library as dtrace does, so in the C locale a character beyond ASCII cannot
 * be converted (-1, errno set). %ws is no C conversion: glibc prints such a conversion as
 * written ("%ws"), and so does dtrace. */
static int emit_wstr(struct strbuf *out, const struct dfmt_piece *pc, int width, int prec,
		     const char *p, size_t len)
{
	size_t n = p ? len / sizeof(int32_t) : 0;
	wchar_t *w = xcalloc(n + 1, sizeof(*w));
	for (size_t i = 0; i < n; i++) {
		int32_t c;
		memcpy(&c, p + i * sizeof(c), sizeof(c));
		if (c == 0)
			break;
		w[i] = (wchar_t)c;
	}
	char cfmt[64];
	build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, pc->name[0] == 'w' ? "w" : "l", 's');
	int rc = 0;
	int need = snprintf(NULL, 0, cfmt, w);
	if (need < 0) {
		rc = -1;
	} else {
		char *buf = xmalloc((size_t)need + 1);
		snprintf(buf, (size_t)need + 1, cfmt, w);
		strbuf_add(out, buf, (size_t)need);
		free(buf);
	}
	free(w);
	return rc;
}
#pragma GCC diagnostic pop

static int64_t sext(uint64_t u, unsigned size)
{
	switch (size) {
	case 1: return (int8_t)u;
	case 2: return (int16_t)u;
	case 4: return (int32_t)u;
	default: return (int64_t)u;
	}
}

static uint64_t zext(uint64_t u, unsigned size)
{
	switch (size) {
	case 1: return (uint8_t)u;
	case 2: return (uint16_t)u;
	case 4: return (uint32_t)u;
	default: return u;
	}
}

/* An integer value as dtrace's pfprint_sint/uint: 1-4 byte values are widened to 32 bits,
 * 8-byte ones printed with "ll". */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void emit_int(struct strbuf *out, const struct dfmt_piece *pc, int width, int prec,
		     char conv, bool is_signed, uint64_t bits, unsigned size)
{
	char cfmt[64];

	if (conv == 'c') { /* %c takes an int whatever the size: the low byte is printed */
		build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "", 'c');
		strbuf_printf(out, cfmt, (int)(int32_t)bits);
		return;
	}
	if (size == 8) {
		build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "ll", conv);
		if (is_signed)
			strbuf_printf(out, cfmt, (long long)(int64_t)bits);
		else
			strbuf_printf(out, cfmt, (unsigned long long)bits);
		return;
	}
	build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "", conv);
	if (is_signed)
		strbuf_printf(out, cfmt, (int)sext(bits, size));
	else
		strbuf_printf(out, cfmt, (unsigned)zext(bits, size));
}

static void emit_float(struct strbuf *out, const struct dfmt_piece *pc, int width, int prec,
		       double d)
{
	char cfmt[64];
	build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "", pc->conv->cconv);
	strbuf_printf(out, cfmt, d);
}
#pragma GCC diagnostic pop

/* "%Y": ctime's fields rearranged as "YYYY Mon DD hh:mm:ss" (DD space-padded), local time.
 * The value is nanoseconds as an unsigned count, as walltimestamp is a uint64_t: dtrace
 * divides it unsigned, so (int64_t)-1 is "2554 Jul 21 23:34:33", not a date before 1970. */
static void time_str(char *buf, size_t len, uint64_t ns, bool rfc822)
{
	time_t sec = (time_t)(ns / 1000000000);
	struct tm tm;
	static const char mon[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

	if (!localtime_r(&sec, &tm)) {
		snprintf(buf, len, "%lld", (long long)sec);
		return;
	}
	if (rfc822) {
		if (!strftime(buf, len, "%a, %d %b %G %T %Z", &tm))
			buf[0] = '\0';
		return;
	}
	snprintf(buf, len, "%d %s %2d %02d:%02d:%02d", tm.tm_year + 1900, mon[tm.tm_mon % 12],
		 tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

static int clamp_field(int v)
{
	if (v > DFMT_FIELD_MAX) return DFMT_FIELD_MAX;
	if (v < -DFMT_FIELD_MAX) return -DFMT_FIELD_MAX;
	return v;
}

static const char *vkind_name(enum dfmt_vkind k)
{
	switch (k) {
	case DFMT_V_INT: return "integer";
	case DFMT_V_FLOAT: return "floating-point";
	case DFMT_V_STRING: return "string";
	case DFMT_V_STACK: return "stack";
	case DFMT_V_TEXT: return "text";
	}
	return "unknown";
}

static void emit_stack(struct strbuf *out, const struct dfmt_piece *pc, int width,
		       const struct dfmt_value *v, const struct dfmt_ctx *ctx)
{
	/* Left alignment makes the width the indentation instead of a field width; otherwise
	 * there is none: dtrace's pfprint_stack sets the stack indentation to that width or to
	 * 0 for the conversion, so the stackindent option never reaches %k. */
	int indent = 0;
	char cfmt[64];
	struct strbuf frame = { 0 };

	if (width < 0) {
		indent = -width; /* and the frames stay left-aligned in -width, as in dtrace */
	} else if (pc->flags & DFMT_F_LEFT) {
		indent = width;
		width = 0;
	}
	indent = clamp_field(indent);
	build_cfmt(cfmt, sizeof(cfmt), pc, width, 0, "", 's');
	strbuf_putc(out, '\n');
	for (size_t i = 0; v->u.stack.pcs && i < v->u.stack.n && v->u.stack.pcs[i] != 0; i++) {
		strbuf_printf(out, "%*s", indent, "");
		frame.len = 0;
		dfmt_addr2str(ctx, v->u.stack.pcs[i], &frame);
		emit_str(out, cfmt, frame.s);
		strbuf_putc(out, '\n');
	}
	strbuf_free(&frame);
}

static int take_int(const struct dfmt_value *vals, size_t nvals, size_t *next, int *out)
{
	if (*next >= nvals || vals[*next].kind != DFMT_V_INT)
		return -1;
	const struct dfmt_value *v = &vals[(*next)++];
	*out = (int)sext(v->u.u, v->size); /* dtrace reads it as an int of the record's size */
	return 0;
}

int dfmt_format(const struct dfmt *f, const struct dfmt_value *vals, size_t nvals,
		const struct dfmt_value *aggvals, size_t naggvals, const struct dfmt_ctx *ctx,
		struct strbuf *out, char *errbuf, size_t errlen)
{
	size_t next = 0, nagg = 0;
	struct strbuf tmp = { 0 };
	int rc = 0;

	for (size_t i = 0; i < f->npieces && rc == 0; i++) {
		const struct dfmt_piece *pc = &f->pieces[i];
		const struct dfmt_convdef *cd = pc->conv;
		const struct dfmt_value *v;
		int width = pc->width, prec = pc->prec;
		char cfmt[64];

		strbuf_puts(out, pc->text);
		if (!cd)
			continue;
		if (cd->kind == DFMT_K_PCT) {
			strbuf_putc(out, '%');
			continue;
		}
		if (((pc->flags & DFMT_F_DYNWIDTH) && take_int(vals, nvals, &next, &width) < 0) ||
		    ((pc->flags & DFMT_F_DYNPREC) && take_int(vals, nvals, &next, &prec) < 0)) {
			rc = util_seterr(errbuf, errlen, "conversion #%zu (%%%s): missing or "
				"non-integer width or precision value", i + 1, pc->name);
			break;
		}
		width = clamp_field(width);
		prec = clamp_field(prec);

		if (pc->flags & DFMT_F_AGG) {
			if (naggvals == 0) {
				rc = util_seterr(errbuf, errlen, "conversion #%zu (%%@%s) has no "
					"aggregation value", i + 1, pc->name);
				break;
			}
			/* Beyond the last aggregation, %@ repeats the last one, as in dtrace. */
			v = &aggvals[nagg < naggvals ? nagg : naggvals - 1];
			nagg++;
		} else {
			if (next >= nvals) {
				rc = util_seterr(errbuf, errlen, "conversion #%zu (%%%s) has no value",
						 i + 1, pc->name);
				break;
			}
			v = &vals[next++];
		}
		if (v->kind == DFMT_V_TEXT) {
			strbuf_add(out, v->u.s.p, v->u.s.len);
			continue;
		}

		enum dfmt_vkind want;
		switch (cd->kind) {
		case DFMT_K_FLOAT: want = DFMT_V_FLOAT; break;
		case DFMT_K_STR: case DFMT_K_ESTR: case DFMT_K_WSTR: want = DFMT_V_STRING; break;
		case DFMT_K_STACK: want = DFMT_V_STACK; break;
		default: want = DFMT_V_INT; break;
		}
		if (v->kind != want) {
			rc = util_seterr(errbuf, errlen, "conversion #%zu (%%%s) cannot print a %s "
				"value", i + 1, pc->name, vkind_name(v->kind));
			break;
		}

		/* the conversion's reading of the value: what emit_int below is told */
		bool sgn = cd->kind == DFMT_K_SINT ||
			   (cd->kind == DFMT_K_DINT && (f->checked ? pc->is_signed : v->is_signed));
		struct dfmt_value quot;
		if (v->kind == DFMT_V_INT && v->divisor > 1) {
			quot = *v;
			/* a signed conversion divides signed by the factor read as signed, as
			 * dtrace's pfprint_sint does: normalize(@s, (long)-1) prints %@d of 100
			 * as -100 (the negation wraps where INT64_MIN / -1 would trap) */
			if (!sgn)
				quot.u.u = v->u.u / v->divisor;
			else if ((int64_t)v->divisor == -1)
				quot.u.u = 0 - v->u.u;
			else
				quot.u.u = (uint64_t)((int64_t)v->u.u / (int64_t)v->divisor);
			v = &quot;
		}

		tmp.len = 0;
		switch (cd->kind) {
		case DFMT_K_PCT:
			break;
		case DFMT_K_SINT:
			if (pc->name[0] == 'w')  /* %wc: as written, like %ws (emit_wstr) */
				emit_c_spec(out, pc, width, prec, (int)v->u.u);
			else
				emit_int(out, pc, width, prec, cd->cconv, true, v->u.u, v->size);
			break;
		case DFMT_K_DINT:
			/* The checker decided from the D type (sgn above); a value without a check
			 * (printa keys made up by a caller) falls back to the value's own
			 * signedness. */
			emit_int(out, pc, width, prec, sgn ? 'i' : 'u', sgn, v->u.u, v->size);
			break;
		case DFMT_K_UINT:
			emit_int(out, pc, width, prec, cd->cconv, false, v->u.u, v->size);
			break;
		case DFMT_K_FLOAT:
			emit_float(out, pc, width, prec, v->u.d);
			break;
		case DFMT_K_STR: {
			size_t n = v->u.s.p ? strnlen(v->u.s.p, v->u.s.len) : 0;
			strbuf_add(&tmp, v->u.s.p ? v->u.s.p : "", n);
			break;
		}
		case DFMT_K_WSTR:
			if (emit_wstr(out, pc, width, prec, v->u.s.p, v->u.s.len) < 0)
				rc = util_seterr(errbuf, errlen, "conversion #%zu (%%%s): %s", i + 1,
						 pc->name, strerror(errno));
			break;
		case DFMT_K_ESTR:
			if (v->u.s.p)
				dfmt_escape(v->u.s.p, v->u.s.len, &tmp);
			break;
		case DFMT_K_ECHR: {
			char c = (char)v->u.u;
			dfmt_escape(&c, 1, &tmp);
			break;
		}
		case DFMT_K_ADDR:
			if (ctx && ctx->ksymbolize)
				addr_text(ctx->ksymbolize, ctx->ksym_arg, zext(v->u.u, v->size), &tmp);
			else
				dfmt_addr2str(ctx, zext(v->u.u, v->size), &tmp);
			break;
		case DFMT_K_UADDR:
			dfmt_addr2str(ctx, zext(v->u.u, v->size), &tmp);
			break;
		case DFMT_K_TIME:
		case DFMT_K_TIME822: {
			char buf[96];
			time_str(buf, sizeof(buf), v->u.u, cd->kind == DFMT_K_TIME822);
			strbuf_puts(&tmp, buf);
			break;
		}
		case DFMT_K_STACK:
			emit_stack(out, pc, width, v, ctx);
			break;
		}
		if (cd->cconv == 's' && cd->kind != DFMT_K_STACK && cd->kind != DFMT_K_WSTR) {
			if (!tmp.s)
				strbuf_puts(&tmp, "");
			build_cfmt(cfmt, sizeof(cfmt), pc, width, prec, "", 's');
			emit_str(out, cfmt, tmp.s);
		}
	}
	strbuf_free(&tmp);
	return rc;
}
