/* cfi_load.c — one object's unwind rows from a warm cache entry into the walk's maps, the two
 * ways the tracer has done it (bench/cfi_load.sh; issue 22):
 *   copy  rows read into the tracer's own array (cfi_db), then written to an ordinary array map
 *         with one batch update, and the page index likewise (the tracer before the mmap);
 *   mmap  rows read from the entry straight into an mmap of a BPF_F_MMAPABLE array map
 *         (cfi_db_use_rows), the page index written through the pages map's mmap (now; the
 *         read is what the builder thread does for a large object, off the tracer's loop).
 *   cfi_load MODE FILE   prints "ms=N rows=N" (the cache entry must exist: run it once before)
 * Maps are sized as the walk's (CFI_ROWS_DEFAULT, CFI_PAGES_MAX). Root. */
#include <bpf/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>

#include "cfi_proc.h"

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void batch(int fd, const void *vals, size_t size, size_t from, size_t to)
{
	size_t n = to - from;
	uint32_t *keys = calloc(n ? n : 1, sizeof *keys);
	for (size_t i = 0; i < n; i++)
		keys[i] = (uint32_t)(from + i);
	uint32_t count = (uint32_t)n;
	if (n && bpf_map_update_batch(fd, keys, (const char *)vals + from * size, &count, NULL) != 0)
		perror("bpf_map_update_batch");
	free(keys);
}

int main(int argc, char **argv)
{
	if (argc != 3 || (strcmp(argv[1], "copy") && strcmp(argv[1], "mmap"))) {
		fprintf(stderr, "usage: cfi_load copy|mmap FILE\n");
		return 2;
	}
	bool mm = strcmp(argv[1], "mmap") == 0;
	struct stat st;
	if (stat(argv[2], &st) != 0) {
		perror(argv[2]);
		return 1;
	}
	LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = mm ? BPF_F_MMAPABLE : 0);
	int rfd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "rows", 4, sizeof(struct cfi_row), CFI_ROWS_DEFAULT, &opts);
	int pfd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "pages", 4, 4, CFI_PAGES_MAX, &opts);
	if (rfd < 0 || pfd < 0) {
		perror("bpf_map_create");
		return 1;
	}
	struct cfi_db db;
	cfi_db_init(&db, CFI_ROWS_DEFAULT, CFI_PAGES_MAX);
	uint64_t *pm = NULL;
	if (mm) {
		void *r = mmap(NULL, (size_t)CFI_ROWS_DEFAULT * sizeof(struct cfi_row), PROT_READ | PROT_WRITE,
			       MAP_SHARED, rfd, 0);
		void *p = mmap(NULL, (size_t)CFI_PAGES_MAX * 8, PROT_READ | PROT_WRITE, MAP_SHARED, pfd, 0);
		if (r == MAP_FAILED || p == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		cfi_db_use_rows(&db, r);
		pm = p;
	}
	double t0 = now_ms();
	int k = cfi_db_object(&db, argv[2], argv[2], 0, st.st_dev, st.st_ino);
	if (k < 0 || !db.objs[k].cached) {
		fprintf(stderr, "cfi_load: %s: %s\n", argv[2], k < 0 ? "cannot open" : "not from the cache");
		return 1;
	}
	const struct cfi_obj *o = &db.objs[k];
	if (mm) {
		for (uint32_t i = o->page_lo; i < o->page_lo + o->npages; i++)
			pm[i] = db.pages[i];
	} else {
		batch(rfd, db.rows, sizeof *db.rows, o->row_lo, o->row_hi);
		batch(pfd, db.pages, sizeof *db.pages, o->page_lo, o->page_lo + o->npages);
	}
	double t1 = now_ms();
	printf("ms=%.2f rows=%u\n", t1 - t0, o->row_hi - o->row_lo);
	cfi_db_free(&db);
	return 0;
}
