/* cfi_proc.h — the unwind tables of processes: each object's rows once (cfi_elf.h), stored one
 * object after another in one growing array of struct cfi_row (what the "ustack_rows" map
 * holds), and per process the struct cfi_proc the walk reads (its executable mappings, sorted,
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
 *  - Rows and page index entries are appended only: rows [0, db->nrows) and pages
 *    [0, db->npages) never change once made, so the tracer uploads what is new after each call.
 *    An object whose page index does not fit in max_pages has none (the walk searches all of
 *    its rows).
 *  - Each object's rows take CFI rows' object-relative pcs (32 bits: an object whose addresses
 *    do not fit gets no rows). */
#ifndef USDTRACE_CFI_PROC_H
#define USDTRACE_CFI_PROC_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cfi.h"

struct cfi_obj {
	dev_t dev;
	ino_t ino;
	uint32_t row_lo, row_hi;   /* equal: no rows */
	uint32_t page_lo, npages, page_first;   /* its page index (cfi.h: ustack_pages) */
	/* the object's PT_LOAD segments, for load biases */
	struct { uint64_t off, vaddr, filesz; } load[8];
	int nload;
	double ms;                 /* time taken to read and build its rows */
};

struct cfi_db {
	struct cfi_row *rows;
	size_t nrows, cap;
	size_t max_rows;
	uint32_t *pages;           /* the page indexes of every object, one after another */
	size_t npages, pagecap, max_pages;
	struct cfi_obj *objs;
	size_t nobjs, objcap;
	struct cfi_stats st;       /* summed over the objects read */
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
#endif
