/* drec.h — a record's actions decoded once into typed values, for every output format.
 *
 * Contract.
 *  - drec_decode_action turns one action of a ring-buffer record (its bytes, laid out as the
 *    epid's struct dobj_ecb says) into a struct ditem: integers with their size, signedness
 *    and D type name, floats, strings (the record's bytes, up to the first NUL), raw bytes,
 *    stacks as frames {address, module, function, offset} (symbolized here, once), symbols.
 *    The item points into the record and into memory it owns; ditem_free releases the latter.
 *  - Only actions that produce output decode (drec_action_outputs); exit, setopt, system,
 *    freopen, ftruncate and the aggregation actions are the run loop's side effects.
 *    printa is decoded by the run loop too, from trace_aggs' snapshots (DI_PRINTA: the
 *    snapshots, the format, nothing more).
 *  - Nothing is printed here and nothing is formatted: the sinks (src/print/sink.h) do that.
 *  - Values never reach beyond the record: the caller has checked the layout (vals_fit). */
#ifndef USDTRACE_DREC_H
#define USDTRACE_DREC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agg.h"
#include "dfmt.h"
#include "dobj.h"

/* One frame of a stack, or one symbol: what the address is in. */
struct dframe {
	uint64_t addr;
	const char *module;    /* NULL: in no known object */
	const char *function;  /* NULL: no symbol covers it */
	uint64_t offset;       /* addr - the function's start (0 when no function) */
	bool noresolve;        /* -x noresolve: printed "module:0x(addr - map_start)" */
	uint64_t map_start;
};

enum dval_kind {
	DV_INT,      /* u: the bits, size bytes, is_signed */
	DV_FLOAT,    /* d */
	DV_STRING,   /* p, len: the text (len stops at the first NUL) */
	DV_BYTES,    /* p, len: raw bytes (structs, arrays, tracemem) */
	DV_STACK,    /* frames, nframes; pid (USYM_KERNEL_PID: a kernel stack; 0: unknown) */
	DV_SYM,      /* frames[0]: uaddr(), usym()/ufunc() (address the function's start when
	              * known), umod() (module only); pid */
};

struct dval {
	enum dval_kind kind;
	const char *type;      /* the D type as spelled ("int", "string"); NULL when unknown */
	unsigned size;         /* DV_INT, DV_FLOAT: bytes of the value */
	bool is_signed;
	uint64_t u;
	double d;
	const unsigned char *p;
	size_t len;
	int64_t pid;
	struct dframe *frames; /* owned by the item */
	size_t nframes;
};

enum ditem_kind {
	DI_TRACE,     /* vals[0] */
	DI_TRACEMEM,  /* vals[0]: DV_BYTES, len cut to the dynamic size */
	DI_PRINTF,    /* act->fmt; vals (typed) and fvals (as dfmt_format takes them) */
	DI_PRINT,     /* ptype; is_ptr: addr and the pointee's bytes in vals[0]; else vals[0] the
	               * value's bytes (DV_BYTES) */
	DI_STACK,     /* vals[0]: DV_STACK (ustack(), jstack(), stack()) */
	DI_UADDR,     /* vals[0]: DV_SYM */
	DI_USYM,
	DI_UMOD,
	DI_PRINTA,    /* aggs (naggs snapshots), act->fmt (NULL: the default layout) */
	DI_SYSTEM,    /* text, len: what a system() command wrote, captured (the JSON sink's) */
	DI_PCAP,      /* pcap(): vals[0] the time (ns since boot, DV_INT), vals[1] the link type
	               * (DV_INT), vals[2] the packet's captured bytes (DV_BYTES; len 0: no
	               * packet, nothing to print) */
};

struct ditem {
	enum ditem_kind kind;
	const struct dobj_action *act;
	struct dval *vals;
	size_t nvals;
	struct dfmt_value *fvals;   /* DI_PRINTF */
	struct dtype *ptype;        /* DI_PRINT */
	bool is_ptr;
	uint64_t addr;
	struct agg_data *const *aggs;   /* DI_PRINTA */
	size_t naggs;
	const char *text;           /* DI_SYSTEM */
	size_t len;
	uint64_t *stackbuf;         /* private: aligned copies of printf's stacks */
};

/* The symbolizer of addresses for one decoding: a dfmt symbolizer for a pid. sym(arg, pid,
 * addr, out) answers what addr is in pid (false: nothing known). printf's stack and %A
 * values use printf_sym/printf_arg, bound to $target's process as dfmt's context is. */
struct drec_syms {
	bool (*sym)(void *arg, int64_t pid, uint64_t addr, struct dfmt_sym *out);
	void *arg;
	dfmt_symbolize_fn printf_sym;
	void *printf_arg;
};

/* Whether action a's kind has output a sink prints (trace, tracemem, printf, print, stacks
 * and symbols, printa). */
bool drec_action_outputs(const struct dobj_action *a);

/* Decode action a (not printa) of record rec into *it (zeroed first). */
void drec_decode_action(const struct dobj_action *a, const unsigned char *rec,
			const struct drec_syms *syms, struct ditem *it);

/* Read an unsigned integer of size 1, 2, 4 or 8 bytes (anything else: 8). */
uint64_t drec_read_uint(const unsigned char *p, unsigned size);

/* A frame from what a symbolizer found (known false: nothing). */
void drec_frame(uint64_t addr, bool known, const struct dfmt_sym *s, struct dframe *f);

/* dtrace's text of a frame: "mod`func+0xoff", "mod`func", "mod`0xaddr" or "0xaddr"; under
 * -x noresolve "mod:0xoff" (its offset in its mapping). */
void drec_frame_str(const struct dframe *f, struct strbuf *out);

void ditem_free(struct ditem *it);
#endif
