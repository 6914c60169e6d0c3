/* dfmt.h — D printf()/printa() formats: parse and check at compile time, format at run time.
 *
 * Contract.
 *  dfmt_parse(text) splits a format into literal text and conversions, with dtrace's messages for
 *  malformed ones ("format conversion #2 is undefined: %y"), errors (derr.h) tagged D_SYNTAX.
 *  The errors of dfmt_check carry dtrace's D_PRINTF_* tags (D_PRINTF_ARG_TYPE, ...).
 *  Conversions are numbered from 1 in the order their '%' appear, %% included, as dtrace
 *  numbers them.
 *
 *  dfmt_check(fmt, "printf", args, nargs, first_argno, aggtype, has_target) checks the value
 *  arguments against the conversions. Each argument is described by a struct dfmt_argtype: an
 *  argument class (the type checker maps D types onto it), size, signedness and the D spelling
 *  of the type for messages. Dynamic widths/precisions ('*') consume an argument before the value.
 *  %@ takes the aggregation's result type `aggtype` (NULL outside printa()). printf() must use
 *  every argument ("only N arguments required"); printa() (aggtype set) may leave keys unused. Messages are
 *  dtrace's, without a position (the caller gives the line) and without a final newline.
 *
 *  dfmt_format(fmt, values, ...) appends the text to a strbuf. Values come in argument order
 *  (widths, precisions, values), %@ values in a separate list. The output is what dtrace's
 *  libdtrace prints for the same record, byte for byte, including its quirks:
 *    - a precision of 0 (".0" or a dynamic 0) is dropped, as dt_printf_format() does;
 *    - "%-05d" zero-pads (a later '0' cancels an earlier '-'), "%0-5d" left-aligns;
 *    - %d and %i of an unsigned value print it unsigned; %x/%o/%u unsigned at the
 *      argument's size (so %x of (char)-1 is "ff"), %p is %x of the address (no "0x" unless '#');
 *    - %Y is "2026 Nov 22 03:45:12" (local time; the value is walltime in ns); %T is RFC 822;
 *    - %S and %C escape like dtrace's strchr2esc (\n, \t, \", \\, \ooo for other bytes),
 *      over the value's len bytes up to and including the first NUL, which prints as "\0"
 *      (dtrace escapes the whole string record, so its %S output ends in "\0");
 *    - %a/%A print "module`function+0xoff", "module`function", "module`0xaddr" or "0xaddr"
 *      depending on what the symbol callback knows;
 *    - %k prints a newline, then one line per frame, not indented ("%-Nk" indents by N
 *      instead of padding the frame name), whatever the stackindent option, as dtrace;
 *    - a %@ beyond the number of aggregations repeats the last one (printa with several @s).
 *  Length modifiers: dtrace's h, l, ll, L, w (with its type rules: %ld wants a long, %hd a short)
 *  and, as an extension, hh, which takes the base conversion's rule (j z t are conversion names,
 *  undefined, as for dtrace). %F is accepted like C.
 *  Widths and precisions are bounded by DFMT_FIELD_MAX (64 Mi, above the 10^7 dtrace's tests
 *  print): a larger literal is a parse error, a larger dynamic one is clamped, so no format can
 *  make us allocate without bound. (dtrace itself hands such widths to printf(3C).)
 *  dfmt_format never reads beyond a value's given length and never crashes on a format that
 *  passed dfmt_check; a value whose kind does not fit its conversion is an error (-1, message),
 *  like dtrace's EDT_DMISMATCH. %I, %P (network look-ups) and %ls/%ws (wide strings) are
 *  rejected at parse time as unsupported. dtrace has no %K: %k prints stack() and ustack() alike,
 *  so a %K is "undefined" here as there. */
#ifndef USDTRACE_DFMT_H
#define USDTRACE_DFMT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "derr.h"
#include "util.h"

#define DFMT_FIELD_MAX (64 << 20) /* largest width or precision we honour (dtrace takes 10^7) */

/* What kind of D value an argument is, as far as printf cares. */
enum dfmt_argclass {
	DFMT_ARG_INT,      /* integer (size 1, 2, 4, 8; signed or not), enums */
	DFMT_ARG_PTR,      /* pointer */
	DFMT_ARG_STRING,   /* string, or char[N] */
	DFMT_ARG_WSTR,     /* array of a 4-byte integer: a wide string for %ls */
	DFMT_ARG_FLOAT,    /* float (4), double (8), long double (16) */
	DFMT_ARG_STACK,    /* stack() / ustack() */
	DFMT_ARG_SYMADDR,  /* sym()/func() result: a kernel-style symbol address */
	DFMT_ARG_USYMADDR, /* usym()/ufunc()/uaddr() result */
	DFMT_ARG_OTHER,    /* struct, union, void... anything printf cannot take */
};

/* Which C integer type an integer argument's type resolves to, as far as %hx, %lx and %llx care:
 * they want that very type (of either signedness), not just its size, so a long long is no
 * argument for %lx although it is as wide (Guide, "Size Prefixes"). */
enum dfmt_irank {
	DFMT_IR_OTHER,     /* char, int, enum, not an integer, or not described */
	DFMT_IR_SHORT,
	DFMT_IR_LONG,
	DFMT_IR_LLONG,
};

struct dfmt_argtype {
	enum dfmt_argclass cls;
	unsigned size;     /* bytes */
	bool is_signed;
	const char *name;  /* the D type as spelled in messages: "int", "string", "char *" */
	enum dfmt_irank irank;
	bool int64_name;   /* a typedef named int64_t or uint64_t lies on the way to the integer:
			    * %llx takes it whatever it resolves to (dtrace's rule: those names
			    * suit %llx in the 32- and the 64-bit model alike) */
	bool is_enum;      /* an enum: the conversions typed by a C type (%hd %lu %lld...) take it,
			    * as CTF counts an enum compatible with every integer type */
};

enum dfmt_kind { /* how a conversion formats its value */
	DFMT_K_PCT,    /* %% */
	DFMT_K_SINT,   /* %i %c and the typed %hd %ld... */
	DFMT_K_DINT,   /* %d: signed or unsigned, by the argument's type */
	DFMT_K_UINT,   /* %u %o %x %X %p */
	DFMT_K_FLOAT,  /* %e %E %f %F %g %G */
	DFMT_K_STR,    /* %s */
	DFMT_K_ESTR,   /* %S */
	DFMT_K_WSTR,   /* %ls %ws */
	DFMT_K_ECHR,   /* %C */
	DFMT_K_ADDR,   /* %a */
	DFMT_K_UADDR,  /* %A */
	DFMT_K_STACK,  /* %k */
	DFMT_K_TIME,   /* %Y */
	DFMT_K_TIME822,/* %T */
};

/* Conversion flags, as parsed. */
#define DFMT_F_ALT      0x001 /* # */
#define DFMT_F_ZPAD     0x002 /* 0 */
#define DFMT_F_LEFT     0x004 /* - */
#define DFMT_F_SPOS     0x008 /* + */
#define DFMT_F_SPACE    0x010 /* ' ' */
#define DFMT_F_GROUP    0x020 /* ' */
#define DFMT_F_DYNWIDTH 0x040 /* * before the '.' */
#define DFMT_F_DYNPREC  0x080 /* * after the '.' */
#define DFMT_F_AGG      0x100 /* @: the value is the aggregation's */

/* One piece of a format: literal text followed (unless conv is NULL) by a conversion. */
struct dfmt_piece {
	char *text;            /* literal text before the conversion (may be "") */
	const struct dfmt_convdef *conv; /* NULL for the trailing text (private table entry) */
	enum dfmt_kind kind;   /* valid when conv != NULL */
	char name[8];          /* conversion name as written with modifiers: "d", "lld", "hhx" */
	unsigned flags;        /* DFMT_F_* */
	int width, prec;       /* literal width / precision (0 when absent) */
	/* Filled by dfmt_check: */
	bool is_signed;        /* DFMT_K_DINT: print as signed */
	unsigned argsize;      /* the value argument's size */
};

struct dfmt {
	char *text;            /* the format string as given */
	struct dfmt_piece *pieces;
	size_t npieces;
	size_t nconvs;         /* pieces with a conversion (== number of '%' sequences) */
	size_t nargs;          /* value arguments consumed (after dfmt_check) */
	bool checked;
};

/* Parse `text`. Returns NULL with the error in *err (derr.h: tag and message, no position) on
 * a malformed format. */
struct dfmt *dfmt_parse(const char *text, struct derr *err);
void dfmt_free(struct dfmt *f);

/* Check arguments against the conversions. `func` is the action name for messages ("printf");
 * `first_argno` the number of the first value argument in messages (2 for printf, whose format
 * is argument #1). Extra arguments are an error, as for dtrace's printf(). Returns 0, or -1
 * with the error in *err (as dfmt_parse's). */
int dfmt_check(struct dfmt *f, const char *func, const struct dfmt_argtype *args, size_t nargs,
	       int first_argno, const struct dfmt_argtype *aggtype, bool has_target,
	       struct derr *err);

/* A run-time value. */
enum dfmt_vkind {
	DFMT_V_INT,    /* u.u holds the bits; size and is_signed say how to read them */
	DFMT_V_FLOAT,  /* u.d */
	DFMT_V_STRING, /* u.s: at most len bytes, up to the first NUL */
	DFMT_V_STACK,  /* u.stack: pcs, a 0 pc ends the stack early */
	DFMT_V_TEXT,   /* u.s: printed verbatim, ignoring width (a quantize() under %@) */
};

struct dfmt_value {
	enum dfmt_vkind kind;
	unsigned size;
	bool is_signed;
	/* An integer to print divided by this (0 or 1: as it is): a normalized aggregation's
	 * value under %@, which dtrace divides as the conversion reads it, signed for a signed
	 * %d/%i, unsigned otherwise. */
	uint64_t divisor;
	union {
		uint64_t u;
		double d;
		struct { const char *p; size_t len; } s;
		struct { const uint64_t *pcs; size_t n; } stack;
	} u;
};

/* What a symbol look-up found: module (basename of the object) and, if known, function. */
struct dfmt_sym {
	const char *module;   /* NULL: address not in any known object */
	const char *func;     /* NULL: no symbol covers the address */
	uint64_t func_addr;
	/* -x noresolve (user addresses): an address in module prints as "module:0xOFF", OFF its
	 * distance from map_start, the start of the mapping that holds it, as dtrace prints
	 * it; func still names the function (usym() moves to its start) */
	bool noresolve;
	uint64_t map_start;
};
typedef bool (*dfmt_symbolize_fn)(void *arg, uint64_t addr, struct dfmt_sym *out);

struct dfmt_ctx {
	dfmt_symbolize_fn symbolize; /* may be NULL: every address prints as 0x... */
	void *sym_arg;
	/* %a's: a kernel address (dtrace's %a names kernel symbols, %A the target's); NULL:
	 * symbolize's */
	dfmt_symbolize_fn ksymbolize;
	void *ksym_arg;
};

/* Append the formatted text to out. Returns 0, or -1 with a message (value list too short or of
 * the wrong kind). Whatever was appended before an error stays in out. */
int dfmt_format(const struct dfmt *f, const struct dfmt_value *vals, size_t nvals,
		const struct dfmt_value *aggvals, size_t naggvals, const struct dfmt_ctx *ctx,
		struct strbuf *out, char *errbuf, size_t errlen);

/* dtrace's textual address: "mod`func+0x10", "mod`func", "mod`0x4010" or "0x4010". */
void dfmt_addr2str(const struct dfmt_ctx *ctx, uint64_t addr, struct strbuf *out);
/* The same text of addr from what a symbolizer said of it (sym NULL, or naming no module:
 * "0x4010"); under noresolve "mod:0xOFF". Every printer of addresses uses it. */
void dfmt_sym_text(const struct dfmt_sym *sym, uint64_t addr, struct strbuf *out);

/* dtrace's strchr2esc: escape at most n bytes of s onto out, stopping after a NUL ("\\0"). */
void dfmt_escape(const char *s, size_t n, struct strbuf *out);
#endif
