/* dwarf_lookup.c — times the DWARF importer (src/elf/dwarf_types.h) on one file: opening it, then
 * looking names up one after another in the same dwt_file, as the tracer does.
 *   dwarf_lookup FILE KIND:NAME...     KIND s (struct), u (union), e (enum), t (typedef)
 * Prints per step: "open MS" then "KIND:NAME found|absent MS units=U names=N members=M" with
 * milliseconds of wall time, the units scanned and names indexed so far. Built and run by
 * bench/dwarf.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dwarf_types.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: dwarf_lookup FILE KIND:NAME...\n");
		return 2;
	}
	char err[512];
	double t0 = now_ms();
	struct dwt_file *f = dwt_open(argv[1], NULL, err, sizeof(err));
	if (!f) {
		fprintf(stderr, "dwarf_lookup: %s\n", err);
		return 1;
	}
	printf("open %.2f\n", now_ms() - t0);
	struct dtype_ctx *ctx = dtype_ctx_new();
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		enum dtype_kind k = a[0] == 's' ? DTY_STRUCT : a[0] == 'u' ? DTY_UNION :
				    a[0] == 'e' ? DTY_ENUM : DTY_TYPEDEF;
		struct dtype *t = NULL;
		t0 = now_ms();
		int rc = dwt_lookup(f, ctx, k, a + 2, &t, err, sizeof(err));
		double ms = now_ms() - t0;
		if (rc < 0) {
			fprintf(stderr, "dwarf_lookup: %s\n", err);
			return 1;
		}
		size_t units, names;
		dwt_stats(f, &units, &names);
		printf("%s %s %.2f units=%zu names=%zu members=%d\n", a, rc ? "found" : "absent", ms,
		       units, names, rc ? dtype_resolve(t)->nmembers : 0);
	}
	dtype_ctx_free(ctx);
	dwt_close(f);
	return 0;
}
