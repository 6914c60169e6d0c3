/* cfi_build.h — one object's unwind rows made (cfi_elf.h, with its separate debug file's where
 * it needs them) or read from the on-disk cache (cfi_cache.h), at once or by a builder thread,
 * so that a large object (libclang-cpp: a million rows) does not hold up the start of tracing.
 * Design: docs/unwind.md, "Rows built off the start path".
 *
 * Contract.
 *  - cfi_build_rows builds the rows of f (already open): its CFI, and its separate debug file's
 *    .debug_frame when f's own leaves most of its code out (found by build ID, else by the
 *    debuglink beside name, the object's path in process pid). *v (malloc'd), *n: rows with
 *    object-relative 32-bit pcs, compacted. Stored in the cache under key (NULL: none) unless
 *    they took the debug file's. 0; -1 with a message (unreadable CFI); -2 with a message (an
 *    address above 4 GB). Reentrant: it touches no shared state but the cache directory.
 *  - The builder: one thread, started on the first job, taking jobs in order. A job names an
 *    object by an open descriptor (the builder's own: the path may vanish when its process
 *    exits) and either a cache entry's row count (read it, into memory the caller set aside
 *    or a new array; built instead when the entry fails its checks) or nothing (build). Each job ends as one result (cfi_builder_take, never
 *    blocking), its rows malloc'd for the caller to place. cfi_builder_free waits for the job
 *    under way (it is not interrupted: its rows are stored in the cache for the next run),
 *    drops the others, closes their descriptors. */
#ifndef USDTRACE_CFI_BUILD_H
#define USDTRACE_CFI_BUILD_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "cfi.h"
#include "cfi_cache.h"
#include "elf_file.h"

int cfi_build_rows(struct elf_file *f, const struct cfi_cache_key *key, const char *name,
		   pid_t pid, dev_t dev, ino_t ino, struct cfi_row **v, size_t *n,
		   struct cfi_stats *st, char *err, size_t errlen);

struct cfi_build_job {
	size_t obj;                  /* the caller's name for the object (cfi_db: its slot) */
	int fd;                      /* the object, open; the builder closes it */
	char name[4096];             /* its path in process pid, for messages and its debuglink */
	pid_t pid;
	dev_t dev;
	ino_t ino;
	bool keyed;
	struct cfi_cache_key key;
	size_t cached;               /* > 0: the cache entry's row count, read it */
	struct cfi_row *dst;         /* NULL, or where to read those rows: memory the caller set
	                              * aside for them (the rows map's mapping) and does not touch
	                              * until the result is taken */
};

struct cfi_build_result {
	size_t obj;
	int rc;                      /* 0, -1 or -2 as cfi_build_rows; -3: the file could not be
	                              * opened again (gone: nothing to say) */
	struct cfi_row *v;           /* malloc'd, n rows; the taker frees it. NULL with cached set
	                              * when they were read into the job's dst */
	size_t n;
	bool cached;                 /* read from the cache entry (when the entry fails its
	                              * checks, the rows are built instead: v, cached false) */
	struct cfi_stats st;
	double ms;                   /* the builder's time on it */
	char name[4096];             /* the job's */
	char err[200];
};

struct cfi_builder;
/* NULL when the thread cannot be made (the caller builds at once then). */
struct cfi_builder *cfi_builder_new(void);
/* Queue job (copied). */
void cfi_builder_submit(struct cfi_builder *b, const struct cfi_build_job *job);
/* One finished result into *out: true; false when none is ready now. */
bool cfi_builder_take(struct cfi_builder *b, struct cfi_build_result *out);
/* Jobs submitted and not yet taken. */
size_t cfi_builder_pending(struct cfi_builder *b);
/* Blocks until a result is ready or ms milliseconds passed (tests, tools). */
void cfi_builder_wait(struct cfi_builder *b, int ms);
void cfi_builder_free(struct cfi_builder *b);
#endif
