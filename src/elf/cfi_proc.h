/* cfi_proc.h — the unwind tables of processes: each object's rows once (cfi_elf.h), each in a
 * range of one array of struct cfi_row (what the "ustack_rows" map holds; ranges released and
 * reused, below), and per process the struct cfi_proc the walk reads (its executable mappings, sorted,
 * with their rows and load bias). No BPF here: the tracer copies rows and entries into the maps
 * (consume/ustack_tables.c).
 *
 * Contract.
 *  - cfi_db_proc reads /proc/PID/maps: every executable mapping below 2^47 (not [vsyscall])
 *    becomes an entry, file mappings with their object's rows, anonymous ones ([vdso], JIT
 *    code) with none, so the walk uses frame pointers there and does not ask again. A process
 *    with more than CFI_MAPS_MAX: neighbouring entries are merged into entries without rows
 *    (frame pointers there) until it fits, first those without rows, then those with the
 *    fewest, never the executable's; db->maps_lost says how many mappings lost their rows. Objects
 *    are known by (device, inode): a library shared by many processes is read once. An object
 *    that cannot be read, has no CFI, or would not fit in max_rows gets no rows (a warning,
 *    once per object, in db->warn). Returns 0, or -1 with a message (the process is gone).
 *    With a stop row (cfi_db_stop_row), an object whose rows did not fit names it: the walk
 *    ends the stack there (without, frame pointers there).
 *  - Room first: an object not in the cache whose rows cannot fit even by the low estimate
 *    of cfi_need.h (after reclaiming) is refused before its rows are built. An object
 *    without a page index (cfi.h) may have at most CFI_OBJ_ROWS_MAX rows (the walk's search
 *    bound); a larger one is refused as if full.
 *  - Rows and page index entries live in ranges of db->rows and db->pages, one per object;
 *    a range never changes while its object holds it. The objects read since the tracer last
 *    asked are listed in db->fresh (cfi_db_take_fresh): their ranges are what to upload. An
 *    object whose page index does not fit in max_pages has none (the walk searches all of its
 *    rows).
 *  - Reclaiming: when an object's rows do not fit in what is left of max_rows, db->reclaim
 *    (when set) is called; it calls cfi_db_release with the objects still in use (those the
 *    entries of live processes name); the others' ranges are freed and reused, and each is read
 *    again (from the cache, cfi_cache.h, when on) if a process maps it later. The objects the
 *    cfi_db_proc under way has met (db->cur) are always kept. An object that does not fit even
 *    then has no rows, a warning once, and is tried again when a process maps it and rows
 *    have been released since (a reclaim is tried first).
 *  - Rows come from the on-disk cache (cfi_cache.h) when it holds the object's, else are
 *    built and stored there (not for an object whose rows took its separate debug file's
 *    .debug_frame: that file may come or go).
 *  - Each object's rows take CFI rows' object-relative pcs (32 bits: an object whose addresses
 *    do not fit gets no rows).
 *  - Off the start path (cfi_db_async): the rows of a large object (a cache entry of more than
 *    CFI_SYNC_ROWS rows, or, not cached, more than CFI_SYNC_BYTES of .eh_frame and
 *    .debug_frame) are read or built by the builder thread (cfi_build.h); the object is
 *    pending meanwhile, and the mappings of pending objects get the one row [stop_row,
 *    stop_row + 1) (the caller keeps a CFI_CFA_EXPR row there: the walk records the frame's pc
 *    and ends the stack, never guessing past code whose rules it does not know yet).
 *    cfi_db_collect, called from the tracer's loop, takes one finished object at a time and
 *    places its rows as a synchronous read would (db->fresh, or a warning): the caller then
 *    rebuilds the entries of the processes that map it. Small objects are read at once as
 *    before. Without cfi_db_async every object is read at once (tools, tests). */
#ifndef USDTRACE_CFI_PROC_H
#define USDTRACE_CFI_PROC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cfi.h"
#include "cfi_elf.h"

/* Read at once up to these (docs/unwind.md, "Rows built off the start path": about 2 ms from the
 * cache, a few ms built, on this loaded machine); larger objects go to the builder thread. */
#define CFI_SYNC_ROWS (128u * 1024)
#define CFI_SYNC_BYTES (256u * 1024)
struct cfi_builder;

struct cfi_obj {
	dev_t dev;
	ino_t ino;
	uint32_t row_lo, row_hi;   /* equal: no rows */
	uint32_t page_lo, npages, page_first;   /* its page index (cfi.h: ustack_pages) */
	/* the object's PT_LOAD segments, for load biases */
	struct cfi_elf_load load[8];
	int nload;
	double ms;                 /* time taken to read and build its rows */
	bool evicted;              /* its ranges were released: read again when met */
	bool pending;              /* its rows are with the builder (cfi_db_async) */
	uint32_t resv_lo, resv_n;  /* pending: the rows set aside for the builder to read into */
	bool cached;               /* its rows came from the on-disk cache */
	bool full;                 /* its rows did not fit when last read: read again when met
	                            * and rows were released since (warned once) */
	size_t full_at;            /* db->released then */
};

struct cfi_range {
	uint32_t lo, hi;
};

struct cfi_db {
	struct cfi_row *rows;
	size_t nrows, cap;         /* nrows: the end of the highest range handed out */
	size_t max_rows;
	size_t rows_used, rows_peak;   /* rows held by objects now, and at most */
	struct cfi_range *free_rows;   /* released ranges below nrows, sorted, not touching */
	size_t nfree_rows, freerowcap;
	uint32_t *pages;           /* the page indexes of every object */
	size_t npages, pagecap, max_pages;
	struct cfi_range *free_pages;
	size_t nfree_pages, freepagecap;
	struct cfi_obj *objs;
	size_t nobjs, objcap;
	uint32_t *fresh;           /* objects read (rows placed) since cfi_db_take_fresh */
	size_t nfresh, freshcap;
	uint32_t *cur;             /* the objects the last (or current) cfi_db_proc met */
	size_t ncur, curcap;
	void (*reclaim)(struct cfi_db *db, void *ctx);
	void *reclaim_ctx;
	size_t released;           /* objects whose ranges were released, over the run */
	struct cfi_stats st;       /* summed over the objects read */
	bool rows_fixed;           /* rows is the caller's memory (cfi_db_use_rows) */
	bool async;                /* large objects go to the builder (cfi_db_async) */
	uint32_t stop_row;         /* the row pending and full objects' mappings name */
	bool have_stop;            /* stop_row set (cfi_db_stop_row, cfi_db_async) */
	struct cfi_builder *builder;   /* started with the first large object */
	char warn[512];            /* the latest warning, "" when none (the caller prints, clears) */
	size_t maps_lost;          /* the last cfi_db_proc: mappings whose rows were given up */
};

void cfi_db_init(struct cfi_db *db, size_t max_rows, size_t max_pages);
void cfi_db_free(struct cfi_db *db);
int cfi_db_proc(struct cfi_db *db, pid_t pid, struct cfi_proc *out, char *err, size_t errlen);
/* The object (dev, ino) read from path (name: its path as process pid names it, for messages
 * and its debuglink; pid 0: ours), once: its index in db->objs; -1 when the file cannot be
 * opened now (nothing is cached then). An object whose CFI leaves most of its code out
 * (cfi_elf_wants_debugfile) takes the .debug_frame of its separate debug file too. */
int cfi_db_object(struct cfi_db *db, const char *path, const char *name, pid_t pid, dev_t dev,
		  ino_t ino);
/* Release the ranges of every object with rows for which used[i] (i < db->nobjs) is false and
 * that db->cur does not hold; the objects stay known (read again when met). */
void cfi_db_release(struct cfi_db *db, const bool *used);
/* The objects in db->fresh, and empties it: *n indices into db->objs (valid until the next
 * cfi_db call). */
const uint32_t *cfi_db_take_fresh(struct cfi_db *db, size_t *n);
/* Rows placed in mem (max_rows of them, e.g. the rows map's mmap) instead of an array of the
 * db's own, before any is read: rows read from the cache go straight there (a large object's
 * by the builder, into a range set aside for it). */
void cfi_db_use_rows(struct cfi_db *db, struct cfi_row *mem);
/* Large objects to the builder thread from now on; stop_row: the row (kept by the caller,
 * outside [0, max_rows)) that pending objects' mappings name. */
void cfi_db_async(struct cfi_db *db, uint32_t stop_row);
/* The stop row alone (without the builder): the mappings of objects whose rows did not fit
 * name it, so the walk ends the stack there instead of guessing with frame pointers. */
void cfi_db_stop_row(struct cfi_db *db, uint32_t stop_row);
/* One object the builder finished, placed (its rows listed in db->fresh, or db->warn set): its
 * index in db->objs; -1 when none is ready. Never blocks. */
int cfi_db_collect(struct cfi_db *db);
/* Objects with the builder and not yet collected. */
size_t cfi_db_pending(struct cfi_db *db);
/* Blocks until the builder finishes one or ms milliseconds pass. */
void cfi_db_wait(struct cfi_db *db, int ms);
#endif
