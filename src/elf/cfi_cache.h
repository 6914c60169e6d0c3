/* cfi_cache.h — built unwind rows (cfi.h) kept on disk between runs, so that tracing a program
 * whose objects were met before does not wait for their CFI to be read and compacted again
 * (python3.11: tens of ms, libclang-cpp: most of a second). Design: docs/unwind.md, "The cache".
 *
 * Contract.
 *  - The cache is a directory (default CFI_CACHE_DIR; USDTRACE_CFI_CACHE=DIR another, =off
 *    none) made 0700 if missing, and used only when it is a directory (not a link) owned by the
 *    effective user and writable by no one else; otherwise the cache is off for the run and
 *    cfi_cache_warning() says why (once; the caller prints it).
 *  - cfi_cache_key_of names an object's entry: its build ID (NT_GNU_BUILD_ID) and file size,
 *    else (no build ID) its device, inode, size and mtime. The entry also records the tracer's
 *    own build ID: rows made by another build of usdtrace are never taken.
 *  - cfi_cache_open and cfi_cache_read take an entry only after checking every byte: a
 *    regular file (opened without following links) owned by the effective user and writable by
 *    no one else, of exactly the size its header gives, the header's magic, format, row size,
 *    key and tracer matching, at most max_rows rows (cfi_cache_open), their checksum right, and
 *    the rows themselves well formed (pcs strictly increasing and below the object's end, known
 *    rule kinds, padding zero: cfi_cache_read). A file failing any check is removed and the
 *    call fails: the caller builds the rows again and stores them. A hit marks the entry used
 *    (its mtime: the eviction order). Two steps so that the caller can place the rows where
 *    they go (its row array) before they are read.
 *  - cfi_cache_store writes an entry atomically (a temporary file in the directory, renamed),
 *    and then keeps the directory within USDTRACE_CFI_CACHE_MB megabytes (default
 *    CFI_CACHE_MB): the least recently used entries are removed first. Rows that would not pass
 *    cfi_cache_read's checks are not stored. Failures are silent (the cache is an
 *    optimisation). */
#ifndef USDTRACE_CFI_CACHE_H
#define USDTRACE_CFI_CACHE_H
#include <stddef.h>
#include <stdint.h>

#include "cfi.h"
#include "elf_file.h"

#define CFI_CACHE_DIR "/var/cache/usdtrace/cfi"
#define CFI_CACHE_MB 256

struct cfi_cache_key {
	char name[200];              /* the entry's file name in the directory */
	unsigned char id[96];        /* what the header must repeat: build ID or identity */
	uint32_t idlen;
	uint64_t size;               /* the object's file size */
	uint64_t code_end;           /* rows lie at or below this object-relative address */
};

/* Counts for tests and benchmarks (this process's calls). */
struct cfi_cache_stats {
	size_t hits, misses, rejected, stored, evicted;
};
extern struct cfi_cache_stats cfi_cache_stats;

/* 0 with *k set; -1 when the cache is off (or the object cannot be named). code_end: the end of
 * the object's highest PT_LOAD segment (p_vaddr + p_memsz). */
int cfi_cache_key_of(struct elf_file *f, uint64_t code_end, struct cfi_cache_key *k);
struct cfi_cache_entry {
	int fd;
	size_t n;                    /* rows in the entry */
	uint64_t sum;
};
/* 0 with e open and e->n set (the header checked); -1 on a miss or a bad header. */
int cfi_cache_open(const struct cfi_cache_key *k, size_t max_rows, struct cfi_cache_entry *e);
/* The entry's e->n rows into dst, checked; closes e. 0, or -1 (the entry removed; dst's
 * contents undefined). */
int cfi_cache_read(const struct cfi_cache_key *k, struct cfi_cache_entry *e, struct cfi_row *dst);
/* Closes e without reading it (no room for its rows). */
void cfi_cache_close(struct cfi_cache_entry *e);
void cfi_cache_store(const struct cfi_cache_key *k, const struct cfi_row *rows, size_t n);
/* Why the cache is off, once ("" otherwise, and after the first call). */
const char *cfi_cache_warning(void);
#endif
