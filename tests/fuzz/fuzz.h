/* fuzz.h — what the fuzz harnesses (tests/fuzz/fuzz_*.c) share: the input as a C string, and a
 * small 64-bit x86-64 ELF image built around fuzzed section contents, so that a harness for one
 * part of the ELF readers (notes, symbols) spends its time in that part instead of in failing the
 * header checks.
 *
 * Each harness defines LLVMFuzzerTestOneInput (libFuzzer's entry). tests/unit/test_fuzz_regress.c
 * includes every harness under another name for that function and replays the inputs of
 * tests/fuzz/regress/TARGET/ through it, so that a finding fixed stays fixed in `make check`. */
#ifndef USDTRACE_FUZZ_H
#define USDTRACE_FUZZ_H
#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The input as a malloc'd NUL-terminated string (an input with NULs ends at the first). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* One section of fuzz_elf_build's image. link is an index into the same array (+1 for the null
 * section before it), 0 for none. */
struct fuzz_sec {
	const char *name;
	uint32_t type, link;
	uint64_t flags, addr, entsize;
	const void *data;
	size_t size;
};

/* The virtual address the image's one PT_LOAD maps file offset 0 at; it covers the whole file. */
#define FUZZ_ELF_VADDR 0x100000000000ull

/* A malloc'd ET_DYN x86-64 image: ELF header, a PT_LOAD over the whole file at FUZZ_ELF_VADDR,
 * the sections' bytes, then the section headers (the null one, secs[0..n), .shstrtab). Sections
 * with addr 0 get the address of their bytes in the PT_LOAD. With `wide`, a second PT_LOAD maps
 * every address below FUZZ_ELF_VADDR (its file size runs past the end of the file), so the
 * addresses of notes taken from other files fall in a segment. *size gets the image's size. */
static inline unsigned char *fuzz_elf_build(const struct fuzz_sec *secs, size_t n, bool wide,
					    size_t *size)
{
	int nph = wide ? 2 : 1;
	size_t shstr_size = 1 + sizeof(".shstrtab");
	for (size_t i = 0; i < n; i++)
		shstr_size += strlen(secs[i].name) + 1;
	size_t off = sizeof(Elf64_Ehdr) + nph * sizeof(Elf64_Phdr);
	size_t data_off = off;
	for (size_t i = 0; i < n; i++)
		off += (secs[i].size + 7) & ~(size_t)7;
	size_t shstr_off = off;
	off += (shstr_size + 7) & ~(size_t)7;
	size_t shoff = off;
	off += (n + 2) * sizeof(Elf64_Shdr);

	unsigned char *img = calloc(1, off);
	if (!img)
		abort();
	Elf64_Ehdr *eh = (Elf64_Ehdr *)img;
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_DYN;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_phoff = sizeof(Elf64_Ehdr);
	eh->e_shoff = shoff;
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_phentsize = sizeof(Elf64_Phdr);
	eh->e_phnum = (uint16_t)nph;
	eh->e_shentsize = sizeof(Elf64_Shdr);
	eh->e_shnum = (uint16_t)(n + 2);
	eh->e_shstrndx = (uint16_t)(n + 1);

	Elf64_Phdr *ph = (Elf64_Phdr *)(img + sizeof(Elf64_Ehdr));
	ph->p_type = PT_LOAD;
	ph->p_flags = PF_R | PF_X;
	ph->p_vaddr = ph->p_paddr = FUZZ_ELF_VADDR;
	ph->p_filesz = ph->p_memsz = off;
	ph->p_align = 0x1000;
	if (wide) {
		ph[1].p_type = PT_LOAD;
		ph[1].p_flags = PF_R | PF_W | PF_X;
		ph[1].p_filesz = ph[1].p_memsz = FUZZ_ELF_VADDR;
		ph[1].p_align = 0x1000;
	}

	Elf64_Shdr *sh = (Elf64_Shdr *)(img + shoff);
	char *shstr = (char *)img + shstr_off;
	size_t name_at = 1;
	for (size_t i = 0; i < n; i++) {
		Elf64_Shdr *s = &sh[i + 1];
		s->sh_name = (uint32_t)name_at;
		strcpy(shstr + name_at, secs[i].name);
		name_at += strlen(secs[i].name) + 1;
		s->sh_type = secs[i].type;
		s->sh_flags = secs[i].flags;
		s->sh_addr = secs[i].addr ? secs[i].addr : FUZZ_ELF_VADDR + data_off;
		s->sh_offset = data_off;
		s->sh_size = secs[i].size;
		s->sh_link = secs[i].link;
		s->sh_addralign = secs[i].type == SHT_NOTE ? 4 : 8;
		s->sh_entsize = secs[i].entsize;
		if (secs[i].size)
			memcpy(img + data_off, secs[i].data, secs[i].size);
		data_off += (secs[i].size + 7) & ~(size_t)7;
	}
	Elf64_Shdr *s = &sh[n + 1];
	s->sh_name = (uint32_t)name_at;
	strcpy(shstr + name_at, ".shstrtab");
	s->sh_type = SHT_STRTAB;
	s->sh_offset = shstr_off;
	s->sh_size = shstr_size;
	s->sh_addralign = 1;
	*size = off;
	return img;
}
#endif
