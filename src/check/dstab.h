/* dstab.h — the stability attributes of a D program's statements (the Guide's "Stability"
 * chapter, "Stability Computations and Reports"): what -v reports as a program's "Minimum
 * Statement Attributes".
 *
 * The rule (the Guide, and dtrace's -v on programs of each form): every identifier, function
 * and translator has attributes; an expression's are the minimum over its parts, and a
 * statement's the minimum over its clause's predicate and actions, from Stable / Stable /
 * Common down. The parts that weigh:
 *   curthread                        Stable / Private / Common
 *   probeprov, probemod, probefunc,  the provider's provider, module, function, name and
 *   probename, args[]                arguments attributes, for the probe the statement is for
 *   d_path, getmajor, getminor, htonl and the other byte-order functions, ddi_pathname,
 *   mutex_* and rw_* tests           Evolving / Evolving / Common
 *   `sym (a kernel symbol)           Private / Private / Unknown
 *   an inline                        its value's, or those `#pragma D attributes` gave it after
 *                                    its definition; an inline whose value is an integer
 *                                    constant is that constant (Stable) wherever it is used
 *   a global variable                Stable, or those `#pragma D attributes` gave it
 *   xlate <T> (e)                    e's and the translator's: the minimum over every member
 *                                    of its definition
 * Everything else (constants, other variables and built-ins, actions, aggregations, casts,
 * sizeof) is Stable / Stable / Common. What a value was computed from does not carry over to
 * a variable it is stored in.
 *
 * Contract: dstab_program reads the parsed program (the type checker rewrites the tree, so
 * call it first) and fills one dstab_clause per DN_CLAUSE item, in order; the parts that
 * depend on the probe are left as a set of provider fields, which dstab_statement resolves for
 * one probe description's provider. Pure over the tree. */
#ifndef USDTRACE_DSTAB_H
#define USDTRACE_DSTAB_H
#include "derr.h"
#include "dparse.h"
#include "pattr.h"

struct dstab_clause {
	struct pattr attr;        /* the minimum over what does not depend on the probe */
	unsigned probe_fields;    /* bit PATTR_PROVIDER .. PATTR_ARGS: the clause reads
				   * probeprov, probemod, probefunc, probename, args[] */
};

/* out[i] for the i-th clause of g, for i < nout. */
void dstab_program(const struct dprog *g, struct dstab_clause *out, int nout);

/* The attributes of c's statement for a probe of provider table t (pattr.h). */
struct pattr dstab_statement(const struct dstab_clause *c, const struct pattr_table *t);

/* One probe description of a clause, as the floor check sees it. */
struct dstab_desc {
	int clause;                      /* its clause (the index of g's DN_CLAUSE items) */
	struct pattr attr;               /* its attributes (-v's Probe Description Attributes) */
	const struct pattr_table *prov;  /* the provider of the probe standing for it */
};

/* The `amin` option (the Guide's "Stability Enforcement"): the first part of g's own program
 * whose attributes are below floor is an error, D_ATTR_MIN "attributes for PART (N/D/C) are
 * less than predefined minimum", PART named as dtrace names it ("scalar curthread",
 * "function ntohl( )", "operator xlate", "clause"), in dtrace's order: the program's inline
 * and translator definitions where they stand, then each clause for each of its descriptions
 * (descs, in order): the description's attributes (reported at the clause's closing brace),
 * its actions, its predicate. The D libraries are not held to it (dtrace compiles its own
 * under a floor set on the command line, which fails in them above Private/Private/Unknown:
 * the Guide's floor is the program's). 0, or -1 with err set. */
int dstab_floor(const struct dprog *g, struct pattr floor, const struct dstab_desc *descs,
		int ndescs, struct derr *err);
#endif
