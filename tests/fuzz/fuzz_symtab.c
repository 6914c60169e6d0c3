/* fuzz_symtab.c — the ELF symbol table reader (elf_symtab.c, and elf_funcs.c's use of it): the
 * input's first two bytes say where it splits into a .symtab (entries as they are) and its
 * .strtab, in a small valid ELF file (fuzz.h). Then: lookups by address and by name. */
#include <gelf.h>

#include "fuzz.h"
#include "elf_file.h"
#include "elf_funcs.h"
#include "elf_symtab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 2)
		return 0;
	size_t split = ((size_t)data[0] | (size_t)data[1] << 8) % (size - 1);
	data += 2;
	size -= 2;
	struct fuzz_sec secs[] = {
		{ .name = ".text", .type = SHT_PROGBITS, .flags = SHF_ALLOC | SHF_EXECINSTR,
		  .data = data, .size = size },
		{ .name = ".symtab", .type = SHT_SYMTAB, .link = 3, .entsize = sizeof(Elf64_Sym),
		  .data = data, .size = split },
		{ .name = ".strtab", .type = SHT_STRTAB, .data = data + split, .size = size - split },
	};
	size_t n;
	unsigned char *img = fuzz_elf_build(secs, 3, false, &n);
	char err[256];
	struct elf_file ef;
	if (elf_file_from_memory(&ef, "fuzz", img, n, err, sizeof(err)) == 0) {
		Elf_Scn *scn = NULL;
		GElf_Shdr sh;
		const char *name;
		while (elf_file_next_section(&ef, &scn, &sh, &name, err, sizeof(err)) == 1) {
			if (sh.sh_type != SHT_SYMTAB)
				continue;
			struct elf_symtab t;
			if (elf_symtab_load(ef.elf, scn, &t, err, sizeof(err)) != 0)
				continue;
			for (size_t i = 0; i < t.nsyms && i < 64; i++) {
				bool amb, guessed;
				elf_symtab_func_at(&t, t.syms[i].value);
				elf_symtab_func_at(&t, t.syms[i].value + t.syms[i].size);
				elf_symtab_file_around(&t, t.syms[i].value, &guessed);
				elf_symtab_find(&t, t.syms[i].name, t.syms[i].file, &amb);
			}
			elf_symtab_free(&t);
		}
	}
	elf_file_close(&ef);
	struct elf_funcs *fs = NULL;
	if (elf_funcs_from_memory("fuzz", img, n, &fs, err, sizeof(err)) == 0)
		elf_funcs_free(fs);
	free(img);
	return 0;
}
