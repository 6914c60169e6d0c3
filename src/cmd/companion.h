/* companion.h — the companions of formula providers (dparse.h dcompanion,
 * docs/formula-providers.md "State across probes"): the clauses a program gains because it
 * uses formula probes that read thread-local state a companion keeps. */
#ifndef USDTRACE_COMPANION_H
#define USDTRACE_COMPANION_H

#include <stddef.h>

#include "dparse.h"
#include "pcat.h"

/* Appends to g, as clauses after its others, the companions of g's formula providers that the
 * probes the first nclauses clauses enable (matched in cat) need: a companion is needed when a
 * formula probe of its provider that a clause enables has a guard or an args[] expression
 * reading a self-> variable the companion assigns. Each companion is added once. Returns the
 * number of clauses added (0: none needed), or -1 with a message in err (a companion's
 * description that does not parse). */
int companions_add(struct dprog *g, struct pcat *cat, int nclauses, char *err, size_t errlen);

#endif
