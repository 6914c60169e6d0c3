/* sink.h — output formats: where decoded records (drec.h) become text, JSON, ...
 *
 * Contract.
 *  - A sink receives, in order, what the run produces: each record's probe (sink_begin), its
 *    output items (sink_item), its end (sink_end_record); faults, consumer errors and drops as
 *    they happen; at the end, the aggregations printa has not printed. It formats and writes;
 *    it never reads BPF maps, runs commands or decides when tracing stops (the run loop does:
 *    exit, system, freopen, ftruncate, setopt, trunc/clear/normalize stay there).
 *  - `out` is where records go; the run loop changes it (freopen) between records or after
 *    sink_flush. sink_flush writes what the sink holds of the current record, before the run
 *    loop writes to the output itself (system(), freopen(), ftruncate()).
 *  - `d` is the current options (setopt changes them while tracing runs); `fctx` is printf's
 *    symbolizer context ($target's process for %A and %k).
 *  - Formats: "text", dtrace's output byte for byte (sink_text.c); "json", one JSON document
 *    per line (sink_json.c, docs/output.md); "xml", the JSON documents in libxo's XML form
 *    (sink_xml.c). A new format is one module with a sink_ops table,
 *    named in sink_new's table. */
#ifndef USDTRACE_SINK_H
#define USDTRACE_SINK_H
#include <stdbool.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "agg.h"
#include "dobj.h"
#include "dopt.h"
#include "dout.h"
#include "drec.h"
#include "util.h"

/* The probe a record (or an error) is about. */
struct sink_probe {
	const struct dobj_probe *p;
	int cpu;              /* -1: not known (a fault record's) */
	int clause;           /* 0-based clause number (dt_clause_N) */
	uint64_t fired_ns;    /* when the probe fired, CLOCK_MONOTONIC ns (the record's own time,
	                       * dobj_ecb.time_off); 0: not recorded */
};

struct sink;

struct sink_ops {
	const char *name;
	void (*init)(struct sink *s);   /* makes s->priv */
	void (*begin)(struct sink *s, const struct sink_probe *pr);
	/* 0, or -1 and a message in err (a printf format rejecting a value) */
	int (*item)(struct sink *s, const struct ditem *it, char *err, size_t errlen);
	void (*end_record)(struct sink *s);
	void (*flush)(struct sink *s);
	/* A run-time fault (dout.h's description); a consumer's error about a record
	 * (dtrace's "error in dt_clause_N for probe ID ...: MSG"). */
	void (*fault)(struct sink *s, const struct dout_fault *f);
	void (*error)(struct sink *s, const struct sink_probe *pr, const char *msg);
	/* Drops: cpu >= 0 for the per-CPU kinds (principal, aggregation), -1 otherwise. */
	void (*drop)(struct sink *s, enum dout_drop_kind kind, uint64_t count, int cpu);
	/* SIGINT/SIGTERM ended tracing; tracing is over (before the exit aggregations). */
	void (*interrupted)(struct sink *s);
	void (*finish)(struct sink *s);
	/* The aggregations not printed by printa, at exit (naggs snapshots, every one). */
	void (*aggs_exit)(struct sink *s, struct agg_data *const *aggs, size_t naggs);
	void (*free)(struct sink *s);
	/* The output ends (after the exit aggregations, unless the reader went away): the
	 * format's closing words (XML's root element's end tag); NULL: none. */
	void (*end)(struct sink *s);
	/* The format owns its stream: a system() command's output is captured and handed over
	 * as a DI_SYSTEM item instead of being written to the output directly. */
	bool own_stream;
};

struct sink {
	const struct sink_ops *ops;
	FILE *out;
	const struct dopts *d;
	struct dfmt_ctx fctx;
	void *priv;           /* the format's own state */
	bool write_failed;    /* a write to out failed (EPIPE: the reader went away) */
	int write_errno;      /* why */
	/* Formats made from JSON's documents (XML): each complete document, a line, goes here
	 * instead of to the output. */
	void (*doc_hook)(struct sink *s, const char *doc, size_t n);
	struct strbuf obuf;   /* what sink_write has not written yet (sink_flush_out writes it) */
	/* Set (by the run loop) to its flag of SIGINT/SIGTERM: a write interrupted by one of
	 * those fails (EINTR) rather than wait on for a reader that may never read; NULL, or
	 * any other signal: the write goes on. */
	volatile sig_atomic_t *stop_signal;
	int64_t mono_to_real; /* sink_walltime's CLOCK_REALTIME - CLOCK_MONOTONIC, in ns... */
	uint64_t clock_mono;  /* ...measured at this CLOCK_MONOTONIC instant (0: not yet) */
	/* The quiet option as it stood when the run loop began delivering the records at hand
	 * (it sets this before each delivery): trace() values print by it, as dtrace reads the
	 * option once per pass over a buffer, so a setopt("quiet") changes their format only
	 * for records delivered later (observed: dtrace -n 'BEGIN { setopt("quiet"); trace(1); }'
	 * prints the value in its column); the probe's line follows the option at once. */
	bool pass_quiet;
};

/* The sink of the format the oformat option names, writing to out. */
struct sink *sink_new(enum dopt_oformat format, FILE *out, const struct dopts *d);
void sink_free(struct sink *s);

/* What each format provides (sink_text.c, sink_json.c, sink_xml.c). */
extern const struct sink_ops sink_text_ops;
extern const struct sink_ops sink_json_ops;
extern const struct sink_ops sink_xml_ops;

/* Write n bytes to the sink's output, noting a failed write (shared by the formats): held
 * in the sink's buffer (up to SINK_OBUF_SIZE) until sink_flush_out or a full buffer. */
enum { SINK_OBUF_SIZE = 64 * 1024 };
void sink_write(struct sink *s, const char *p, size_t n);
/* The wall-clock time (CLOCK_REALTIME) of the CLOCK_MONOTONIC instant mono_ns (0: now):
 * the two clocks' offset is measured at the first call and again once a second of records
 * has passed, so that a clock set while tracing runs is followed. */
void sink_walltime(struct sink *s, uint64_t mono_ns, struct timespec *out);
/* Flush the output, noting a failed write; false when it failed. */
bool sink_flush_out(struct sink *s);
#endif
