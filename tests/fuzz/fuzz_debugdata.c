/* fuzz_debugdata.c — the readers of the sections that point to more symbols: MiniDebugInfo
 * (.gnu_debugdata: xz-decompressed, elf_minidebug.c, then opened as ELF and its .symtab loaded
 * as usym.c does) and .gnu_debuglink (elf_debugfile.c: the name and CRC parsed; the files it
 * would name are looked for under a directory that does not exist). The input is both sections'
 * bytes, in a small valid ELF file (fuzz.h). Checks: a decompressed image is never larger than
 * the bound asked for. */
#include <gelf.h>

#include "fuzz.h"
#include "elf_debugfile.h"
#include "elf_file.h"
#include "elf_minidebug.h"
#include "elf_symtab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the decoder alone, with a small bound: the "too large" path */
	unsigned char *out = NULL;
	size_t outlen = 0;
	char err[256];
	if (elf_minidebug_decode(data, size, 4096, &out, &outlen, err, sizeof err) == 0 &&
	    outlen > 4096)
		abort();
	free(out);

	struct fuzz_sec secs[] = {
		{ .name = ".gnu_debugdata", .type = SHT_PROGBITS, .data = data, .size = size },
		{ .name = ".gnu_debuglink", .type = SHT_PROGBITS, .data = data, .size = size },
	};
	size_t n;
	unsigned char *img = fuzz_elf_build(secs, 2, false, &n);
	struct elf_file ef;
	if (elf_file_from_memory(&ef, "fuzz", img, n, err, sizeof err) == 0) {
		struct elf_minidebug md;
		if (elf_minidebug_open(ef.elf, &md, err, sizeof err) == 0) {
			if (md.size > ELF_MINIDEBUG_MAX)
				abort();
			for (Elf_Scn *s = elf_nextscn(md.elf, NULL); s; s = elf_nextscn(md.elf, s)) {
				GElf_Shdr sh;
				struct elf_symtab t;
				if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_SYMTAB ||
				    elf_symtab_load(md.elf, s, &t, err, sizeof err) != 0)
					continue;
				for (size_t i = 0; i < t.nsyms && i < 64; i++)
					elf_symtab_func_at(&t, t.syms[i].value);
				elf_symtab_free(&t);
			}
			elf_minidebug_close(&md);
		}
		int fd = elf_debugfile_open_link(ef.elf, "/nonexistent-usdtrace-fuzz", 0,
						 "/nonexistent-usdtrace-fuzz", 0, 0);
		if (fd >= 0)
			abort();   /* nothing exists there to open */
	}
	elf_file_close(&ef);
	free(img);
	return 0;
}
