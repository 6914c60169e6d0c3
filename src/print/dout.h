/* dout.h — dtrace's output other than printf(): the default heading and per-record prefix,
 * trace() and tracemem() data, run-time fault messages and drop messages.
 *
 * Contract. Every function appends to a struct strbuf exactly the bytes dtrace(1) writes for the
 * same event (widths and spacing from dtrace's consumer: "%3d %6d %32s " prefixes, " %20llu"
 * for 8-byte unsigned trace() data, 16-byte hex dump rows). Nothing here reads BPF data or knows about
 * probes beyond the strings it is handed; the caller decides when each piece is due:
 *   - dout_heading once, before the first record;
 *   - dout_record_prefix at the start of each record, dout_record_end after its last action;
 *   - dout_trace_* / dout_tracemem for each trace()/tracemem() action of the record;
 *   - dout_fault / dout_drops_* whenever the BPF side reports one (these lines go to stderr in
 *     dtrace; they include the "PROG: " prefix and the final newline).
 * quiet is -q (or #pragma D option quiet); flowindent is -F. */
#ifndef USDTRACE_DOUT_H
#define USDTRACE_DOUT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dobj.h"   /* enum dout_fault_kind, enum dout_drop_kind: what the programs record */
#include "util.h"

/* "CPU     ID                    FUNCTION:NAME\n", or "CPU FUNCTION" padded to 41 with -F.
 * Nothing under -q without -F (dtrace prints the -F heading even when quiet). */
void dout_heading(struct strbuf *b, bool quiet, bool flowindent);

/* "  0      1                           :BEGIN " (nothing when quiet). */
void dout_record_prefix(struct strbuf *b, bool quiet, int cpu, uint32_t probe_id,
			const char *func, const char *name);

/* -F: how a probe moves the indentation. */
enum dout_flow { DOUT_FLOW_NONE, DOUT_FLOW_ENTRY, DOUT_FLOW_RETURN };

/* The flow kind of a probe: "entry" or "*-entry" enter, "return" or "*-return" return. */
enum dout_flow dout_flow_kind(const char *name);

/* State of -F indentation across records. Zero-initialise. */
struct dout_flowstate {
	int indent;
};

/* -F record prefix: "%3d %-41s " with the name indented and marked " -> " / " <- " (" => " /
 * " <= " for the syscall provider) or "| " for other probes (which also show ":name").
 * Updates the indentation: an entry indents the following records by 2, a return unindents
 * itself and what follows. (dtrace also declines to indent when the same probe fires for a
 * second clause in a row; that needs the caller's clause IDs and is not done here.) */
void dout_flow_prefix(struct strbuf *b, struct dout_flowstate *st, int cpu,
		      const char *provider, const char *func, const char *name);

/* End of a record's data: "\n" unless quiet. */
void dout_record_end(struct strbuf *b, bool quiet);

/* trace() of an integer of `size` bytes (1, 2, 4 or 8; other sizes are dumped as bytes),
 * signed or unsigned as its D type is: " %3d"/" %3u" for 1 byte, " %5" for 2, " %10" for 4,
 * " %19lld" or " %20llu" for 8; under quiet, no padding. */
void dout_trace_int(struct strbuf *b, bool quiet, uint64_t bits, unsigned size, bool is_signed);

/* trace() of a D string: its text up to the first NUL, "  %-33s" (plain under quiet); the
 * rawbytes option dumps the whole buffer instead. Structs, unions and arrays are not text
 * for dtrace: trace() dumps them with dout_tracemem. */
void dout_trace_string(struct strbuf *b, bool quiet, bool rawbytes, const void *p, size_t n);

/* Bytes of unknown meaning (a float's): a string when the bytes are printable text
 * (followed by nothing but NULs), otherwise a hex dump as for tracemem(). rawbytes is the
 * rawbytes option, which forces the dump. */
void dout_trace_bytes(struct strbuf *b, bool quiet, bool rawbytes, const void *p, size_t n);

/* tracemem(addr, n): always the hex dump:
 * "\n             0  1  2 ...  f  0123456789abcdef\n" then "     0: 41 42 ...  AB..\n" rows. */
void dout_tracemem(struct strbuf *b, const void *p, size_t n);

/* "invalid address", "divide-by-zero", ...; "unknown fault" for anything else. */
const char *dout_fault_str(int kind);

/* A run-time fault, as the ERROR probe reports it. */
struct dout_fault {
	int clause;            /* 0-based clause index in the script (dt_clause_N) */
	uint32_t probe_id;     /* probe ID */
	const char *provider, *module, *function, *name;
	int kind;              /* enum dout_fault_kind */
	long pc;               /* BPF instruction index; -1 when unknown */
	uint64_t addr;         /* printed for bad address / alignment / stack / size / index */
};

/* DTrace for Linux's form: "PROG: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid
 * address (0x0) at BPF pc 42\n". The value is "(0x%llx)" for a bad address (none when it is -1),
 * alignment, stack or size, "(%lld)" for a bad index; " at BPF pc N" only when pc != -1. */
void dout_fault(struct strbuf *b, const char *prog, const struct dout_fault *f);

/* A library-level fault, found while consuming clause `clause`'s record:
 * "PROG: error in dt_clause_0 for probe ID 1 (p:m:f:n): MESSAGE\n" (the newline is added even
 * when MESSAGE ends in one, as dtrace(1) does: setopt()'s messages do, and leave a blank line). */
void dout_liberr(struct strbuf *b, const char *prog, int clause, uint32_t probe_id,
		 const char *provider, const char *module, const char *function,
		 const char *name, const char *msg);

/* Principal/aggregation drops: "PROG: 3 drops on CPU 1\n", "PROG: 1 aggregation drop on CPU 0\n".
 * droptags (the droptags option) prefixes "[DTRACEDROP_PRINCIPAL] ". */
void dout_drops_cpu(struct strbuf *b, const char *prog, bool droptags, enum dout_drop_kind kind,
		    uint64_t count, int cpu);

/* The drop's tag, as -x droptags shows it: "DTRACEDROP_PRINCIPAL", ... */
const char *dout_drop_tag(enum dout_drop_kind kind);

/* Global drops: "PROG: 5 dynamic variable drops with non-empty dirty list\n", ... */
void dout_drops(struct strbuf *b, const char *prog, bool droptags, enum dout_drop_kind kind,
		uint64_t count);
#endif
