/* fuzz_stapsdt.c — the stapsdt notes alone: the input is the contents of a .note.stapsdt
 * section, in a small valid ELF file (fuzz.h) with a .stapsdt.base, a symbol table and a
 * segment mapping the addresses real notes name, so
 * every input reaches the note parser (sizes, owner, descriptor, strings, base adjustment,
 * argument strings and their symbols). */
#include <gelf.h>

#include "fuzz.h"
#include "usdt_note.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char strtab[] = "\0counter\0fn\0tls";
	Elf64_Sym syms[4] = {
		{0},
		{ .st_name = 1, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT), .st_shndx = 1,
		  .st_value = FUZZ_ELF_VADDR + 0x40, .st_size = 8 },
		{ .st_name = 9, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), .st_shndx = 1,
		  .st_value = FUZZ_ELF_VADDR, .st_size = 0x1000 },
		{ .st_name = 12, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_TLS), .st_shndx = 1,
		  .st_value = 0x10, .st_size = 8 },
	};
	static const unsigned char base[1];
	/* .stapsdt.base where the first note says it was (in the file the note comes from), so
	 * that real notes keep their addresses, which the wide segment (fuzz.h) maps */
	uint64_t base_addr = FUZZ_ELF_VADDR + 0x80;
	if (size >= 12) {
		uint32_t namesz;
		memcpy(&namesz, data, 4);
		size_t at = 12 + (((size_t)namesz + 3) & ~(size_t)3) + 8;
		if (namesz < size && at + 8 <= size)
			memcpy(&base_addr, data + at, 8);
	}
	struct fuzz_sec secs[] = {
		{ .name = ".stapsdt.base", .type = SHT_PROGBITS, .flags = SHF_ALLOC,
		  .addr = base_addr, .data = base, .size = sizeof(base) },
		{ .name = ".note.stapsdt", .type = SHT_NOTE, .data = data, .size = size },
		{ .name = ".symtab", .type = SHT_SYMTAB, .link = 4, .entsize = sizeof(Elf64_Sym),
		  .data = syms, .size = sizeof(syms) },
		{ .name = ".strtab", .type = SHT_STRTAB, .data = strtab, .size = sizeof(strtab) },
	};
	size_t n;
	unsigned char *img = fuzz_elf_build(secs, 4, true, &n);
	char err[256];
	struct usdt_file *f = NULL;
	if (usdt_file_from_memory("fuzz", img, n, &f, err, sizeof(err)) == 0) {
		for (int i = 0; i < f->nsites; i++)
			for (int k = 0; k < f->sites[i].nargs; k++)
				free(usdt_arg_describe(&f->sites[i].args[k]));
		usdt_file_free(f);
	}
	free(img);
	return 0;
}
