/* cfi_elf.h — the unwind rows of one ELF object (cfi.h) from its .eh_frame, or from its
 * .debug_frame where it has no .eh_frame (objects built with -fno-asynchronous-unwind-tables
 * -g, separate debug files).
 *
 * Contract: cfi_elf_read opens path with elf_file (same header checks), parses the section
 * and returns compacted rows (cfi_rows_compact) and the section's statistics. An object with
 * neither section is a success with no rows (the walk uses frame pointers in it). Returns 0,
 * or -1 with "PATH: ..." in err; the file is closed in both cases. A section whose bytes are
 * bad in places still gives the rows of its good entries (st->bad counts the others). */
#ifndef USDTRACE_CFI_ELF_H
#define USDTRACE_CFI_ELF_H
#include "cfi.h"
#include "elf_file.h"

int cfi_elf_read(const char *path, struct cfi_rows *rows, struct cfi_stats *st, char *err,
		 size_t errlen);
/* The same from an ELF file already open (not closed here). */
int cfi_elf_read_file(struct elf_file *f, struct cfi_rows *rows, struct cfi_stats *st, char *err,
		      size_t errlen);
#endif
