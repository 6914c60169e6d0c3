/* elf_file.h — one ELF file opened read-only through libelf, from a path or from a memory image,
 * and the checks every reader of executables and shared objects makes first. Shared by
 * usdt_note.c and elf_funcs.c, so the two say the same thing about the same bad file.
 *
 * Contract, per function; each failure is -1 with "NAME: ..." in err (NAME as given to open),
 * except a libelf too old or too new, which is "libelf version mismatch":
 *  - elf_file_open: proc_path_open (a path under /proc/PID/root is resolved inside that root;
 *    a FIFO does not block), fstat, a regular file only ("NAME: not a regular file"; errno text
 *    for the others), then elf_begin(ELF_C_READ): read with bounded preads, never mapped, so a
 *    file that shrinks while it is read gives libelf's read errors, not a SIGBUS. Any file libelf takes is
 *    a success, whatever its kind: the header is not looked at yet.
 *  - elf_file_from_memory: the same from a copy of image (so libelf may write to it; the
 *    caller's bytes stay untouched). dev, ino and mtime are 0.
 *  - elf_file_close: elf_end, close the descriptor, free the copy. Safe on a handle whose open
 *    failed, and twice.
 *  - elf_file_header: the ELF header of a 64-bit ET_EXEC or ET_DYN file whose program and
 *    section header tables lie inside the file (libelf quietly reads a table past the end as
 *    empty), and the number of program headers. Messages: "not an ELF file", "truncated ELF
 *    header", "32-bit ELF objects are not supported", "unknown ELF class N", "unknown ELF byte
 *    order N", "bad ELF header: ...", "program header table lies outside the file (truncated?)",
 *    "section header table lies outside the file (truncated?)", "relocatable object (ET_REL) is
 *    neither an executable nor a shared object" (likewise core files, other types), "bad program
 *    headers: ...".
 *  - elf_file_phdr: program header i, or "bad program header I: ...".
 *  - elf_file_next_section: the section headers in order. Start with *scn NULL; returns 1 with
 *    *scn, *sh and *name (NULL when the name cannot be read), 0 after the last one, -1 for "bad
 *    section headers: ..." (the string table index, on the first call) or "bad section header:
 *    ...". */
#ifndef USDTRACE_ELF_FILE_H
#define USDTRACE_ELF_FILE_H
#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct elf_file {
	Elf *elf;
	const char *name;          /* the path or name given to open: not copied, must outlive this */
	uint64_t size;             /* bytes in the whole file */
	dev_t dev;                 /* of the file opened; 0 for a memory image */
	ino_t ino;
	int64_t mtime_sec, mtime_nsec;
	/* private */
	int fd;                    /* -1 for a memory image */
	unsigned char *image;      /* memory images: the copy libelf reads; a caller that keeps the
	                            * bytes past close takes the pointer and sets this to NULL */
	size_t shstrndx;           /* set by elf_file_next_section's first call */
};

/* Whether libelf agrees to EV_CURRENT (asked once). */
bool elf_file_libelf_ready(void);

int elf_file_open(struct elf_file *f, const char *path, char *err, size_t errlen);
int elf_file_from_memory(struct elf_file *f, const char *name, const void *image, size_t size,
			 char *err, size_t errlen);
void elf_file_close(struct elf_file *f);

int elf_file_header(struct elf_file *f, GElf_Ehdr *eh, size_t *nphdrs, char *err, size_t errlen);
int elf_file_phdr(struct elf_file *f, size_t i, GElf_Phdr *ph, char *err, size_t errlen);
int elf_file_next_section(struct elf_file *f, Elf_Scn **scn, GElf_Shdr *sh, const char **name,
			  char *err, size_t errlen);
#endif
