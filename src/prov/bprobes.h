/* bprobes.h — the builtin catalog: the probes of every provider but the uprobe ones (usdt, pid,
 * which live in the uprobe table, usdt_prov.h), and matching probe descriptions to them.
 *
 * Providers fill it: their standing probes at the start (provider.h populate, in provider-table
 * order: dtrace's BEGIN 1, END 2, ERROR 3, the profile provider's predefined probes, then the
 * kernel providers'), the others as descriptions name them (profile's tick-N, fbt, rawtp,
 * sdt), ids continuing in order of creation. The catalog knows no provider: what a provider
 * keeps about a probe hangs from its data pointer (bprobes_data: memory the catalog owns).
 *
 * Contract: bprobes_match never fails for a syntactically valid description; it appends to
 * *idx the catalog index of each probe it matches, in catalog order, even one the list holds
 * already (a probe two descriptions of a clause name is enabled twice: dtrace makes an
 * enabling per description), and returns how many it matched. Catalog entries are struct dobj_probe values owned by the catalog. */
#ifndef USDTRACE_BPROBES_H
#define USDTRACE_BPROBES_H
#include <stddef.h>
#include <stdint.h>

#include "dobj.h"
#include "probedesc.h"

struct bprobes {
	struct dobj_probe *probes;
	size_t n, cap;
	void **owned;              /* bprobes_data's blocks */
	size_t nowned, owned_cap;
	unsigned char *kbtf_added; /* which probes of BTF-described kernel things are in, by BTF
	                            * id: fbt's function entry (bit 0) and return (1), rawtp's
	                            * tracepoints (2) */
};

void bprobes_init(struct bprobes *c);   /* empty: providers populate it */
void bprobes_free(struct bprobes *c);

/* Append a probe of provider pv; its id is the next. The pointer is valid until the next
 * bprobes_add. */
struct provider;
struct dobj_probe *bprobes_add(struct bprobes *c, const struct provider *pv, const char *mod,
			       const char *func, const char *name, enum dobj_probe_kind kind);
/* `size` zeroed bytes owned by the catalog (freed with it), made probe p's data. */
void *bprobes_data(struct bprobes *c, struct dobj_probe *p, size_t size);

/* Match d (probe id `id` when non-zero: the -i form) against the catalog's probes of provider
 * `only` (NULL: every provider). Indexes are appended to *idx (*nidx entries, deduplicated). */
int bprobes_match(struct bprobes *c, const struct provider *only, const struct probedesc *d,
		  uint32_t id, int **idx, size_t *nidx);
#endif
