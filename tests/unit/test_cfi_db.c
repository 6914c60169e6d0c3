/* test_cfi_db.c — the row ranges of cfi_db (cfi_proc.h) released and reused: three of this
 * machine's objects (libc, ld.so, libz) in a db with room for only libc's and ld.so's rows, a
 * reclaim that keeps the objects a test "process" maps; the rows of an object placed in a
 * released range are the rows it gets in a db with room for everything. The cache is off. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
	cfi_db_init(&big, CFI_ROWS_MAX, CFI_PAGES_MAX);
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

T_MAIN()
