/* fuzz_dwarf.c — the DWARF type importer (dwarf_types.c, through libdw) on a whole ELF file
 * (written to a memfd: dwt_open takes a path): type lookups by tag and typedef name, the
 * parameters of a function, completing a record. Seeds: small programs built with -g. */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "dtype.h"
#include "dwarf_types.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	char path[64], err[256];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	/* a debug path that names no directory: only the file's own DWARF */
	struct dwt_file *f = dwt_open(path, "/nonexistent", err, sizeof(err));
	if (f) {
		static const struct { enum dtype_kind kind; const char *name; } names[] = {
			{ DTY_STRUCT, "account" }, { DTY_STRUCT, "node" }, { DTY_UNION, "num" },
			{ DTY_ENUM, "color" }, { DTY_TYPEDEF, "size_t" }, { DTY_STRUCT, "nothere" },
		};
		struct dtype_ctx *ctx = dtype_ctx_new();
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			struct dtype *t = NULL;
			dwt_lookup(f, ctx, names[i].kind, names[i].name, &t, err, sizeof(err));
		}
		struct dtype *fn = NULL;
		dwt_func_params(f, ctx, "main", 0, &fn, err, sizeof(err));
		dtype_ctx_free(ctx);
		dwt_close(f);
	}
	close(fd);
	return 0;
}
