/* trace_agg.h — the tracer's side of aggregations: reading the per-CPU maps of a running
 * program (dobj->aggs) into snapshots, applying printa/trunc/clear/normalize/denormalize as
 * their records arrive, and the print at exit.
 *
 * Contract.
 *  - A snapshot reads the aggregation's map at the moment the action's record is consumed
 *    (every key, every CPU's words, merged by agg_data_add), so what printa prints is what
 *    the map holds then: updates made after the firing but before the record is read are
 *    included (dtrace's consumer, which snapshots at aggrate, has the same kind of window).
 *  - trunc and clear never delete or zero the map's keys of additive functions (all but
 *    min and max), which would lose an update landing between the read and the write: what
 *    they take away is kept as a per-key baseline subtracted from later reads (a truncated
 *    key shows again only once updated; a cleared key stays, at zero). So printing then
 *    truncating from a tick probe loses no update; the map keeps the keys (aggsize bounds
 *    how many distinct keys a run may make). min and max, whose values do not subtract, are
 *    deleted/zeroed in the map (the loss window remains for them).
 *  - normalize/denormalize and "printed by printa" are remembered per aggregation across
 *    snapshots, as dtrace remembers them on its aggregation variables.
 *  - Errors (a failed map read, a printa format rejecting a value) give -1 and a message. */
#ifndef USDTRACE_TRACE_AGG_H
#define USDTRACE_TRACE_AGG_H
#include <stdbool.h>
#include <stdint.h>

#include "agg.h"
#include "dfmt.h"
#include "dobj.h"
#include "dopt.h"
#include "util.h"

struct trace_aggs {
	const struct dobj *o;
	size_t ncpus;
	struct agg_data *snap;   /* o->naggs snapshots: what is shown */
	struct agg_data *raw;    /* the maps' values at the last read (additive functions) */
	struct agg_data *base;   /* per key: the map's value when trunc/clear took it away */
	struct agg_data *kept;   /* keys clear() kept (shown even with nothing new) */
	uint64_t record;         /* the record being consumed (trace_aggs_next_record) */
	uint64_t *read_at;       /* per aggregation: the record its last read was for, 0: none */
	uint64_t *normal;
	bool *printed;
	bool percpu;             /* aggpercpu: snapshots keep each CPU's value (set by the caller) */
};

void trace_aggs_init(struct trace_aggs *t, const struct dobj *o, int ncpus);
void trace_aggs_free(struct trace_aggs *t);
/* Read aggregation i's map into t->snap[i], once per record: the actions of one record
 * (printa(@a); trunc(@a);) work on one snapshot, as dtrace's act on its latest one, so what
 * trunc takes away is exactly what printa printed. */
int trace_aggs_snapshot(struct trace_aggs *t, size_t i, char *errbuf, size_t errlen);
/* A new record is being consumed. */
void trace_aggs_next_record(struct trace_aggs *t);
/* A trunc/clear/normalize/denormalize action; n is trunc's or normalize's argument
 * (has_n false: trunc keeps nothing). */
int trace_aggs_action(struct trace_aggs *t, const struct dobj_action *a, bool has_n, int64_t n,
		      char *errbuf, size_t errlen);
/* Truncated keys that can no longer change leave the map and their baselines: those of
 * additive aggregations whose user stack and address keys (ustack(), uaddr(); not usym()/
 * umod(), merged per function) all name processes gone(arg, pid) says have exited, not
 * kept by clear(), and whose map value is still their baseline (nothing since trunc). Such
 * a key prints nothing, and an update after its removal (the pid reused) starts it afresh:
 * what prints is the same, but a run whose processes come and go no longer keeps every key
 * (and baseline) it ever made. */
void trace_aggs_retire(struct trace_aggs *t, bool (*gone)(void *arg, int64_t pid), void *arg);
/* printa: the snapshots of the action's aggregations (act->naggs of them, in *snaps, which
 * the caller frees), each read once per record, marked printed. */
int trace_aggs_printa(struct trace_aggs *t, const struct dobj_action *act,
		      struct agg_data ***snaps, char *errbuf, size_t errlen);
/* At exit: a fresh snapshot of every aggregation (o->naggs of them, in *snaps, which the
 * caller frees); those printa printed are marked so. */
int trace_aggs_exit(struct trace_aggs *t, struct agg_data ***snaps, char *errbuf, size_t errlen);
#endif
