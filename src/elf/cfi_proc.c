/* cfi_proc.c — processes' unwind tables (cfi_proc.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "cfi_build.h"
#include "cfi_cache.h"
#include "cfi_elf.h"
#include "cfi_need.h"
#include "cfi_proc.h"
#include "util.h"

void cfi_db_init(struct cfi_db *db, size_t max_rows, size_t max_pages)
{
	memset(db, 0, sizeof *db);
	db->max_rows = max_rows;
	db->max_pages = max_pages;
}

/* A range of n elements from the free list *fl (best fit), else from the top (*top up to max);
 * its start, or -1. */
static int64_t range_alloc(struct cfi_range **fl, size_t *nfl, size_t *top, size_t max, size_t n)
{
	size_t best = SIZE_MAX;
	for (size_t i = 0; i < *nfl; i++) {
		size_t len = (*fl)[i].hi - (*fl)[i].lo;
		if (len >= n && (best == SIZE_MAX || len < (size_t)((*fl)[best].hi - (*fl)[best].lo)))
			best = i;
	}
	if (best != SIZE_MAX) {
		uint32_t lo = (*fl)[best].lo;
		(*fl)[best].lo += (uint32_t)n;
		if ((*fl)[best].lo == (*fl)[best].hi) {
			memmove(&(*fl)[best], &(*fl)[best + 1], (*nfl - best - 1) * sizeof **fl);
			(*nfl)--;
		}
		return lo;
	}
	if (*top + n > max)
		return -1;
	*top += n;
	return (int64_t)(*top - n);
}

/* [lo, hi) back into the free list, merged with its neighbours; a range reaching the top lowers
 * it instead. */
static void range_free(struct cfi_range **fl, size_t *nfl, size_t *cap, size_t *top, uint32_t lo,
		       uint32_t hi)
{
	if (hi <= lo)
		return;
	size_t i = 0;
	while (i < *nfl && (*fl)[i].lo < lo)
		i++;
	xgrow(fl, sizeof **fl, cap, *nfl + 1);
	memmove(&(*fl)[i + 1], &(*fl)[i], (*nfl - i) * sizeof **fl);
	(*fl)[i].lo = lo;
	(*fl)[i].hi = hi;
	(*nfl)++;
	if (i + 1 < *nfl && (*fl)[i].hi == (*fl)[i + 1].lo) {
		(*fl)[i].hi = (*fl)[i + 1].hi;
		memmove(&(*fl)[i + 1], &(*fl)[i + 2], (*nfl - i - 2) * sizeof **fl);
		(*nfl)--;
	}
	if (i > 0 && (*fl)[i - 1].hi == (*fl)[i].lo) {
		(*fl)[i - 1].hi = (*fl)[i].hi;
		memmove(&(*fl)[i], &(*fl)[i + 1], (*nfl - i - 1) * sizeof **fl);
		(*nfl)--;
		i--;
	}
	if ((*fl)[i].hi == *top) {
		*top = (*fl)[i].lo;
		(*nfl)--;   /* the last range: nothing follows it */
	}
}

/* The page index of object o's rows (cfi.h: ustack_pages). */
static void index_pages(struct cfi_db *db, struct cfi_obj *o)
{
	if (o->row_hi <= o->row_lo)
		return;
	const struct cfi_row *r = db->rows;
	uint32_t first = r[o->row_lo].pc >> CFI_PAGE_SHIFT,
		 last = r[o->row_hi - 1].pc >> CFI_PAGE_SHIFT;
	size_t np = (size_t)(last - first) + 1;
	if (np > db->max_pages || o->row_hi - o->row_lo > (UINT32_MAX >> CFI_PAGE_SPAN_BITS))
		return;
	uint32_t *v = xcalloc(np, sizeof *v);
	/* j: the row covering page k's first byte; its entry spans to the row covering page
	 * k + 1's (the object's last row for the last page). Rows have distinct pcs, so a span
	 * holds at most a page's bytes' worth; an object breaking that gets no index. */
	uint32_t j = o->row_lo;
	for (size_t k = 0; k < np; k++) {
		uint64_t start = (uint64_t)(first + k) << CFI_PAGE_SHIFT;
		uint64_t next = start + (1u << CFI_PAGE_SHIFT);
		while (j + 1 < o->row_hi && r[j + 1].pc <= start)
			j++;
		uint32_t e = j;
		while (e + 1 < o->row_hi && r[e + 1].pc <= next)
			e++;
		if (k + 1 == np)
			e = o->row_hi - 1;
		if (e - j > CFI_PAGE_SPAN_MASK) {
			free(v);
			return;
		}
		v[k] = ((j - o->row_lo) << CFI_PAGE_SPAN_BITS) | (e - j);
	}
	int64_t at = range_alloc(&db->free_pages, &db->nfree_pages, &db->npages, db->max_pages, np);
	if (at >= 0) {
		xgrow(&db->pages, sizeof *db->pages, &db->pagecap, db->npages);
		memcpy(&db->pages[at], v, np * sizeof *v);
		o->page_lo = (uint32_t)at;
		o->npages = (uint32_t)np;
		o->page_first = first;
	}
	free(v);
}

void cfi_db_free(struct cfi_db *db)
{
	cfi_builder_free(db->builder);
	if (!db->rows_fixed)
		free(db->rows);
	free(db->pages);
	free(db->objs);
	free(db->free_rows);
	free(db->free_pages);
	free(db->fresh);
	free(db->cur);
	memset(db, 0, sizeof *db);
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* n rows placed in db->rows: their start, or -1 when they do not fit even after reclaiming. */
static int64_t place_rows(struct cfi_db *db, size_t n)
{
	int64_t at = range_alloc(&db->free_rows, &db->nfree_rows, &db->nrows, db->max_rows, n);
	if (at < 0 && db->reclaim) {
		db->reclaim(db, db->reclaim_ctx);
		at = range_alloc(&db->free_rows, &db->nfree_rows, &db->nrows, db->max_rows, n);
	}
	if (at >= 0) {
		if (!db->rows_fixed)
			xgrow(&db->rows, sizeof *db->rows, &db->cap, db->nrows);
		db->rows_used += n;
		if (db->rows_used > db->rows_peak)
			db->rows_peak = db->rows_used;
	}
	return at;
}

/* Whether n rows would fit in one range now, after reclaiming if they do not at first. */
static bool room_for(struct cfi_db *db, size_t n)
{
	for (int pass = 0; pass < 2; pass++) {
		if (db->nrows + n <= db->max_rows)
			return true;
		for (size_t i = 0; i < db->nfree_rows; i++)
			if (db->free_rows[i].hi - db->free_rows[i].lo >= n)
				return true;
		if (pass == 0 && db->reclaim)
			db->reclaim(db, db->reclaim_ctx);
		else
			break;
	}
	return false;
}

/* Object o's rows did not fit, even after reclaiming: a warning, and the object is read again
 * when next met (the rows of processes that exit meanwhile make room). */
static void tables_full(struct cfi_db *db, struct cfi_obj *o, const char *name)
{
	snprintf(db->warn, sizeof db->warn,
		 "ustack: %s: unwind tables full (%zu rows; -x ustackrows sets more): stacks end "
		 "there", name, db->max_rows);
	o->full = true;
	o->full_at = db->released;
	o->evicted = true;
}

/* load_object's end for an object refused for room before its rows are read or built: the
 * file closed, the object marked full, the warning said only the first time. */
static int refused_full(struct cfi_db *db, size_t k, struct elf_file *f, const char *name,
			bool was_full, double t0)
{
	struct cfi_obj *o = &db->objs[k];
	elf_file_close(f);
	tables_full(db, o, name);
	if (was_full)
		db->warn[0] = '\0';
	o->ms = now_ms() - t0;
	return (int)k;
}

/* Object k's rows, just placed: its page index made, and listed as fresh for the tracer to
 * upload. Without an index the walk searches all its rows, at most CFI_OBJ_ROWS_MAX of them:
 * a larger object's rows are released again and it is refused as full (a warning). */
static void placed(struct cfi_db *db, size_t k, const char *name)
{
	struct cfi_obj *o = &db->objs[k];
	index_pages(db, o);
	if (o->npages == 0 && o->row_hi - o->row_lo > CFI_OBJ_ROWS_MAX) {
		range_free(&db->free_rows, &db->nfree_rows, &db->freerowcap, &db->nrows, o->row_lo,
			   o->row_hi);
		db->rows_used -= o->row_hi - o->row_lo;
		o->row_lo = o->row_hi = 0;
		tables_full(db, o, name);
		return;
	}
	xgrow(&db->fresh, sizeof *db->fresh, &db->freshcap, db->nfresh + 1);
	db->fresh[db->nfresh++] = (uint32_t)k;
}

/* n rows v of object k (object-relative pcs) into place, its page index made, listed as fresh
 * for the tracer to upload; a warning when they do not fit. */
static void place_built(struct cfi_db *db, size_t k, const struct cfi_row *v, size_t n,
			const char *name)
{
	struct cfi_obj *o = &db->objs[k];
	if (n == 0)
		return;
	int64_t at = place_rows(db, n);
	if (at < 0) {
		tables_full(db, o, name);
		return;
	}
	memcpy(&db->rows[at], v, n * sizeof *v);
	o->row_lo = (uint32_t)at;
	o->row_hi = (uint32_t)(at + n);
	placed(db, k, name);
}

/* Object k's rows read from the open cache entry ce straight into place: 1 when it held them
 * (placed, or refused for want of room: a warning), 0 when they must be built (ce closed in
 * both cases). */
static int cached_rows(struct cfi_db *db, size_t k, const struct cfi_cache_key *key,
		       struct cfi_cache_entry *ce, const char *name)
{
	struct cfi_obj *o = &db->objs[k];
	if (ce->n == 0) {
		cfi_cache_close(ce);
		o->cached = true;
		return 1;
	}
	size_t n = ce->n;
	int64_t at = place_rows(db, n);
	if (at < 0) {
		cfi_cache_close(ce);
		tables_full(db, o, name);
		return 1;
	}
	if (cfi_cache_read(key, ce, &db->rows[at]) != 0) {
		range_free(&db->free_rows, &db->nfree_rows, &db->freerowcap, &db->nrows,
			   (uint32_t)at, (uint32_t)(at + n));
		db->rows_used -= n;
		return 0;
	}
	o->row_lo = (uint32_t)at;
	o->row_hi = (uint32_t)(at + n);
	o->cached = true;
	placed(db, k, name);
	return 1;
}

/* Object k handed to the builder thread (cfi_build.h): its cache entry of `cached` rows read
 * there, or (0) its rows built there. True when queued (the object is pending: its mappings
 * end the walk until cfi_db_collect places its rows); false when there is no builder (the
 * caller does the work at once). */
static bool submit(struct cfi_db *db, size_t k, struct elf_file *f, const struct cfi_cache_key *key,
		   const char *name, pid_t pid, size_t cached, struct cfi_row *dst)
{
	if (!db->async || f->fd < 0)
		return false;
	if (!db->builder && !(db->builder = cfi_builder_new())) {
		db->async = false;
		return false;
	}
	int fd = fcntl(f->fd, F_DUPFD_CLOEXEC, 3);
	if (fd < 0)
		return false;
	struct cfi_build_job *j = xcalloc(1, sizeof *j);
	j->obj = k;
	j->fd = fd;
	snprintf(j->name, sizeof j->name, "%s", name);
	j->pid = pid;
	j->dev = db->objs[k].dev;
	j->ino = db->objs[k].ino;
	j->keyed = key != NULL;
	if (key)
		j->key = *key;
	j->cached = cached;
	j->dst = dst;
	cfi_builder_submit(db->builder, j);
	free(j);
	db->objs[k].pending = true;
	return true;
}

/* Read the object's segments and rows into slot k of db->objs (a new slot, or an evicted
 * object's), or hand the rows of a large one to the builder. The entry is made even on failure
 * (no rows), so a bad object is read once. */
static int load_object(struct cfi_db *db, size_t k, const char *path, const char *name, pid_t pid,
		       dev_t dev, ino_t ino)
{
	double t0 = now_ms();
	struct cfi_obj *o = &db->objs[k];
	bool was_full = o->full;
	memset(o, 0, sizeof *o);
	o->dev = dev;
	o->ino = ino;

	struct elf_file f;
	char err[200];
	int rc = elf_file_open(&f, path, err, sizeof err);
	if (rc != 0) {
		/* gone between reading the maps and opening (the process exited or exec'd):
		 * not the object's fault, so nothing is cached or said; the next request tries
		 * again */
		elf_file_close(&f);
		return -1;
	}
	uint64_t code_end;
	rc = cfi_elf_loads(&f, o->load, (int)(sizeof o->load / sizeof o->load[0]), &o->nload,
			   &code_end, err, sizeof err);
	struct cfi_row *v = NULL;
	size_t n = 0;
	struct cfi_cache_key key;
	struct cfi_cache_entry ce;
	bool keyed = rc == 0 && cfi_cache_key_of(&f, code_end, &key) == 0;
	bool hit = keyed && cfi_cache_open(&key, db->max_rows, &ce) == 0;
	if (hit && ce.n > CFI_SYNC_ROWS && db->async) {
		size_t cn = ce.n;
		cfi_cache_close(&ce);
		/* rows in memory that stays put (the map's mapping): their range set aside now and
		 * the builder reads the entry straight into it */
		int64_t at = db->rows_fixed ? place_rows(db, cn) : -1;
		if (db->rows_fixed && at < 0)
			return refused_full(db, k, &f, name, was_full, t0);
		if (submit(db, k, &f, &key, name, pid, cn, at >= 0 ? &db->rows[at] : NULL)) {
			if (at >= 0) {
				o->resv_lo = (uint32_t)at;
				o->resv_n = (uint32_t)cn;
			}
			elf_file_close(&f);
			o->ms = now_ms() - t0;
			return (int)k;
		}
		if (at >= 0) {
			range_free(&db->free_rows, &db->nfree_rows, &db->freerowcap, &db->nrows,
				   (uint32_t)at, (uint32_t)(at + cn));
			db->rows_used -= cn;
		}
		hit = cfi_cache_open(&key, db->max_rows, &ce) == 0;
	}
	if (hit && cached_rows(db, k, &key, &ce, name)) {
		elf_file_close(&f);
		if (o->full && was_full)
			db->warn[0] = '\0';
		o->ms = now_ms() - t0;
		return (int)k;
	}
	/* room first: rows that cannot fit are not built (a large object's take the builder
	 * most of a second). The low estimate errs low (cfi_need.h), so an object refused here
	 * would not have fitted built either */
	if (rc == 0 && !room_for(db, cfi_need_low(&f)))
		return refused_full(db, k, &f, name, was_full, t0);
	if (rc == 0 && cfi_elf_bytes(&f) > CFI_SYNC_BYTES &&
	    submit(db, k, &f, keyed ? &key : NULL, name, pid, 0, NULL)) {
		elf_file_close(&f);
		o->ms = now_ms() - t0;
		return (int)k;
	}
	if (rc == 0)
		rc = cfi_build_rows(&f, keyed ? &key : NULL, name, pid, dev, ino, &v, &n, &db->st, err,
				    sizeof err);
	elf_file_close(&f);
	if (rc == -1)
		snprintf(db->warn, sizeof db->warn, "ustack: no unwind table for %s (%s)", name, err);
	else if (rc == -2)
		snprintf(db->warn, sizeof db->warn, "ustack: %s: %s", name, err);
	else
		place_built(db, k, v, n, name);
	free(v);
	if (o->full && was_full)
		db->warn[0] = '\0';   /* said when it first did not fit */
	o->ms = now_ms() - t0;
	return (int)k;
}

void cfi_db_use_rows(struct cfi_db *db, struct cfi_row *mem)
{
	db->rows = mem;
	db->cap = db->max_rows;
	db->rows_fixed = true;
}

void cfi_db_async(struct cfi_db *db, uint32_t stop_row)
{
	db->async = true;
	cfi_db_stop_row(db, stop_row);
}

void cfi_db_stop_row(struct cfi_db *db, uint32_t stop_row)
{
	db->stop_row = stop_row;
	db->have_stop = true;
}

int cfi_db_collect(struct cfi_db *db)
{
	struct cfi_build_result r;
	if (!db->builder || !cfi_builder_take(db->builder, &r))
		return -1;
	size_t k = r.obj;
	struct cfi_obj *o = &db->objs[k];
	o->pending = false;
	o->ms += r.ms;
	o->cached = r.cached;
	db->st.cies += r.st.cies;
	db->st.fdes += r.st.fdes;
	db->st.rows += r.st.rows;
	db->st.expr_rows += r.st.expr_rows;
	db->st.plt_fdes += r.st.plt_fdes;
	db->st.signal_fdes += r.st.signal_fdes;
	db->st.bad += r.st.bad;
	bool in_place = o->resv_n && r.rc == 0 && r.cached && !r.v;
	if (o->resv_n && !in_place) {
		/* set aside for the cache entry, which failed its checks: built instead (or the
		 * file is gone) */
		range_free(&db->free_rows, &db->nfree_rows, &db->freerowcap, &db->nrows, o->resv_lo,
			   o->resv_lo + o->resv_n);
		db->rows_used -= o->resv_n;
		o->resv_n = 0;
	}
	if (r.rc == -3) {
		/* the file could not be opened again: forgotten, read again when met */
		o->evicted = true;
		o->dev = 0;
		o->ino = 0;
	} else if (r.rc == -1) {
		snprintf(db->warn, sizeof db->warn, "ustack: no unwind table for %.280s (%.200s)", r.name,
			 r.err);
	} else if (r.rc == -2) {
		snprintf(db->warn, sizeof db->warn, "ustack: %.300s: %s", r.name, r.err);
	} else if (in_place) {
		o->row_lo = o->resv_lo;
		o->row_hi = o->resv_lo + o->resv_n;
		o->resv_n = 0;
		placed(db, k, r.name);
	} else {
		place_built(db, k, r.v, r.n, r.name);
	}
	free(r.v);
	return (int)k;
}

size_t cfi_db_pending(struct cfi_db *db)
{
	return db->builder ? cfi_builder_pending(db->builder) : 0;
}

void cfi_db_wait(struct cfi_db *db, int ms)
{
	if (db->builder)
		cfi_builder_wait(db->builder, ms);
}

static bool in_cur(const struct cfi_db *db, size_t k)
{
	for (size_t i = 0; i < db->ncur; i++)
		if (db->cur[i] == k)
			return true;
	return false;
}

int cfi_db_object(struct cfi_db *db, const char *path, const char *name, pid_t pid, dev_t dev,
		  ino_t ino)
{
	size_t k = db->nobjs;
	for (size_t i = 0; i < db->nobjs; i++)
		if (db->objs[i].dev == dev && db->objs[i].ino == ino) {
			k = i;
			break;
		}
	/* met by this process: a reclaim while later objects are read must not release it */
	if (k < db->nobjs && !in_cur(db, k)) {
		xgrow(&db->cur, sizeof *db->cur, &db->curcap, db->ncur + 1);
		db->cur[db->ncur++] = (uint32_t)k;
	}
	if (k < db->nobjs && !db->objs[k].evicted)
		return (int)k;
	if (k < db->nobjs && db->objs[k].full) {
		/* it did not fit: read it again only if rows were released since (reclaiming
		 * first: those of processes that exited meanwhile), not once per process met */
		if (db->released == db->objs[k].full_at && db->reclaim)
			db->reclaim(db, db->reclaim_ctx);
		if (db->released == db->objs[k].full_at)
			return (int)k;
	}
	if (k == db->nobjs) {
		xgrow(&db->objs, sizeof *db->objs, &db->objcap, db->nobjs + 1);
		memset(&db->objs[k], 0, sizeof db->objs[k]);
		db->objs[k].evicted = true;   /* not loaded yet: a reclaim meanwhile skips it */
		db->nobjs++;
		xgrow(&db->cur, sizeof *db->cur, &db->curcap, db->ncur + 1);
		db->cur[db->ncur++] = (uint32_t)k;
	}
	int r = load_object(db, k, path, name, pid, dev, ino);
	if (r < 0) {
		/* unreadable now: forget it (the slot is reused: a new object, or this one again) */
		db->objs[k].evicted = true;
		db->objs[k].dev = 0;
		db->objs[k].ino = 0;
	}
	return r;
}

void cfi_db_release(struct cfi_db *db, const bool *used)
{
	for (size_t k = 0; k < db->nobjs; k++) {
		struct cfi_obj *o = &db->objs[k];
		if (o->evicted || o->row_hi <= o->row_lo || used[k] || in_cur(db, k))
			continue;
		range_free(&db->free_rows, &db->nfree_rows, &db->freerowcap, &db->nrows, o->row_lo,
			   o->row_hi);
		db->rows_used -= o->row_hi - o->row_lo;
		if (o->npages)
			range_free(&db->free_pages, &db->nfree_pages, &db->freepagecap, &db->npages,
				   o->page_lo, o->page_lo + o->npages);
		o->row_lo = o->row_hi = 0;
		o->npages = 0;
		o->evicted = true;
		db->released++;
		/* no longer fresh: its rows need no upload */
		for (size_t i = 0; i < db->nfresh; i++)
			if (db->fresh[i] == k)
				db->fresh[i--] = db->fresh[--db->nfresh];
	}
}

const uint32_t *cfi_db_take_fresh(struct cfi_db *db, size_t *n)
{
	*n = db->nfresh;
	db->nfresh = 0;
	return db->fresh;
}

static int cmp_mapping(const void *a, const void *b)
{
	const struct cfi_mapping *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static size_t nrows_of(const struct cfi_mapping *m)
{
	return m->row_hi > m->row_lo ? m->row_hi - m->row_lo : 0;
}

/* Sorted mappings m[0, *n) made at most CFI_MAPS_MAX: neighbours merged into one entry without
 * rows (frame pointers there), first those that have none, then the neighbours with the fewest
 * rows between them. Every address stays in some entry, so the walk does not ask again for a
 * pc there. Returns how many mappings with rows lost them. */
static size_t fit_mappings(struct cfi_mapping *m, size_t *n)
{
	size_t lost = 0;
	if (*n <= CFI_MAPS_MAX)
		return 0;
	/* runs of neighbours without rows, in one pass (JIT code: thousands of them) */
	size_t k = 0;
	for (size_t i = 0; i < *n; i++) {
		if (k > 0 && !nrows_of(&m[k - 1]) && !nrows_of(&m[i]))
			m[k - 1].end = m[i].end;
		else
			m[k++] = m[i];
	}
	*n = k;
	while (*n > CFI_MAPS_MAX) {
		/* the neighbours with the fewest rows, the executable's never (main's frames) */
		size_t best = 0, cost = SIZE_MAX;
		for (size_t i = 0; i + 1 < *n && cost > 0; i++) {
			if ((m[i].flags | m[i + 1].flags) & CFI_MAP_EXE)
				continue;
			size_t c = nrows_of(&m[i]) + nrows_of(&m[i + 1]);
			if (c < cost) {
				cost = c;
				best = i;
			}
		}
		if (cost == SIZE_MAX)
			break;   /* only the executable's mappings left: cannot happen below 2^47 */
		lost += (nrows_of(&m[best]) > 0) + (nrows_of(&m[best + 1]) > 0);
		uint64_t start = m[best].start, end = m[best + 1].end;
		memset(&m[best], 0, sizeof m[best]);
		m[best].start = start;
		m[best].end = end;
		memmove(&m[best + 1], &m[best + 2], (*n - best - 2) * sizeof *m);
		(*n)--;
	}
	return lost;
}

int cfi_db_proc(struct cfi_db *db, pid_t pid, struct cfi_proc *out, char *err, size_t errlen)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *fp = fopen(path, "re");
	if (!fp) {
		snprintf(err, errlen, "pid %d: %s", (int)pid, strerror(errno));
		return -1;
	}
	memset(out, 0, sizeof *out);
	db->maps_lost = 0;
	db->ncur = 0;
	char exepath[64];
	struct stat exe;
	snprintf(exepath, sizeof exepath, "/proc/%d/exe", (int)pid);
	bool have_exe = stat(exepath, &exe) == 0;
	char *line = NULL;
	size_t cap = 0, nall = 0, allcap = 0;
	struct cfi_mapping *all = NULL;
	while (getline(&line, &cap, fp) > 0) {
		uint64_t start, end, off;
		char perms[8];
		unsigned maj, min;
		uint64_t ino;
		int n = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %x:%x %" SCNu64 " %n", &start,
			   &end, perms, &off, &maj, &min, &ino, &n) < 7 || perms[2] != 'x' || end <= start)
			continue;
		/* user addresses only ([vsyscall] lies in the kernel's half): the walk's
		 * branchless search compares addresses by the sign of their difference */
		if (end > (1ull << 47))
			continue;
		xgrow(&all, sizeof *all, &allcap, nall + 1);
		struct cfi_mapping *m = &all[nall++];
		memset(m, 0, sizeof *m);
		m->start = start;
		m->end = end;
		if (have_exe && makedev(maj, min) == exe.st_dev && (ino_t)ino == exe.st_ino)
			m->flags = CFI_MAP_EXE;
		char *file = line + n;
		file[strcspn(file, "\n")] = '\0';
		if (ino == 0 || file[0] != '/')
			continue;                          /* anonymous, [vdso]: no rows */
		/* open the mapping itself: right even when the file was replaced or deleted, or
		 * lives in another mount namespace */
		char mpath[4200];
		snprintf(mpath, sizeof mpath, "/proc/%d/map_files/%" PRIx64 "-%" PRIx64, (int)pid,
			 start, end);
		if (access(mpath, R_OK) != 0) {
			/* map_files needs CAP_SYS_ADMIN; the process's root sees its namespace */
			snprintf(mpath, sizeof mpath, "/proc/%d/root", (int)pid);
			size_t l = strlen(mpath);
			if (l + strlen(file) >= sizeof mpath)
				continue;
			strcpy(mpath + l, file);
		}
		int k = cfi_db_object(db, mpath, file, pid, makedev(maj, min), (ino_t)ino);
		if (k < 0)
			continue;                          /* unreadable now: no rows */
		const struct cfi_obj *o = &db->objs[k];
		for (int s = 0; s < o->nload; s++) {
			uint64_t pstart = o->load[s].off & ~(uint64_t)0xfff;
			if (off >= pstart && off < o->load[s].off + o->load[s].filesz) {
				m->bias = start - off + o->load[s].off - o->load[s].vaddr;
				m->row_lo = o->row_lo;
				m->row_hi = o->row_hi;
				m->page_lo = o->page_lo;
				m->npages = o->npages;
				m->page_first = o->page_first;
				if (o->pending || (o->full && db->have_stop)) {
					/* the stop row: the stack ends here until the rows come (or
					 * room for them: a frame-pointer step in code built without
					 * frame pointers can print a frame not on the stack) */
					m->row_lo = db->stop_row;
					m->row_hi = db->stop_row + 1;
					m->npages = 0;
				}
				break;
			}
		}
	}
	free(line);
	fclose(fp);
	/* none: a process in the middle of an exec (its new image not mapped yet) */
	size_t lost = 0;
	if (nall > 0) {
		qsort(all, nall, sizeof *all, cmp_mapping);
		lost = fit_mappings(all, &nall);
		memcpy(out->m, all, nall * sizeof *all);
	}
	out->n = (uint32_t)nall;
	free(all);
	db->maps_lost = lost;
	return 0;
}
