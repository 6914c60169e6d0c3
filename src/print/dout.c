/* dout.c — dtrace's default output: headings, record prefixes, trace()/tracemem() data, fault and
 * drop messages. Widths and spellings are dtrace's; see dout.h. */
#include "dout.h"

#include <stdlib.h>
#include <string.h>

void dout_heading(struct strbuf *b, bool quiet, bool flowindent)
{
	if (flowindent)
		strbuf_printf(b, "%3s %-41s\n", "CPU", "FUNCTION");
	else if (!quiet)
		strbuf_printf(b, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
}

void dout_record_prefix(struct strbuf *b, bool quiet, int cpu, uint32_t probe_id,
			const char *func, const char *name)
{
	if (quiet)
		return;
	/* dtrace builds "func:name" first, so the pair is right-aligned as one field. */
	char *fn = xasprintf("%s:%s", func, name);
	strbuf_printf(b, "%3d %6u %32s ", cpu, probe_id, fn);
	free(fn);
}

/* "entry" or "...-entry" but not "carpentry": the first occurrence must end the name. */
static bool name_is(const char *name, const char *what)
{
	const char *sub = strstr(name, what);
	return sub && sub[strlen(what)] == '\0' && (sub == name || sub[-1] == '-');
}

enum dout_flow dout_flow_kind(const char *name)
{
	if (name_is(name, "entry"))
		return DOUT_FLOW_ENTRY;
	if (name_is(name, "return"))
		return DOUT_FLOW_RETURN;
	return DOUT_FLOW_NONE;
}

void dout_flow_prefix(struct strbuf *b, struct dout_flowstate *st, int cpu,
		      const char *provider, const char *func, const char *name)
{
	enum dout_flow flow = dout_flow_kind(name);
	bool syscall = strcmp(provider, "syscall") == 0;
	char *label;

	if (flow == DOUT_FLOW_RETURN && st->indent > 0)
		st->indent -= 2;
	if (flow == DOUT_FLOW_ENTRY)
		label = xasprintf("%*s%s%s", st->indent, "", syscall ? " => " : " -> ", func);
	else if (flow == DOUT_FLOW_RETURN)
		label = xasprintf("%*s%s%s", st->indent, "", syscall ? " <= " : " <- ", func);
	else
		label = xasprintf("%*s| %s:%s", st->indent, "", func, name);
	strbuf_printf(b, "%3d %-41s ", cpu, label);
	free(label);
	if (flow == DOUT_FLOW_ENTRY)
		st->indent += 2;
}

void dout_record_end(struct strbuf *b, bool quiet)
{
	if (!quiet)
		strbuf_putc(b, '\n');
}

void dout_tracemem(struct strbuf *b, const void *p, size_t n)
{
	const unsigned char *c = p;

	if (n == 0)
		return;
	strbuf_printf(b, "\n%5s      ", "");
	for (int i = 0; i < 16; i++)
		strbuf_printf(b, "  %c", "0123456789abcdef"[i]);
	strbuf_puts(b, "  0123456789abcdef\n");
	for (size_t i = 0; i < n; i += 16) {
		size_t j;
		strbuf_printf(b, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			strbuf_printf(b, " %02x", c[j]);
		for (; j % 16; j++)
			strbuf_puts(b, "   ");
		strbuf_puts(b, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			strbuf_putc(b, c[j] < ' ' || c[j] > '~' ? '.' : (char)c[j]);
		strbuf_putc(b, '\n');
	}
}

/* dtrace's test: isprint or isspace (C locale), or backspace or bell. Bytes >= 0x80 are not. */
static bool byte_is_text(unsigned char c)
{
	return (c >= ' ' && c <= '~') || (c >= '\t' && c <= '\r') || c == '\b' || c == '\a';
}

void dout_trace_bytes(struct strbuf *b, bool quiet, bool rawbytes, const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	if (n == 0)
		return;
	if (rawbytes) {
		dout_tracemem(b, p, n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (byte_is_text(c[i]))
			continue;
		if (c[i] == '\0' && i > 0) {
			/* Text then NUL: a string, unless more non-NUL bytes follow. */
			size_t j;
			for (j = i + 1; j < n && c[j] == '\0'; j++)
				;
			if (j != n)
				break;
			if (quiet)
				strbuf_add(b, p, i);
			else
				strbuf_printf(b, "  %-33.*s", (int)i, (const char *)p);
			return;
		}
		break;
	}
	if (i == n) {
		/* All text and no NUL: still a string — printed padded even under -q, as dtrace. */
		strbuf_printf(b, "  %-33.*s", (int)(n > 0x7fffffff ? 0x7fffffff : n),
			      (const char *)p);
		return;
	}
	dout_tracemem(b, p, n);
}

void dout_trace_string(struct strbuf *b, bool quiet, bool rawbytes, const void *p, size_t n)
{
	if (rawbytes) {
		dout_tracemem(b, p, n);
		return;
	}
	const char *s = p;
	int len = (int)strnlen(s, n);
	strbuf_printf(b, quiet ? "%.*s" : "  %-33.*s", len, s);
}

void dout_trace_int(struct strbuf *b, bool quiet, uint64_t bits, unsigned size, bool is_signed)
{
	/* The traced expression's D type decides the sign; its size decides the column width,
	 * wide enough for the largest value of that size (one less for signed 8-byte values,
	 * as dtrace has it). */
	if (is_signed) {
		switch (size) {
		case 8:
			strbuf_printf(b, quiet ? "%lld" : " %19lld", (long long)(int64_t)bits);
			return;
		case 4:
			strbuf_printf(b, quiet ? "%d" : " %10d", (int)(int32_t)bits);
			return;
		case 2:
			strbuf_printf(b, quiet ? "%d" : " %5d", (int)(int16_t)bits);
			return;
		case 1:
			strbuf_printf(b, quiet ? "%d" : " %3d", (int)(int8_t)bits);
			return;
		}
	} else {
		switch (size) {
		case 8:
			strbuf_printf(b, quiet ? "%llu" : " %20llu", (unsigned long long)bits);
			return;
		case 4:
			strbuf_printf(b, quiet ? "%u" : " %10u", (unsigned)(uint32_t)bits);
			return;
		case 2:
			strbuf_printf(b, quiet ? "%u" : " %5u", (unsigned)(uint16_t)bits);
			return;
		case 1:
			strbuf_printf(b, quiet ? "%u" : " %3u", (unsigned)(uint8_t)bits);
			return;
		}
	}
	unsigned char buf[8];
	size_t n = size < sizeof(buf) ? size : sizeof(buf);
	memcpy(buf, &bits, n); /* little-endian: the low bytes are the value's */
	dout_tracemem(b, buf, n);
}

const char *dout_fault_str(int kind)
{
	switch (kind) {
	case DOUT_FLT_BADADDR: return "invalid address";
	case DOUT_FLT_BADALIGN: return "invalid alignment";
	case DOUT_FLT_ILLOP: return "illegal operation";
	case DOUT_FLT_DIVZERO: return "divide-by-zero";
	case DOUT_FLT_NOSCRATCH: return "out of scratch space";
	case DOUT_FLT_KPRIV: return "invalid kernel access";
	case DOUT_FLT_UPRIV: return "invalid user access";
	case DOUT_FLT_TUPOFLOW: return "tuple stack overflow";
	case DOUT_FLT_BADSTACK: return "bad stack";
	case DOUT_FLT_BADSIZE: return "invalid size";
	case DOUT_FLT_BADINDEX: return "index out of bounds";
	case DOUT_FLT_LIBRARY: return "library-level fault";
	}
	return "unknown fault";
}

/* "PROG: error in dt_clause_N for probe ID P (p:m:f:n): " */
static void fault_where(struct strbuf *b, const char *prog, int clause, uint32_t probe_id,
			const char *provider, const char *module, const char *function,
			const char *name)
{
	strbuf_printf(b, "%s: error in dt_clause_%d for probe ID %u (%s:%s:%s:%s): ", prog, clause,
		      probe_id, provider, module, function, name);
}

void dout_fault(struct strbuf *b, const char *prog, const struct dout_fault *f)
{
	fault_where(b, prog, f->clause, f->probe_id, f->provider, f->module, f->function, f->name);
	strbuf_puts(b, dout_fault_str(f->kind));
	switch (f->kind) {
	case DOUT_FLT_BADADDR:
		/* an address of -1 means "not known": no value */
		if (f->addr == UINT64_MAX)
			break;
		/* fall through */
	case DOUT_FLT_BADALIGN:
	case DOUT_FLT_BADSTACK:
	case DOUT_FLT_BADSIZE:
		strbuf_printf(b, " (0x%llx)", (unsigned long long)f->addr);
		break;
	case DOUT_FLT_BADINDEX:
		strbuf_printf(b, " (%lld)", (long long)f->addr);
		break;
	}
	if (f->pc != -1)
		strbuf_printf(b, " at BPF pc %ld", f->pc);
	strbuf_putc(b, '\n');
}

void dout_liberr(struct strbuf *b, const char *prog, int clause, uint32_t probe_id,
		 const char *provider, const char *module, const char *function,
		 const char *name, const char *msg)
{
	fault_where(b, prog, clause, probe_id, provider, module, function, name);
	strbuf_puts(b, msg);
	strbuf_putc(b, '\n');
}

static const struct {
	enum dout_drop_kind kind;
	const char *tag, *what, *detail;
} droptab[] = {
	{ DOUT_DROP_PRINCIPAL, "DTRACEDROP_PRINCIPAL", "drop", "" },
	{ DOUT_DROP_AGGREGATION, "DTRACEDROP_AGGREGATION", "aggregation drop", "" },
	{ DOUT_DROP_DYNAMIC, "DTRACEDROP_DYNAMIC", "dynamic variable drop", "" },
	{ DOUT_DROP_DYNRINSE, "DTRACEDROP_DYNRINSE", "dynamic variable drop",
	  " with non-empty rinsing list" },
	{ DOUT_DROP_DYNDIRTY, "DTRACEDROP_DYNDIRTY", "dynamic variable drop",
	  " with non-empty dirty list" },
	{ DOUT_DROP_SPEC, "DTRACEDROP_SPEC", "speculative drop", "" },
	{ DOUT_DROP_SPECBUSY, "DTRACEDROP_SPECBUSY", "failed speculation",
	  " (available buffer(s) still busy)" },
	{ DOUT_DROP_SPECUNAVAIL, "DTRACEDROP_SPECUNAVAIL", "failed speculation",
	  " (no speculative buffer available)" },
	{ DOUT_DROP_STKSTROVERFLOW, "DTRACEDROP_STKSTROVERFLOW",
	  "jstack()/ustack() string table overflow", "" },
	{ DOUT_DROP_DBLERROR, "DTRACEDROP_DBLERROR", "error", " in ERROR probe enabling" },
};

static size_t drop_index(enum dout_drop_kind kind)
{
	for (size_t i = 0; i < sizeof(droptab) / sizeof(droptab[0]); i++)
		if (droptab[i].kind == kind)
			return i;
	return 0;
}

const char *dout_drop_tag(enum dout_drop_kind kind)
{
	return droptab[drop_index(kind)].tag;
}

void dout_drops_cpu(struct strbuf *b, const char *prog, bool droptags, enum dout_drop_kind kind,
		    uint64_t count, int cpu)
{
	/* Only the two per-CPU buffers report drops per CPU; anything else is principal. */
	if (kind != DOUT_DROP_AGGREGATION)
		kind = DOUT_DROP_PRINCIPAL;
	size_t i = drop_index(kind);
	strbuf_printf(b, "%s: ", prog);
	if (droptags)
		strbuf_printf(b, "[%s] ", droptab[i].tag);
	strbuf_printf(b, "%llu %s%s on CPU %d\n", (unsigned long long)count, droptab[i].what,
		      count > 1 ? "s" : "", cpu);
}

void dout_drops(struct strbuf *b, const char *prog, bool droptags, enum dout_drop_kind kind,
		uint64_t count)
{
	size_t i = drop_index(kind);
	strbuf_printf(b, "%s: ", prog);
	if (droptags)
		strbuf_printf(b, "[%s] ", droptab[i].tag);
	strbuf_printf(b, "%llu %s%s%s\n", (unsigned long long)count, droptab[i].what,
		      count > 1 ? "s" : "", droptab[i].detail);
}
