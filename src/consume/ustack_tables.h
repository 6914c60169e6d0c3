/* ustack_tables.h — the tracer's side of the CFI stack walk: the unwind tables of the traced
 * processes (elf/cfi_proc.h) copied into the walk's BPF maps (dobj.h: ustack_rows,
 * ustack_procs, ustack_want), up front for the -p/-c targets and whenever the walk asks.
 *
 * Contract.
 *  - ustack_tables_init does nothing (and the others nothing after it) for a program without a
 *    user stack walk (o->ustack_procs_map < 0).
 *  - ustack_tables_pid builds or refreshes pid's entry: the rows and page index of each object
 *    read meanwhile are in the maps (written in place through their mmap; batch updates where
 *    the maps cannot be mapped), then the process's entry. Large objects' rows come from the
 *    builder thread (cfi_proc.h, cfi_db_async; not with USDTRACE_USTACK_SYNC=1): until then
 *    their mappings name the stop row, the map's last, where the walk ends the stack. A
 *    process that is gone is
 *    skipped silently; warnings (an object without a table, the tables full) are printed once
 *    each on stderr.
 *  - ustack_tables_poll (at most every USTACK_TABLES_POLL_MS; the tracer's loop wakes that
 *    often when a program walks user stacks) takes the pids the walk put in ustack_want,
 *    builds them and removes them from it: the stacks of a process between its first stack
 *    and its table end at their first frame. It also collects the objects the builder finished and
 *    rebuilds the entries of the live processes that map them.
 *  - ustack_procs full (CFI_PROCS_MAX processes): the entries of processes that have exited
 *    are removed and the update tried again; when still full, the process has no entry (its
 *    stacks end at their first frame; the walk keeps asking, each ask rebuilt from the cached
 *    objects) and a warning is printed, once. Every second, too, the poll removes the entries of processes that have
 *    exited (the walk runs only in live processes: nothing else reads them), so the
 *    CFI_PROCS_MAX entries serve however many processes come and go.
 *  - Rows are reclaimed: when an object's rows do not fit, the entries of exited processes are
 *    removed and the rows of the objects no remaining entry names are released for reuse
 *    (cfi_proc.h). USDTRACE_USTACK_ROWS=N uses at most N rows of the map (tests, and a
 *    smaller footprint in user space).
 *  - Memory: rows are the map's entries (ustack_tables_size; 16 bytes each), processes CFI_PROCS_MAX; the
 *    per-process lists (entries, warnings) hold live processes only, the warnings at most
 *    USTACK_WARNED_MAX. */
#ifndef USDTRACE_USTACK_TABLES_H
#define USDTRACE_USTACK_TABLES_H
#include <stdint.h>
#include <sys/types.h>

#include "cfi_proc.h"
#include "dobj.h"

/* One bpf_map_get_next_key call on an empty map per poll: cheap enough to ask often. */
#define USTACK_TABLES_POLL_MS 10
#define USTACK_WARNED_MAX 1024

struct ustack_tables {
	int rows_fd, procs_fd, want_fd, pages_fd;   /* -1: no walk */
	int cache_fd;                     /* the walk's per-CPU row cache, -1: none */
	size_t cache_bytes;               /* its value, every CPU's copy (zeros clear it) */
	struct cfi_db db;
	void *rows_mem, *pages_mem;       /* the rows and pages maps' mmap, NULL: batch uploads */
	size_t rows_bytes, pages_bytes;
	int64_t polled_ms;
	pid_t *warned;                    /* pids warned of too many mappings (once each), oldest
	                                   * first: exited ones dropped, at most USTACK_WARNED_MAX */
	size_t nwarned, warncap;
	struct ustack_known {             /* pids with an entry in ustack_procs */
		pid_t pid;
		uint32_t *objs;           /* the objects (db.objs) its entry names */
		size_t nobjs;
	} *known;
	size_t nknown, knowncap;
	bool full_warned;
	int64_t pruned_ms;                /* when exited processes' entries were last removed */
};

/* Before o's maps are created: the rows map's entries set to asked (-x ustackrows) when
 * nonzero, else to what the objects of target and pids[0, npids) need (cfi_need.h: exact from
 * the cache, estimated otherwise) plus CFI_ROWS_SPARE, at least CFI_ROWS_DEFAULT; at most
 * CFI_ROWS_CEIL either way (a warning when the need passes it). Nothing for a program without a
 * user stack walk. */
void ustack_tables_size(struct dobj *o, int64_t asked, pid_t target, const pid_t *pids, int npids);
void ustack_tables_init(struct ustack_tables *t, const struct dobj *o);
void ustack_tables_free(struct ustack_tables *t);
void ustack_tables_pid(struct ustack_tables *t, pid_t pid);
void ustack_tables_poll(struct ustack_tables *t);
#endif
