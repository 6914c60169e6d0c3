/* stability.h — dtrace's -v report: the stability attributes of each program argument (the
 * Guide's "Stability" chapter, "Stability Computations and Reports").
 *
 * Contract: trace_cmd.c records each probe description of the program as it matches it
 * (its fields as written, how many probes it matched, its clause and statement in the probe
 * catalog) and calls stability_report once per program argument after compiling. The report
 * goes to f: a heading naming the argument, the minimum probe description attributes over its
 * descriptions (pattr.h) and the minimum over its statements' attributes (one per description
 * of each clause: dstab.h, for the description's first probe's provider); under -e (`statements`) each
 * description follows, with its attributes and argument types, up to the first one dtrace
 * cannot report (no probe, or several whose arguments may differ), as dtrace stops there. */
#ifndef USDTRACE_STABILITY_H
#define USDTRACE_STABILITY_H
#include <stdbool.h>
#include <stdio.h>

#include "dstab.h"
#include "pcat.h"

struct stab_desc {
	const char *field[4];   /* provider, module, function, name as written ("" when left out) */
	int nmatched;           /* probes it matched */
	int clause, stmt;       /* its clause, and its statement number in the catalog (pcat.h) */
	bool by_id;             /* a probe id (-i): dtrace names it by its probe's four fields */
};

/* kind: "script" or "description"; label (label_len bytes): the argument as dtrace names it. */
/* Description d's attributes as -v reports them, and the provider table (pattr.h) of the
 * probe standing for it, whose attributes the probe variables and args[] have: without one
 * (no probe, or several whose arguments may differ), the Unstable ones of a description that
 * names no provider. */
void stability_desc(struct pcat *cat, const struct stab_desc *d, struct pattr *attr,
		    const struct pattr_table **prov);

/* stmts: per clause, its statement attributes (dstab.h); NULL: Stable / Stable / Common. */
void stability_report(FILE *f, const char *kind, const char *label, int label_len,
		      const struct stab_desc *descs, int ndescs, struct pcat *cat,
		      const struct dstab_clause *stmts, bool statements);
#endif
