/* usdt_cache.h — parsed ELF files with USDT probes, keyed by (device, inode), and their sites
 * grouped into probes. Shared by the listing (-l) and the tracer's USDT provider: each distinct
 * object is parsed once however many processes map it, so walking a whole machine costs one
 * parse per library, not one per process.
 *
 * Contract: usdt_cache_get never returns NULL. Its ->f is NULL when the file could not be read
 * (->err says why, starting with the path as usdt_file_open words it); the failure is cached
 * too, so a bad file is opened once. A probe of a file is the set of its sites with the same
 * provider, name and enclosing function, in note order; probes are in order of first site. */
#ifndef USDTRACE_USDT_CACHE_H
#define USDTRACE_USDT_CACHE_H
#include <stdbool.h>
#include <sys/types.h>

#include "usdt_note.h"

struct usdt_file_probe {
	int nsites;
	int *sites;           /* indexes in f->sites */
};

struct usdt_cached {
	dev_t dev;
	ino_t ino;
	struct usdt_file *f;  /* NULL if it could not be read */
	char *err;
	int nprobes;
	struct usdt_file_probe *probes;
	bool warned;          /* for the caller: its warnings were reported */
	bool complete;        /* f resolved and probes grouped (usdt_cached_complete) */
};

struct usdt_cache {
	struct usdt_cached **slots;   /* open addressing */
	size_t cap, n;
};

/* The parsed file for (dev, ino), opening `path` on first use; complete. */
struct usdt_cached *usdt_cache_get(struct usdt_cache *c, dev_t dev, ino_t ino, const char *path);
/* The same, but possibly not complete: ->f has its sites' providers and names (see
 * usdt_file_open_lazy), ->probes are not grouped until usdt_cached_complete (idempotent). */
struct usdt_cached *usdt_cache_peek(struct usdt_cache *c, dev_t dev, ino_t ino, const char *path);
void usdt_cached_complete(struct usdt_cached *cf);
/* Whether (dev, ino) is in the cache (parsed or failed). */
bool usdt_cache_has(const struct usdt_cache *c, dev_t dev, ino_t ino);
/* Put a file parsed elsewhere (usdtraced's stash, stash.h) under its (dev, ino), owned by the
 * cache from now on; a file already there stays and f is freed. */
void usdt_cache_put(struct usdt_cache *c, struct usdt_file *f);
void usdt_cache_free(struct usdt_cache *c);

/* usdt_file_open's messages start with the path it opened; this drops it when the caller
 * names the object itself, so the path is not shown twice. */
const char *usdt_cache_err_without_path(const char *err, const char *path);
#endif
