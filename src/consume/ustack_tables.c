/* ustack_tables.c — the walk's BPF maps filled from the processes' unwind tables
 * (ustack_tables.h). */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "cfi_cache.h"
#include "cfi_need.h"
#include "ustack_tables.h"
#include "util.h"

static void reclaim(struct cfi_db *db, void *ctx);

/* The rows and pages maps mapped into the tracer (made BPF_F_MMAPABLE: cg_ustack.c), so rows
 * are read and written in place and nothing is uploaded; without (an older kernel, or a map
 * made without the flag) they are copied in with batch updates. */
static void map_arrays(struct ustack_tables *t, const struct dobj *o)
{
	const struct dobj_map *rm = &o->maps[o->ustack_rows_map], *pm = &o->maps[o->ustack_pages_map];
	if (!(rm->flags & BPF_F_MMAPABLE) || !(pm->flags & BPF_F_MMAPABLE) ||
	    rm->value_size != sizeof(struct cfi_row) || pm->value_size != sizeof(uint32_t))
		return;
	size_t rbytes = (size_t)rm->max_entries * sizeof(struct cfi_row);
	size_t pbytes = (size_t)pm->max_entries * 8;   /* array values are 8-byte aligned */
	void *r = mmap(NULL, rbytes, PROT_READ | PROT_WRITE, MAP_SHARED, t->rows_fd, 0);
	if (r == MAP_FAILED)
		return;
	void *p = mmap(NULL, pbytes, PROT_READ | PROT_WRITE, MAP_SHARED, t->pages_fd, 0);
	if (p == MAP_FAILED) {
		munmap(r, rbytes);
		return;
	}
	t->rows_mem = r;
	t->rows_bytes = rbytes;
	t->pages_mem = p;
	t->pages_bytes = pbytes;
	cfi_db_use_rows(&t->db, r);
}

void ustack_tables_size(struct dobj *o, int64_t asked, pid_t target, const pid_t *pids, int npids)
{
	if (o->ustack_rows_map < 0)
		return;
	struct dobj_map *m = &o->maps[o->ustack_rows_map];
	if (asked > 0) {
		m->max_entries = asked < CFI_ROWS_MIN ? CFI_ROWS_MIN :
				 asked > CFI_ROWS_CEIL ? CFI_ROWS_CEIL : (uint32_t)asked;
		return;
	}
	struct cfi_need_seen seen = { 0 };
	size_t need = 0, ex;
	if (target > 0)
		need += cfi_need_proc(target, &seen, &ex);
	for (int i = 0; i < npids; i++)
		if (pids[i] > 0 && pids[i] != target)
			need += cfi_need_proc(pids[i], &seen, &ex);
	cfi_need_seen_free(&seen);
	/* the targets' rows, room for what they load later and for other processes, and the stop
	 * row; in steps of 64k rows (1 MB) */
	uint64_t want = (uint64_t)need + CFI_ROWS_SPARE + 1;
	want = (want + 0xffff) & ~(uint64_t)0xffff;
	if (want < CFI_ROWS_DEFAULT)
		want = CFI_ROWS_DEFAULT;
	if (want > CFI_ROWS_CEIL) {
		util_warn("ustack: the targets' objects need about %zu unwind rows, more than the %u "
			  "usdtrace allocates: stacks end in the objects that do not fit", need,
			  CFI_ROWS_CEIL);
		want = CFI_ROWS_CEIL;
	}
	m->max_entries = (uint32_t)want;
}

void ustack_tables_init(struct ustack_tables *t, const struct dobj *o)
{
	memset(t, 0, sizeof *t);
	t->rows_fd = t->procs_fd = t->want_fd = t->pages_fd = t->cache_fd = -1;
	if (o->ustack_procs_map < 0 || o->ustack_rows_map < 0 || o->ustack_want_map < 0 ||
	    o->ustack_pages_map < 0)
		return;
	t->rows_fd = o->maps[o->ustack_rows_map].fd;
	t->procs_fd = o->maps[o->ustack_procs_map].fd;
	t->want_fd = o->maps[o->ustack_want_map].fd;
	t->pages_fd = o->maps[o->ustack_pages_map].fd;
	int ncpus = libbpf_num_possible_cpus();
	if (o->ustack_cache_map >= 0 && ncpus > 0) {
		t->cache_fd = o->maps[o->ustack_cache_map].fd;
		/* a per-CPU value is copied in 8-byte-rounded units, one per possible CPU */
		t->cache_bytes = (((size_t)o->maps[o->ustack_cache_map].value_size + 7) & ~(size_t)7) *
				 (size_t)ncpus;
	}
	size_t max_rows = o->maps[o->ustack_rows_map].max_entries;
	const char *cap = getenv("USDTRACE_USTACK_ROWS");
	if (cap) {
		char *end;
		unsigned long long v = strtoull(cap, &end, 10);
		if (*end || end == cap || v == 0)
			util_warn("ustack: USDTRACE_USTACK_ROWS=%s is not a positive number: ignored", cap);
		else if (v < max_rows)
			max_rows = (size_t)v;
	}
	/* the map's last row is the stop row pending objects' mappings name (cfi_proc.h): a rule
	 * the walk cannot follow, so the stack ends at the frame in such an object */
	uint32_t stop = o->maps[o->ustack_rows_map].max_entries - 1;
	if (max_rows > stop)
		max_rows = stop;
	cfi_db_init(&t->db, max_rows, o->maps[o->ustack_pages_map].max_entries);
	t->db.reclaim = reclaim;
	t->db.reclaim_ctx = t;
	map_arrays(t, o);
	struct cfi_row stop_row = { .pc = 0, .cfa = CFI_CFA_EXPR };
	const char *sync = getenv("USDTRACE_USTACK_SYNC");
	if (bpf_map_update_elem(t->rows_fd, &stop, &stop_row, BPF_ANY) == 0) {
		if (sync && sync[0] == '1')
			cfi_db_stop_row(&t->db, stop);
		else
			cfi_db_async(&t->db, stop);
	}
}

void ustack_tables_free(struct ustack_tables *t)
{
	if (t->procs_fd >= 0)
		cfi_db_free(&t->db);   /* first: it waits for the builder, which may write rows_mem */
	if (t->rows_mem)
		munmap(t->rows_mem, t->rows_bytes);
	if (t->pages_mem)
		munmap(t->pages_mem, t->pages_bytes);
	free(t->warned);
	for (size_t i = 0; i < t->nknown; i++)
		free(t->known[i].objs);
	free(t->known);
	memset(t, 0, sizeof *t);
	t->rows_fd = t->procs_fd = t->want_fd = t->pages_fd = t->cache_fd = -1;
}

/* Elements [from, to) of vals (size bytes each) into array map fd: one batch call (one
 * update per element would cost a system call each: 60000 for libpython's rows alone). */
static void upload(int fd, const void *vals, size_t size, size_t from, size_t to)
{
	size_t n = to - from;
	if (n == 0)
		return;
	uint32_t *keys = xcalloc(n, sizeof *keys);
	for (size_t i = 0; i < n; i++)
		keys[i] = (uint32_t)(from + i);
	uint32_t count = (uint32_t)n;
	const char *v = (const char *)vals + from * size;
	LIBBPF_OPTS(bpf_map_batch_opts, opts, .elem_flags = 0, .flags = 0);
	if (bpf_map_update_batch(fd, keys, v, &count, &opts) != 0) {
		/* kernels without batch operations on arrays: one at a time */
		for (size_t i = 0; i < n; i++)
			bpf_map_update_elem(fd, &keys[i], v + i * size, BPF_ANY);
	}
	free(keys);
}

/* pid's entry in t->known, made if missing; its object list set to the objects the last
 * cfi_db_proc met. */
static void remember(struct ustack_tables *t, pid_t pid)
{
	struct ustack_known *k = NULL;
	for (size_t i = 0; i < t->nknown && !k; i++)
		if (t->known[i].pid == pid)
			k = &t->known[i];
	if (!k) {
		xgrow(&t->known, sizeof *t->known, &t->knowncap, t->nknown + 1);
		k = &t->known[t->nknown++];
		memset(k, 0, sizeof *k);
		k->pid = pid;
	}
	free(k->objs);
	k->nobjs = t->db.ncur;
	k->objs = xcalloc(k->nobjs ? k->nobjs : 1, sizeof *k->objs);
	memcpy(k->objs, t->db.cur, k->nobjs * sizeof *k->objs);
}

static bool gone(pid_t pid)
{
	return kill(pid, 0) != 0 && errno == ESRCH;
}

/* The entries of processes that have exited (a zombie still counts as there: its pid is not
 * free for reuse yet), out of ustack_procs and ustack_want, and out of the warned list; how
 * many. */
static size_t sweep_gone(struct ustack_tables *t)
{
	size_t k = 0, ngone = 0;
	for (size_t i = 0; i < t->nknown; i++) {
		pid_t pid = t->known[i].pid;
		if (gone(pid)) {
			uint32_t key = (uint32_t)pid;
			bpf_map_delete_elem(t->procs_fd, &key);
			bpf_map_delete_elem(t->want_fd, &key);
			free(t->known[i].objs);
			ngone++;
		} else {
			t->known[k++] = t->known[i];
		}
	}
	t->nknown = k;
	k = 0;
	for (size_t i = 0; i < t->nwarned; i++)
		if (!gone(t->warned[i]))
			t->warned[k++] = t->warned[i];
	t->nwarned = k;
	return ngone;
}

/* Empty the walk's row cache on every CPU. Its slots are tagged by an object's first row and a
 * pc; a released range is about to hold another object's rows, under which a stale slot would
 * match with the old object's row. Cleared before the new rows' process entries exist, so no
 * walk can fill a slot from the old rows again (their processes' entries are gone). */
static void clear_row_cache(struct ustack_tables *t)
{
	if (t->cache_fd < 0)
		return;
	void *zeros = xcalloc(1, t->cache_bytes);
	uint32_t key = 0;
	if (bpf_map_update_elem(t->cache_fd, &key, zeros, BPF_ANY) != 0)
		util_warn("ustack: cannot clear the row cache: %s", strerror(errno));
	free(zeros);
}

/* cfi_db's reclaim: the rows of objects that no live process's entry names are released. */
static void reclaim(struct cfi_db *db, void *ctx)
{
	struct ustack_tables *t = ctx;
	sweep_gone(t);
	bool *used = xcalloc(db->nobjs ? db->nobjs : 1, sizeof *used);
	for (size_t i = 0; i < t->nknown; i++)
		for (size_t j = 0; j < t->known[i].nobjs; j++)
			if (t->known[i].objs[j] < db->nobjs)
				used[t->known[i].objs[j]] = true;
	size_t released = db->released;
	cfi_db_release(db, used);
	free(used);
	if (db->released != released)
		clear_row_cache(t);
}

/* Whether pid was warned about before; remembers it (the oldest forgotten past
 * USTACK_WARNED_MAX: a process that warned then is likely gone, at worst warned again). */
static bool warned_before(struct ustack_tables *t, pid_t pid)
{
	for (size_t i = 0; i < t->nwarned; i++)
		if (t->warned[i] == pid)
			return true;
	if (t->nwarned == USTACK_WARNED_MAX) {
		memmove(t->warned, t->warned + 1, (t->nwarned - 1) * sizeof *t->warned);
		t->nwarned--;
	}
	xgrow(&t->warned, sizeof *t->warned, &t->warncap, t->nwarned + 1);
	t->warned[t->nwarned++] = pid;
	return false;
}

/* The rows and page index entries of the objects read since the last call, into the maps. */
static void upload_fresh(struct ustack_tables *t)
{
	size_t n;
	const uint32_t *fresh = cfi_db_take_fresh(&t->db, &n);
	for (size_t i = 0; i < n; i++) {
		const struct cfi_obj *o = &t->db.objs[fresh[i]];
		if (!t->rows_mem)
			upload(t->rows_fd, t->db.rows, sizeof *t->db.rows, o->row_lo, o->row_hi);
		if (o->npages && t->pages_mem) {
			uint64_t *pm = t->pages_mem;
			for (uint32_t k = o->page_lo; k < o->page_lo + o->npages; k++)
				pm[k] = t->db.pages[k];
		} else if (o->npages) {
			upload(t->pages_fd, t->db.pages, sizeof *t->db.pages, o->page_lo,
			       o->page_lo + o->npages);
		}
	}
}

void ustack_tables_pid(struct ustack_tables *t, pid_t pid)
{
	if (t->procs_fd < 0 || pid <= 0)
		return;
	struct cfi_proc *p = xcalloc(1, sizeof *p);
	char err[160];
	if (cfi_db_proc(&t->db, pid, p, err, sizeof err) == 0) {
		upload_fresh(t);
		uint32_t key = (uint32_t)pid;
		int rc = bpf_map_update_elem(t->procs_fd, &key, p, BPF_ANY);
		if (rc != 0 && errno == E2BIG && sweep_gone(t) > 0)
			rc = bpf_map_update_elem(t->procs_fd, &key, p, BPF_ANY);
		if (rc == 0)
			remember(t, pid);
		else if (!t->full_warned) {
			t->full_warned = true;
			util_warn("ustack: unwind tables for more than %d live processes: the others' "
				  "stacks end at their first frame (pid %d first)", CFI_PROCS_MAX, (int)pid);
		}
	}
	if (t->db.maps_lost && !warned_before(t, pid))
		util_warn("ustack: pid %d has more than %d executable mappings: frame pointers in %zu "
			  "of them when first seen (those with the fewest unwind rows)", (int)pid, CFI_MAPS_MAX,
			  t->db.maps_lost);
	if (t->db.warn[0]) {
		util_warn("%s", t->db.warn);
		t->db.warn[0] = '\0';
	}
	const char *cw = cfi_cache_warning();
	if (cw[0])
		util_warn("%s", cw);
	free(p);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The objects the builder finished: their rows into the maps, then the entries of the
 * processes that map them rebuilt, so their walks go on past those objects from now on. */
static void collect_built(struct ustack_tables *t)
{
	int k;
	while ((k = cfi_db_collect(&t->db)) >= 0) {
		upload_fresh(t);
		if (t->db.warn[0]) {
			util_warn("%s", t->db.warn);
			t->db.warn[0] = '\0';
		}
		size_t n = 0;
		pid_t *pids = xcalloc(t->nknown ? t->nknown : 1, sizeof *pids);
		for (size_t i = 0; i < t->nknown; i++)
			for (size_t j = 0; j < t->known[i].nobjs; j++)
				if (t->known[i].objs[j] == (uint32_t)k) {
					pids[n++] = t->known[i].pid;
					break;
				}
		for (size_t i = 0; i < n; i++)
			if (!gone(pids[i]))
				ustack_tables_pid(t, pids[i]);
		free(pids);
	}
}

void ustack_tables_poll(struct ustack_tables *t)
{
	if (t->want_fd < 0 || now_ms() - t->polled_ms < USTACK_TABLES_POLL_MS)
		return;
	t->polled_ms = now_ms();
	collect_built(t);
	if (t->polled_ms - t->pruned_ms >= 1000) {
		t->pruned_ms = t->polled_ms;
		sweep_gone(t);
	}
	uint32_t key, next;
	uint32_t pids[64];
	int n = 0;
	const void *prev = NULL;
	while (n < 64 && bpf_map_get_next_key(t->want_fd, prev, &next) == 0) {
		pids[n++] = next;
		key = next;
		prev = &key;
	}
	for (int i = 0; i < n; i++) {
		ustack_tables_pid(t, (pid_t)pids[i]);
		bpf_map_delete_elem(t->want_fd, &pids[i]);
	}
}
