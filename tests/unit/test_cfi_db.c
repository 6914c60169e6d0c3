/* test_cfi_db.c — the row ranges of cfi_db (cfi_proc.h) released and reused: three of this
 * machine's objects (libc, ld.so, libz) in a db with room for only libc's and ld.so's rows, a
 * reclaim that keeps the objects a test "process" maps; the rows of an object placed in a
 * released range are the rows it gets in a db with room for everything. And the builder thread
 * (cfi_db_async): a large object pending, its process's mappings naming the stop row, then
 * collected with the rows read at once would give. The cache is off. */
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfi_proc.h"
#include "t.h"

#define LIBC "/usr/lib/x86_64-linux-gnu/libc.so.6"
#define LDSO "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"
#define LIBZ "/usr/lib/x86_64-linux-gnu/libz.so.1"

static bool live[16];   /* the objects (db indices) the test's live processes map */

static void keep_live(struct cfi_db *db, void *ctx)
{
	(void)ctx;
	cfi_db_release(db, live);
}

static int load(struct cfi_db *db, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return cfi_db_object(db, path, path, 0, st.st_dev, st.st_ino);
}

static size_t nrows(const struct cfi_db *db, int k)
{
	return db->objs[k].row_hi - db->objs[k].row_lo;
}

/* Object k of a has the rows object j of b has. */
static bool same_rows(const struct cfi_db *a, int k, const struct cfi_db *b, int j)
{
	return nrows(a, k) == nrows(b, j) && nrows(a, k) > 0 &&
	       memcmp(&a->rows[a->objs[k].row_lo], &b->rows[b->objs[j].row_lo],
		      nrows(a, k) * sizeof *a->rows) == 0;
}

T_CASE(release_and_reuse)
{
	setenv("USDTRACE_CFI_CACHE", "off", 1);
	struct cfi_db big, db;
	cfi_db_init(&big, CFI_ROWS_DEFAULT, CFI_PAGES_MAX);
	int bc = load(&big, LIBC), bd = load(&big, LDSO), bz = load(&big, LIBZ);
	if (bc < 0 || bd < 0 || bz < 0 || nrows(&big, bz) >= nrows(&big, bd) || nrows(&big, bz) == 0) {
		printf("# skipped: needs %s, %s and %s, libz with fewer rows than ld.so\n", LIBC, LDSO, LIBZ);
		cfi_db_free(&big);
		return;
	}
	size_t nc = nrows(&big, bc), nd = nrows(&big, bd), nz = nrows(&big, bz);
	cfi_db_init(&db, nc + nd, CFI_PAGES_MAX);
	db.reclaim = keep_live;

	/* one process maps libc and ld.so: the db is full */
	int c = load(&db, LIBC), d = load(&db, LDSO);
	T_CHECK(c >= 0 && d >= 0);
	T_CHECK(same_rows(&db, c, &big, bc) && same_rows(&db, d, &big, bd));
	T_EQ_UINT(db.rows_used, nc + nd);
	uint32_t d_lo = db.objs[d].row_lo;

	/* it exits; another maps libc and libz: ld.so's range is released, libz takes it */
	db.ncur = 0;
	memset(live, 0, sizeof live);
	live[c] = true;
	int z = load(&db, LIBZ);
	T_CHECK(z >= 0 && !db.warn[0]);
	T_CHECK(same_rows(&db, z, &big, bz));
	T_EQ_UINT(db.objs[z].row_lo, d_lo);
	T_CHECK(db.objs[d].evicted);
	T_EQ_UINT(db.rows_used, nc + nz);
	T_CHECK(same_rows(&db, c, &big, bc));   /* a live object's rows untouched */

	/* a third maps ld.so while libc and libz are live: no room, a warning, no rows */
	db.ncur = 0;
	live[z] = true;
	int d2 = load(&db, LDSO);
	T_EQ_INT(d2, d);   /* its slot again */
	T_CHECK(strstr(db.warn, "unwind tables full") != NULL);
	T_EQ_UINT(nrows(&db, d2), 0);
	db.warn[0] = '\0';
	/* met again with nothing released meanwhile: not read again (nothing could fit) */
	size_t fdes = db.st.fdes;
	T_EQ_INT(load(&db, LDSO), d);
	T_EQ_UINT(db.st.fdes, fdes);
	T_CHECK(!db.warn[0]);

	/* libz's process exits: ld.so, met again, fits where it was, and is not warned of twice */
	db.ncur = 0;
	live[z] = false;
	d2 = load(&db, LDSO);
	T_CHECK(!db.warn[0]);
	T_CHECK(same_rows(&db, d2, &big, bd));
	T_EQ_UINT(db.objs[d2].row_lo, d_lo);
	T_EQ_UINT(db.rows_used, nc + nd);
	T_EQ_UINT(db.nfree_rows, 0);     /* libz's range and the rest merged, then taken whole */
	T_EQ_UINT(db.nrows, nc + nd);

	/* everything released: the ranges merge down to nothing */
	db.ncur = 0;
	memset(live, 0, sizeof live);
	cfi_db_release(&db, live);
	T_EQ_UINT(db.rows_used, 0);
	T_EQ_UINT(db.nrows, 0);
	T_EQ_UINT(db.nfree_rows, 0);
	T_EQ_UINT(db.npages, 0);
	T_EQ_UINT(db.nfree_pages, 0);
	cfi_db_free(&db);
	cfi_db_free(&big);
}

#define PYTHON "/usr/bin/python3.11"

/* python3.11 sleeping, once its executable is mapped (its /proc/PID/exe changes before the
 * exec maps the new image): its pid, or -1. */
static pid_t spawn_python(void)
{
	char *argv[] = { PYTHON, "-c", "import time; time.sleep(60)", NULL };
	pid_t pid;
	if (posix_spawn(&pid, PYTHON, NULL, NULL, argv, environ) != 0)
		return -1;
	char maps[64], line[512];
	snprintf(maps, sizeof maps, "/proc/%d/maps", (int)pid);
	for (int i = 0; i < 1000; i++) {
		FILE *f = fopen(maps, "re");
		bool mapped = false;
		while (f && !mapped && fgets(line, sizeof line, f))
			mapped = strstr(line, "xp ") && strstr(line, PYTHON);
		if (f)
			fclose(f);
		if (mapped)
			return pid;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return -1;
}

/* A large object (python3.11: 410 KB of .eh_frame, past CFI_SYNC_BYTES) handed to the builder
 * thread: pending, no rows, its process's mapping named the stop row; collected, the rows a
 * db that reads everything at once gets; a small one (libc) read at once meanwhile. */
T_CASE(builder)
{
	setenv("USDTRACE_CFI_CACHE", "off", 1);
	struct cfi_db now, db;
	cfi_db_init(&now, CFI_ROWS_DEFAULT, CFI_PAGES_MAX);
	int np = load(&now, PYTHON), nc = load(&now, LIBC);
	if (np < 0 || nc < 0 || nrows(&now, np) == 0) {
		printf("# skipped: needs %s and %s\n", PYTHON, LIBC);
		cfi_db_free(&now);
		return;
	}
	cfi_db_init(&db, CFI_ROWS_DEFAULT - 1, CFI_PAGES_MAX);
	cfi_db_async(&db, CFI_ROWS_DEFAULT - 1);
	int p = load(&db, PYTHON), c = load(&db, LIBC);
	T_CHECK(p >= 0 && c >= 0);
	T_CHECK(db.objs[p].pending);
	T_EQ_UINT(nrows(&db, p), 0);
	T_CHECK(!db.objs[c].pending);
	T_CHECK(same_rows(&db, c, &now, nc));
	T_EQ_UINT(cfi_db_pending(&db), 1);
	/* a python3.11 process meanwhile: its executable's mappings name the stop row */
	pid_t child = spawn_python();
	if (child > 0) {
		struct cfi_proc *pr = calloc(1, sizeof *pr);
		char err[160];
		T_EQ_INT(cfi_db_proc(&db, child, pr, err, sizeof err), 0);
		size_t stop = 0, exe = 0;
		for (uint32_t i = 0; i < pr->n; i++) {
			if (pr->m[i].flags & CFI_MAP_EXE)
				exe++;
			if ((pr->m[i].flags & CFI_MAP_EXE) && pr->m[i].row_lo == CFI_ROWS_DEFAULT - 1 &&
			    pr->m[i].row_hi == CFI_ROWS_DEFAULT && pr->m[i].npages == 0)
				stop++;
		}
		T_CHECK(exe > 0);
		T_EQ_UINT(stop, exe);
		free(pr);
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	int k = -1;
	for (int i = 0; i < 600 && k < 0; i++) {
		cfi_db_wait(&db, 100);
		k = cfi_db_collect(&db);
	}
	T_EQ_INT(k, p);
	T_CHECK(!db.objs[p].pending);
	T_CHECK(same_rows(&db, p, &now, np));
	T_CHECK(db.objs[p].npages > 0);
	T_EQ_UINT(cfi_db_pending(&db), 0);
	T_EQ_INT(cfi_db_collect(&db), -1);
	size_t nf;
	const uint32_t *f = cfi_db_take_fresh(&db, &nf);
	bool listed = false;
	for (size_t i = 0; i < nf; i++)
		listed |= f[i] == (uint32_t)p;
	T_CHECK(listed);   /* fresh: the tracer writes its page index */
	cfi_db_free(&db);
	cfi_db_free(&now);
}

/* Freed while the builder works: the job under way finishes, nothing leaks (ASan build). */
T_CASE(builder_freed_busy)
{
	setenv("USDTRACE_CFI_CACHE", "off", 1);
	struct cfi_db db;
	cfi_db_init(&db, CFI_ROWS_DEFAULT - 1, CFI_PAGES_MAX);
	cfi_db_async(&db, CFI_ROWS_DEFAULT - 1);
	if (load(&db, PYTHON) < 0) {
		printf("# skipped: needs %s\n", PYTHON);
		cfi_db_free(&db);
		return;
	}
	T_CHECK(cfi_db_pending(&db) == 1);
	cfi_db_free(&db);
	T_EQ_UINT(db.nobjs, 0);
}

/* Room first: libc's CFI (about 150 KB: 19 000 rows even at the low estimate of 8 bytes a row)
 * cannot fit in 1000 rows, so it is refused as full without its rows being built (no FDE
 * parsed), with the warning; a process mapping it gets the stop row there, so the walk ends
 * the stack instead of taking frame-pointer steps. */
T_CASE(room_first)
{
	setenv("USDTRACE_CFI_CACHE", "off", 1);
	struct cfi_db db;
	cfi_db_init(&db, 999, CFI_PAGES_MAX);
	cfi_db_stop_row(&db, 999);
	int c = load(&db, LIBC);
	if (c < 0) {
		printf("# skipped: needs %s\n", LIBC);
		cfi_db_free(&db);
		return;
	}
	T_CHECK(db.objs[c].full);
	T_EQ_UINT(nrows(&db, c), 0);
	T_EQ_UINT(db.st.fdes, 0);   /* not built */
	T_CHECK(strstr(db.warn, "unwind tables full") != NULL);
	db.warn[0] = '\0';
	struct cfi_proc *p = calloc(1, sizeof *p);
	char err[160];
	T_EQ_INT(cfi_db_proc(&db, getpid(), p, err, sizeof err), 0);
	bool stop = false;
	for (uint32_t i = 0; i < p->n; i++)
		stop |= p->m[i].row_lo == 999 && p->m[i].row_hi == 1000 && p->m[i].npages == 0;
	T_CHECK(stop);
	free(p);
	cfi_db_free(&db);
}

T_MAIN()
