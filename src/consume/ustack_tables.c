/* ustack_tables.c — the walk's BPF maps filled from the processes' unwind tables
 * (ustack_tables.h). */
#include <bpf/bpf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ustack_tables.h"
#include "util.h"

void ustack_tables_init(struct ustack_tables *t, const struct dobj *o)
{
	memset(t, 0, sizeof *t);
	t->rows_fd = t->procs_fd = t->want_fd = t->pages_fd = -1;
	if (o->ustack_procs_map < 0 || o->ustack_rows_map < 0 || o->ustack_want_map < 0 ||
	    o->ustack_pages_map < 0)
		return;
	t->rows_fd = o->maps[o->ustack_rows_map].fd;
	t->procs_fd = o->maps[o->ustack_procs_map].fd;
	t->want_fd = o->maps[o->ustack_want_map].fd;
	t->pages_fd = o->maps[o->ustack_pages_map].fd;
	cfi_db_init(&t->db, o->maps[o->ustack_rows_map].max_entries,
		    o->maps[o->ustack_pages_map].max_entries);
}

void ustack_tables_free(struct ustack_tables *t)
{
	if (t->procs_fd >= 0)
		cfi_db_free(&t->db);
	free(t->pids);
	memset(t, 0, sizeof *t);
	t->rows_fd = t->procs_fd = t->want_fd = t->pages_fd = -1;
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

void ustack_tables_pid(struct ustack_tables *t, pid_t pid)
{
	if (t->procs_fd < 0 || pid <= 0)
		return;
	struct cfi_proc *p = xcalloc(1, sizeof *p);
	char err[160];
	if (cfi_db_proc(&t->db, pid, p, err, sizeof err) == 0) {
		upload(t->rows_fd, t->db.rows, sizeof *t->db.rows, t->uploaded, t->db.nrows);
		t->uploaded = t->db.nrows;
		upload(t->pages_fd, t->db.pages, sizeof *t->db.pages, t->pages_uploaded,
		       t->db.npages);
		t->pages_uploaded = t->db.npages;
		uint32_t key = (uint32_t)pid;
		if (bpf_map_update_elem(t->procs_fd, &key, p, BPF_ANY) == 0) {
			size_t i = 0;
			while (i < t->npids && t->pids[i] != pid)
				i++;
			if (i == t->npids) {
				xgrow(&t->pids, sizeof(*t->pids), &t->pidcap, t->npids + 1);
				t->pids[t->npids++] = pid;
			}
		}
	}
	if (t->db.warn[0]) {
		util_warn("%s", t->db.warn);
		t->db.warn[0] = '\0';
	}
	free(p);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The entries of processes that are gone (a zombie still counts as there: its pid is not
 * free for reuse yet) leave ustack_procs. */
static void prune(struct ustack_tables *t)
{
	size_t k = 0;
	for (size_t i = 0; i < t->npids; i++) {
		if (kill(t->pids[i], 0) != 0 && errno == ESRCH) {
			uint32_t key = (uint32_t)t->pids[i];
			bpf_map_delete_elem(t->procs_fd, &key);
			bpf_map_delete_elem(t->want_fd, &key);
			continue;
		}
		t->pids[k++] = t->pids[i];
	}
	t->npids = k;
}

void ustack_tables_poll(struct ustack_tables *t)
{
	if (t->want_fd < 0 || now_ms() - t->polled_ms < 100)
		return;
	t->polled_ms = now_ms();
	if (t->polled_ms - t->pruned_ms >= 1000) {
		t->pruned_ms = t->polled_ms;
		prune(t);
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
