/* cfi_dump — the unwind rows usdtrace makes of ELF files (cfi_elf.h), for the shell tests that
 * compare them with `readelf -wF`:
 *   cfi_dump FILE              the rows: "PC CFA RA RBP" (readelf's spellings, cfi_row_str)
 *   cfi_dump -q FILE           one line per address read from stdin (hex): "ADDR CFA RA RBP"
 *                              of the row covering it ("- - -" before any row)
 *   cfi_dump -s FILE...        statistics: "FILE fdes=N rows=N compact=N expr=N plt=N signal=N
 *                              bad=N ms=T" (T: milliseconds to read and build the rows)
 *   -g DEBUGFILE (after -q/-s)  the objects' separate debug file: its .debug_frame fills in */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfi_elf.h"

static void show(const struct cfi_row *r, char *line, size_t len)
{
	char cfa[32], ra[32], rbp[32];
	cfi_row_str(r, cfa, sizeof cfa, ra, sizeof ra, rbp, sizeof rbp);
	snprintf(line, len, "%s %s %s", cfa, ra, rbp);
}

int main(int argc, char **argv)
{
	int mode = 0, i = 1;
	const char *debugfile = NULL;
	if (argc > 1 && (strcmp(argv[1], "-q") == 0 || strcmp(argv[1], "-s") == 0))
		mode = argv[i++][1];
	if (i + 1 < argc && strcmp(argv[i], "-g") == 0) {
		debugfile = argv[i + 1];
		i += 2;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: cfi_dump [-q|-s] [-g DEBUGFILE] FILE...\n");
		return 2;
	}
	int rc = 0;
	for (; i < argc; i++) {
		struct cfi_rows rows = { 0 };
		struct cfi_stats st = { 0 };
		char err[256], line[128];
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		int r = cfi_elf_read(argv[i], debugfile, &rows, &st, err, sizeof err);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		double ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
		if (r != 0) {
			fprintf(stderr, "cfi_dump: %s\n", err);
			rc = 1;
			continue;
		}
		if (mode == 's') {
			printf("%s fdes=%zu rows=%zu compact=%zu expr=%zu plt=%zu signal=%zu bad=%zu "
			       "ms=%.2f\n", argv[i], st.fdes, st.rows, rows.n, st.expr_rows,
			       st.plt_fdes, st.signal_fdes, st.bad, ms);
		} else if (mode == 'q') {
			char buf[64];
			while (fgets(buf, sizeof buf, stdin)) {
				uint64_t a = strtoull(buf, NULL, 16);
				const struct cfi_prow *p = cfi_rows_find(&rows, a);
				if (p)
					show(&p->r, line, sizeof line);
				else
					snprintf(line, sizeof line, "- - -");
				printf("%016" PRIx64 " %s\n", a, line);
			}
		} else {
			for (size_t k = 0; k < rows.n; k++) {
				show(&rows.v[k].r, line, sizeof line);
				printf("%016" PRIx64 " %s\n", rows.v[k].pc, line);
			}
		}
		cfi_rows_free(&rows);
	}
	return rc;
}
