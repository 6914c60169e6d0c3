/* fuzz_elf_funcs.c — the pid provider's function reader (elf_file.c, elf_symtab.c, elf_funcs.c)
 * on a whole ELF file: symbols of .symtab and .dynsym, names (demangled), globs, the canonical
 * alias, and the instructions of the first functions (capstone). */
#include "fuzz.h"
#include "elf_funcs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	struct elf_funcs *ef = NULL;
	if (elf_funcs_from_memory("fuzz", data, size, &ef, err, sizeof(err)) != 0)
		return 0;
	size_t pos = 0;
	const struct elf_func *fn;
	for (int i = 0; i < 8 && (fn = elf_funcs_next_match(ef, "*", &pos)); i++, pos++) {
		elf_funcs_canonical(ef, fn);
		struct elf_insns in;
		if (elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) == 0)
			elf_insns_free(&in);
		unsigned char buf[16];
		elf_funcs_read(ef, fn, 0, buf, sizeof(buf), err, sizeof(err));
	}
	elf_funcs_free(ef);
	return 0;
}
