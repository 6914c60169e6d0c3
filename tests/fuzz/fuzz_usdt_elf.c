/* fuzz_usdt_elf.c — the USDT reader (usdt_note.c) on a whole ELF file: headers, program and
 * section tables, .note.stapsdt, .stapsdt.base, .note.usdtrace, symbol tables, argument
 * resolution. Seeds: executables and libraries of this machine (tests/fuzz/seeds.sh). */
#include <stdio.h>

#include "fuzz.h"
#include "usdt_note.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	struct usdt_file *f = NULL;
	if (usdt_file_from_memory("fuzz", data, size, &f, err, sizeof(err)) != 0)
		return 0;
	for (int i = 0; i < f->nsites; i++) {
		const struct usdt_site *s = &f->sites[i];
		usdt_file_find_types(f, s->provider, s->name);
		usdt_file_vaddr_to_off(f, s->pc);
		for (int k = 0; k < s->nargs; k++)
			free(usdt_arg_describe(&s->args[k]));
	}
	usdt_file_free(f);
	return 0;
}
