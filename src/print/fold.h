/* fold.h — folded stacks: an aggregation keyed by stacks written one line per stack, for
 * flame graphs (FlameGraph's flamegraph.pl, speedscope, inferno).
 *
 * Contract.
 *  - A line is the key's members joined by ';' — a stack member (ustack(), jstack(), stack())
 *    as its frames from the root (the outermost caller) to the leaf, each "module`function"
 *    (the offset left out, so samples anywhere in a function fold together; "module`0xADDR"
 *    or "0xADDR" where no symbol is known), any other member (execname, pid, ...) as its
 *    value's text — then a space and the aggregation's value (as printa's value column shows it,
 *    normalization applied).
 *  - Keys that fold to the same text are one line, their values added; lines are sorted by
 *    their text. Entries with a zero value are left out.
 *  - Only aggregations with a stack member and count() or sum() fold (fold_applies: what
 *    adds up along a flame graph's frames); others print as dtrace prints them. */
#ifndef USDTRACE_FOLD_H
#define USDTRACE_FOLD_H
#include <stdbool.h>

#include "agg.h"
#include "dopt.h"
#include "util.h"

/* Whether aggregations of desc fold: a stack key member, and count() or sum(). */
bool fold_applies(const struct agg_desc *desc);

/* The folded lines of snapshot a, appended to out; marks it printed. Returns 0. */
int fold_print(struct agg_data *a, const struct dopts *o, struct strbuf *out);

/* At exit: as agg_print_exit (variable-id order, those printa has not printed), each
 * aggregation folded when it folds, else as dtrace prints it. */
void fold_print_exit(struct agg_data *const *aggs, size_t naggs, const struct dopts *o,
		     struct strbuf *out);
#endif
