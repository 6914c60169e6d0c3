/* cfi_need.h — how many unwind rows (cfi.h) objects will take in the rows map before they are
 * read: to size the "ustack_rows" map when tracing starts, from what the -p/-c targets map
 * (ustack_tables_size), and to refuse an object that cannot fit before building its rows
 * (cfi_proc.c). Design: docs/unwind.md, "Limits".
 *
 * Contract.
 *  - cfi_need_object: the rows of the open object f: exact (*exact true) when the on-disk cache
 *    (cfi_cache.h) holds its entry (only the header is read), else an estimate from the size
 *    of its .eh_frame and .debug_frame, CFI_NEED_BYTES_HI bytes per row: denser than any large
 *    object of this machine, so it errs high. 0 for an object without CFI or unreadable headers.
 *  - cfi_need_low: a lower estimate from the same bytes, CFI_NEED_BYTES_LO per row: sparser
 *    than any large object measured, so an object whose low estimate does not fit will not fit
 *    once built either.
 *  - cfi_need_proc: the rows of the distinct objects (device, inode) of pid's executable file
 *    mappings that *seen (objects already counted, over several calls) does not hold; adds
 *    them there. *exact: how many of those rows came from cache entries. 0 for a process that
 *    is gone. Every byte of /proc and of the objects is hostile: a line or an object that does
 *    not parse counts nothing. */
#ifndef USDTRACE_CFI_NEED_H
#define USDTRACE_CFI_NEED_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "elf_file.h"

/* bytes of CFI per compacted row over the 32 objects of /usr/bin, /usr/lib/x86_64-linux-gnu and
 * /usr/lib/llvm-14/lib with more than 256 KB of it: 4.56 (libgtk-x11) to 7.46 (node); libclang-cpp
 * 5.06, libLLVM-14 5.31, python3.11 6.36 (cfi_dump -s, docs/unwind.md) */
#define CFI_NEED_BYTES_HI 4
#define CFI_NEED_BYTES_LO 8

struct cfi_need_seen {
	struct { dev_t dev; ino_t ino; } *v;
	size_t n, cap;
};

size_t cfi_need_object(struct elf_file *f, bool *exact);
size_t cfi_need_low(struct elf_file *f);
size_t cfi_need_proc(pid_t pid, struct cfi_need_seen *seen, size_t *exact);
void cfi_need_seen_free(struct cfi_need_seen *seen);
#endif
