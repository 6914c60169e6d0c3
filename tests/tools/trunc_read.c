/* trunc_read.c — read an ELF file that is truncated after it was opened and before it is read
 * (tests/sh/harden_files.sh). The readers keep files open and read them later (the USDT cache
 * resolves sites lazily; libdw reads DWARF on demand), so the file may shrink in between.
 *   trunc_read usdt FILE SIZE     usdt_file_open_lazy, truncate FILE to SIZE, resolve the sites
 *   trunc_read dwarf FILE SIZE T  dwt_open, truncate FILE to SIZE, look up struct T
 * Prints what the reader said ("sites N" / "found" / "not found" / "error: ...") and exits 0;
 * a crash (SIGBUS) is the failure the test looks for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dtype.h"
#include "dwarf_types.h"
#include "usdt_note.h"

int main(int argc, char **argv)
{
	char err[512];
	if (argc >= 4 && strcmp(argv[1], "usdt") == 0) {
		struct usdt_file *f;
		if (usdt_file_open_lazy(argv[2], &f, err, sizeof(err)) != 0) {
			printf("error: %s\n", err);
			return 0;
		}
		if (truncate(argv[2], atoll(argv[3])) != 0) {
			perror("truncate");
			return 2;
		}
		usdt_file_resolve(f);
		printf("sites %zu\n", (size_t)f->nsites);
		usdt_file_free(f);
		return 0;
	}
	if (argc >= 5 && strcmp(argv[1], "dwarf") == 0) {
		struct dwt_file *f = dwt_open(argv[2], NULL, err, sizeof(err));
		if (!f) {
			printf("error: %s\n", err);
			return 0;
		}
		if (truncate(argv[2], atoll(argv[3])) != 0) {
			perror("truncate");
			return 2;
		}
		struct dtype_ctx *ctx = dtype_ctx_new();
		struct dtype *t = NULL;
		int r = dwt_lookup(f, ctx, DTY_STRUCT, argv[4], &t, err, sizeof(err));
		if (r < 0)
			printf("error: %s\n", err);
		else
			printf("%s\n", r ? "found" : "not found");
		dwt_close(f);
		return 0;
	}
	fprintf(stderr, "usage: trunc_read usdt FILE SIZE | dwarf FILE SIZE STRUCT\n");
	return 2;
}
