/* elf_symtab.h — one ELF symbol table (.symtab or .dynsym) loaded for two questions: which
 * function contains an address, and where a named symbol lives.
 *
 * Contract: elf_symtab_load never crashes on a corrupt table: entries whose name cannot be read
 * are dropped, a table with a wrong entry size fails with a message. Symbol names point into
 * libelf's copy of the string table, so they are valid only while the Elf handle is open; copy
 * what must outlive it. */
#ifndef USDTRACE_ELF_SYMTAB_H
#define USDTRACE_ELF_SYMTAB_H
#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct elf_sym {
	const char *name;
	uint64_t value, size;
	uint8_t type, bind;   /* STT_*, STB_* */
	uint16_t shndx;
	uint32_t index;       /* position in the table: the tie-breaker that keeps results stable */
	uint32_t file;        /* index of the STT_FILE symbol whose locals this is one of, 0 if none */
};

struct elf_symtab {
	struct elf_sym *syms;      /* defined symbols only, in table order */
	size_t nsyms;
	struct elf_sym **funcs;    /* STT_FUNC / STT_GNU_IFUNC by ascending address */
	size_t nfuncs;
	struct elf_sym **by_name;  /* built on the first elf_symtab_find */
	/* for elf_symtab_file_around, per position i in funcs (0..nfuncs): the file of the
	 * nearest local function with one in funcs[0, i), and in funcs[i, nfuncs); 0: none */
	uint32_t *file_before, *file_after;
};

/* Load the SHT_SYMTAB or SHT_DYNSYM section scn. Returns 0, or -1 with a message in errbuf. */
int elf_symtab_load(Elf *elf, Elf_Scn *scn, struct elf_symtab *t, char *errbuf, size_t errlen);
void elf_symtab_free(struct elf_symtab *t);
/* Build file_before/file_after from funcs (elf_symtab_load does; tables made by hand call it
 * once their funcs are sorted). */
void elf_symtab_index_files(struct elf_symtab *t);
/* For a table made by hand (syms and nsyms set, each index distinct): funcs from syms, sorted
 * as elf_symtab_load sorts them, and the file indexes. */
void elf_symtab_index(struct elf_symtab *t);

/* The function containing addr (value <= addr < value + size). Among aliases a global beats a
 * weak beats a local symbol, then the earlier table entry wins. If no sized function contains
 * addr, the nearest preceding function of size 0 (hand-written assembly often has no .size) is
 * returned; NULL if there is none. */
const struct elf_sym *elf_symtab_func_at(const struct elf_symtab *t, uint64_t addr);

/* Which translation unit's locals (an elf_sym.file value) probably surround addr, a guess for
 * global functions, which carry no file of their own. If the nearest local functions before
 * and after addr belong to the same file, that file (*guessed = false); otherwise the file of
 * the one before (compilers tend to emit static helpers ahead of their callers), with
 * *guessed = true. 0 if there is no local function to go by. */
uint32_t elf_symtab_file_around(const struct elf_symtab *t, uint64_t addr, bool *guessed);

/* The symbol called name. When several match (static variables of the same name in different
 * translation units), the one among the locals of file `prefer_file` (an elf_sym.file value,
 * 0 for "unknown") wins, then a single global or weak one; otherwise the name is ambiguous:
 * NULL with *ambiguous set. NULL with *ambiguous false means not found. */
const struct elf_sym *elf_symtab_find(struct elf_symtab *t, const char *name, uint32_t prefer_file,
				      bool *ambiguous);
#endif
