/* bprobes.h — the probes usdtrace provides itself, and matching probe descriptions to them.
 *
 * The catalog holds dtrace:::BEGIN (id 1), dtrace:::END (2), dtrace:::ERROR (3), then the
 * profile provider's predefined probes (profile-97 ... tick-10s, as dtrace lists them), then
 * any tick-N / profile-N probe a description names that is not there yet: like dtrace's profile
 * provider, a literal name "tick-RATE" or "profile-RATE" creates the probe on demand, ids
 * continuing in order of creation.
 *
 * RATE is digits with an optional unit: ns nsec us usec ms msec s sec m min h hour d day hz
 * (any case); digits alone mean hz. A period below 200 microseconds, a rate of 0, an unknown
 * unit or an overflowing value create nothing (dtrace's profile provider creates nothing
 * either, so such a description "does not match any probes").
 *
 * Contract: bprobes_match never fails for a syntactically valid description; it appends to
 * *idx the catalog indexes of the probes it matches that are not in the list yet, and returns
 * how many probes it matched in all (duplicates included), so a caller can tell "matched
 * nothing". Catalog entries are struct dobj_probe values owned by the catalog. */
#ifndef USDTRACE_BPROBES_H
#define USDTRACE_BPROBES_H
#include <stddef.h>
#include <stdint.h>

#include "dobj.h"
#include "probedesc.h"

struct bprobes {
	struct dobj_probe *probes;
	size_t n, cap;
	unsigned char *kbtf_added; /* which probes of BTF-described kernel things are in, by BTF
	                            * id: fbt's function entry (bit 0) and return (1), rawtp's
	                            * tracepoints (2) */
};

void bprobes_init(struct bprobes *c);
/* Append a probe of provider pv (the kernel providers' catalogs: ktp.h); its id is the next. */
struct provider;
struct dobj_probe *bprobes_add(struct bprobes *c, const struct provider *pv, const char *mod,
			       const char *func, const char *name, enum dobj_probe_kind kind);
void bprobes_free(struct bprobes *c);

/* "tick-1s" -> DOBJ_PROBE_TICK, 1e9; "profile-97" -> DOBJ_PROBE_PROFILE, 1e9/97.
 * Returns 0, or -1 when name is no valid profile-provider probe name. */
int bprobes_profile_period(const char *name, enum dobj_probe_kind *kind, uint64_t *period_ns);

/* Match d (probe id `id` when non-zero: the -i form) against the catalog's probes of provider
 * `only` (NULL: every provider), creating a profile probe first when d names one. Indexes are
 * appended to *idx (*nidx entries, deduplicated). */
struct provider;
/* Append a probe of provider pv (fbt adds its probes as descriptions name them); the next id. */
struct dobj_probe *bprobes_add(struct bprobes *c, const struct provider *pv, const char *mod,
			       const char *func, const char *name, enum dobj_probe_kind kind);
int bprobes_match(struct bprobes *c, const struct provider *only, const struct probedesc *d,
		  uint32_t id, int **idx, size_t *nidx);
#endif
