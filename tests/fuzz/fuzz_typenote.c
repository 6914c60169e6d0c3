/* fuzz_typenote.c — usdtrace's type note (usdt_typenote.h) alone: the input is the contents of
 * a .note.usdtrace section in a small valid ELF file (fuzz.h): argument types, argument maps and
 * the declarations text. */
#include "fuzz.h"
#include "usdt_note.h"
#include "usdt_typenote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_sec secs[] = {
		{ .name = USDT_TYPENOTE_SECTION, .type = SHT_NOTE, .data = data, .size = size },
	};
	size_t n;
	unsigned char *img = fuzz_elf_build(secs, 1, false, &n);
	char err[256];
	struct usdt_file *f = NULL;
	if (usdt_file_from_memory("fuzz", img, n, &f, err, sizeof(err)) == 0) {
		for (int i = 0; i < f->ntypes; i++)
			usdt_file_find_types(f, f->types[i].provider, f->types[i].name);
		usdt_file_free(f);
	}
	free(img);
	return 0;
}
