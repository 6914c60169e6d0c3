/* fuzz_dof.c — the DOF reader (usdt_dof.c, and usdt_note.c's use of it): the input is the
 * contents of a .SUNW_dof section. First parsed alone, blob after blob as usdt_note.c walks a
 * section (usdt_dof_parse, each probe's argument string made); then as the .SUNW_dof section
 * (type SHT_SUNW_dof) of a small valid ELF file (fuzz.h) whose wide segment covers the
 * addresses real programs' DOF holds, read as -l and the usdt provider read it. */
#include "dof_format.h"
#include "fuzz.h"
#include "usdt_dof.h"
#include "usdt_note.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[256];
	size_t off = 0;
	while (off < size) {
		struct usdt_dof dof;
		size_t used = 0;
		if (data[off] == 0) {
			off++;
			continue;
		}
		if (usdt_dof_parse(data + off, size - off, &dof, &used, err, sizeof(err)) < 0)
			break;
		for (int i = 0; i < dof.nprobes; i++) {
			free(usdt_dof_argstr(&dof.probes[i]));
			usdt_dof_probe_translates(&dof.probes[i]);
		}
		usdt_dof_free(&dof);
		if (used == 0)
			abort();      /* a parsed blob has a size: the walk cannot stall */
		off += used;
	}
	struct fuzz_sec secs[] = {
		{ .name = DOF_SECTION_NAME, .type = DOF_SHT_SUNW_DOF, .flags = SHF_ALLOC, .data = data,
		  .size = size },
	};
	size_t n;
	unsigned char *img = fuzz_elf_build(secs, 1, true, &n);
	struct usdt_file *f = NULL;
	if (usdt_file_from_memory("fuzz", img, n, &f, err, sizeof(err)) == 0) {
		for (int i = 0; i < f->ntypes; i++)
			usdt_file_find_types(f, f->types[i].provider, f->types[i].name);
		usdt_file_free(f);
	}
	free(img);
	return 0;
}
