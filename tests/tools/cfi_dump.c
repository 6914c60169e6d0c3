/* cfi_dump — the unwind rows usdtrace makes of ELF files (cfi_elf.h), for the shell tests that
 * compare them with `readelf -wF`:
 *   cfi_dump FILE              the rows: "PC CFA RA RBP" (readelf's spellings, cfi_row_str)
 *   cfi_dump -q FILE           one line per address read from stdin (hex): "ADDR CFA RA RBP"
 *                              of the row covering it ("- - -" before any row)
 *   cfi_dump -s FILE...        statistics: "FILE fdes=N rows=N compact=N expr=N plt=N signal=N
 *                              bad=N ms=T" (T: milliseconds to read and build the rows)
 *   -g DEBUGFILE (after -q/-s)  the objects' separate debug file: its .debug_frame fills in
 *   cfi_dump -t FILE...        the rows as the tracer gets them (cfi_proc.h: through the
 *                              on-disk cache, cfi_cache.h, when USDTRACE_CFI_CACHE allows),
 *                              printed as without -t; then on stderr "cache hits=N misses=N
 *                              rejected=N stored=N evicted=N" and per file "FILE ms=T" */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/stat.h>

#include "cfi_cache.h"
#include "cfi_elf.h"
#include "cfi_proc.h"

static void show(const struct cfi_row *r, char *line, size_t len)
{
	char cfa[32], ra[32], rbp[32];
	cfi_row_str(r, cfa, sizeof cfa, ra, sizeof ra, rbp, sizeof rbp);
	snprintf(line, len, "%s %s %s", cfa, ra, rbp);
}

/* -t: each file's rows through a cfi_db, as the tracer reads them. */
static int through_db(int argc, char **argv)
{
	struct cfi_db db;
	int rc = 0;
	cfi_db_init(&db, CFI_ROWS_DEFAULT, CFI_PAGES_MAX);
	for (int i = 2; i < argc; i++) {
		struct stat st;
		char line[128];
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			rc = 1;
			continue;
		}
		int k = cfi_db_object(&db, argv[i], argv[i], 0, st.st_dev, st.st_ino);
		if (k < 0 || db.warn[0]) {
			fprintf(stderr, "cfi_dump: %s: %s\n", argv[i], db.warn[0] ? db.warn : "cannot open");
			db.warn[0] = '\0';
			rc = 1;
			continue;
		}
		const struct cfi_obj *o = &db.objs[k];
		for (uint32_t r = o->row_lo; r < o->row_hi; r++) {
			show(&db.rows[r], line, sizeof line);
			printf("%016" PRIx64 " %s\n", (uint64_t)db.rows[r].pc, line);
		}
		fprintf(stderr, "%s ms=%.2f\n", argv[i], o->ms);
	}
	const char *w = cfi_cache_warning();
	if (w[0])
		fprintf(stderr, "%s\n", w);
	fprintf(stderr, "cache hits=%zu misses=%zu rejected=%zu stored=%zu evicted=%zu\n",
		cfi_cache_stats.hits, cfi_cache_stats.misses, cfi_cache_stats.rejected,
		cfi_cache_stats.stored, cfi_cache_stats.evicted);
	cfi_db_free(&db);
	return rc;
}

int main(int argc, char **argv)
{
	int mode = 0, i = 1;
	if (argc > 2 && strcmp(argv[1], "-t") == 0)
		return through_db(argc, argv);
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
