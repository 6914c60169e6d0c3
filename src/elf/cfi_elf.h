/* cfi_elf.h — the unwind rows of one ELF object (cfi.h) from its .eh_frame and, for the code
 * .eh_frame does not cover, its .debug_frame (objects built with -fno-asynchronous-unwind-tables
 * -g) and the .debug_frame of its separate debug file (stripped objects: elf_debugfile.h).
 *
 * Contract: cfi_elf_read opens path (and debugpath, NULL for none) with elf_file (same header
 * checks), parses the sections and returns compacted rows (cfi_rows_compact) and the sections'
 * statistics. An FDE of a later section whose start lies inside an earlier section's FDE is
 * left out (the same function described twice: .eh_frame wins). An object with no CFI is a
 * success with no rows (the walk uses frame pointers in it). Returns 0, or -1 with "PATH: ..."
 * in err; the files are closed in both cases. A section whose bytes are bad in places still
 * gives the rows of its good entries (st->bad counts the others). A debug file that cannot be
 * opened is an error; one for another machine is ignored.
 *
 * cfi_elf_fde_bounds: the [start, end) bounds of the functions elf's CFI describes (.eh_frame,
 * then .debug_frame's others), sorted by start, without building rows: function bounds for
 * objects without symbols (usym.c). *out is malloc'd (NULL when none); 0, or -1 for bad section
 * headers.
 *
 * cfi_elf_wants_debugfile: whether f's CFI (rows as read from f alone) leaves most of its code
 * undescribed and f has no .debug_frame of its own: a stripped object built without unwind
 * tables, whose separate debug file may hold the .debug_frame.
 *
 * cfi_elf_bytes: the size of f's .eh_frame and .debug_frame together (0 for bad section
 * headers), what building its rows takes time in proportion to (cfi_proc.c: built at once or by
 * the builder thread).
 *
 * cfi_elf_loads: f's code end (the highest p_vaddr + p_memsz of its PT_LOAD segments; one whose
 * end wraps is left out) in *code_end, and the first `max` PT_LOAD segments in load[0..*nload)
 * (load may be NULL when max is 0). 0, or -1 with the reason in err for bad program headers
 * (*code_end and *nload then hold what was read before). */
#ifndef USDTRACE_CFI_ELF_H
#define USDTRACE_CFI_ELF_H
#include "cfi.h"
#include "elf_file.h"

int cfi_elf_read(const char *path, const char *debugpath, struct cfi_rows *rows,
		 struct cfi_stats *st, char *err, size_t errlen);
/* The same from ELF files already open (not closed here); dbg NULL for none. */
int cfi_elf_read_file(struct elf_file *f, struct elf_file *dbg, struct cfi_rows *rows,
		      struct cfi_stats *st, char *err, size_t errlen);
int cfi_elf_fde_bounds(Elf *elf, uint64_t (**out)[2], size_t *n);
bool cfi_elf_wants_debugfile(struct elf_file *f, const struct cfi_rows *rows);
uint64_t cfi_elf_bytes(struct elf_file *f);
struct cfi_elf_load { uint64_t off, vaddr, filesz; };
int cfi_elf_loads(struct elf_file *f, struct cfi_elf_load *load, int max, int *nload,
		  uint64_t *code_end, char *err, size_t errlen);
#endif
