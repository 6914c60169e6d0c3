/* cfi_build.c — an object's unwind rows, at once or by the builder thread (cfi_build.h). */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cfi_build.h"
#include "cfi_elf.h"
#include "elf_debugfile.h"
#include "sigblock.h"
#include "util.h"

/* rows again from f and its separate debug file (by build ID, else by debuglink looked for
 * beside name, the object's path in process pid), when there is one. */
static void with_debugfile(struct elf_file *f, const char *name, pid_t pid, dev_t dev, ino_t ino,
			   struct cfi_rows *rows)
{
	char dir[4096];
	const char *slash = strrchr(name, '/');
	if (!slash || (size_t)(slash - name) >= sizeof dir)
		return;
	memcpy(dir, name, (size_t)(slash - name));
	dir[slash - name] = '\0';
	int fd = elf_debugfile_find(f->elf, dir, pid, dev, ino);
	if (fd < 0)
		return;
	char fdpath[64], err[200];
	snprintf(fdpath, sizeof fdpath, "/proc/self/fd/%d", fd);
	struct elf_file d;
	struct cfi_rows again = { 0 };
	struct cfi_stats st2 = { 0 };
	if (elf_file_open(&d, fdpath, err, sizeof err) == 0 &&
	    cfi_elf_read_file(f, &d, &again, &st2, err, sizeof err) == 0 && again.n > rows->n) {
		cfi_rows_free(rows);
		*rows = again;   /* st keeps the object's counts: st2 repeats them */
	} else {
		cfi_rows_free(&again);
	}
	elf_file_close(&d);
	close(fd);
}

int cfi_build_rows(struct elf_file *f, const struct cfi_cache_key *key, const char *name,
		   pid_t pid, dev_t dev, ino_t ino, struct cfi_row **v, size_t *n,
		   struct cfi_stats *st, char *err, size_t errlen)
{
	*v = NULL;
	*n = 0;
	struct cfi_rows rows = { 0 };
	if (cfi_elf_read_file(f, NULL, &rows, st, err, errlen) != 0) {
		cfi_rows_free(&rows);
		return -1;
	}
	bool debugfile = cfi_elf_wants_debugfile(f, &rows);
	if (debugfile)
		with_debugfile(f, name, pid, dev, ino, &rows);
	if (rows.n > 0 && rows.v[rows.n - 1].pc > UINT32_MAX) {
		cfi_rows_free(&rows);
		snprintf(err, errlen, "addresses above 4 GB: frame pointers only there");
		return -2;
	}
	*v = xcalloc(rows.n ? rows.n : 1, sizeof **v);
	for (size_t i = 0; i < rows.n; i++) {
		(*v)[i] = rows.v[i].r;
		(*v)[i].pc = (uint32_t)rows.v[i].pc;
	}
	*n = rows.n;
	cfi_rows_free(&rows);
	if (key && !debugfile)
		cfi_cache_store(key, *v, *n);
	return 0;
}

/* ---- the builder thread ---- */

struct cfi_builder {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t work, done;   /* a job queued (or quit); a result made */
	bool quit;
	struct cfi_build_job *jobs;  /* queued, oldest first */
	size_t njobs, jobcap;
	struct cfi_build_result *res;
	size_t nres, rescap;
	size_t busy;                 /* 1 while a job is under way */
};

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* One job's rows: the cache entry's when it names one and it passes its checks, else built. */
static void run_job(const struct cfi_build_job *j, struct cfi_build_result *r)
{
	double t0 = now_ms();
	memset(r, 0, sizeof *r);
	r->obj = j->obj;
	snprintf(r->name, sizeof r->name, "%s", j->name);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", j->fd);
	if (j->cached) {
		struct cfi_cache_entry ce;
		if (cfi_cache_open(&j->key, j->cached, &ce) == 0 && ce.n == j->cached) {
			size_t n = ce.n;
			struct cfi_row *v = j->dst ? j->dst : malloc((n ? n : 1) * sizeof *v);
			if (v && cfi_cache_read(&j->key, &ce, v) == 0) {
				r->v = j->dst ? NULL : v;
				r->n = n;
				r->cached = true;
				r->ms = now_ms() - t0;
				return;
			}
			cfi_cache_close(&ce);
			if (!j->dst)
				free(v);
		} else {
			cfi_cache_close(&ce);
		}
	}
	struct elf_file f;
	if (elf_file_open(&f, path, r->err, sizeof r->err) != 0) {
		elf_file_close(&f);
		r->rc = -3;
		r->ms = now_ms() - t0;
		return;
	}
	r->rc = cfi_build_rows(&f, j->keyed ? &j->key : NULL, j->name, j->pid, j->dev, j->ino,
			       &r->v, &r->n, &r->st, r->err, sizeof r->err);
	elf_file_close(&f);
	r->ms = now_ms() - t0;
}

static void *builder_main(void *arg)
{
	struct cfi_builder *b = arg;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->quit && b->njobs == 0)
			pthread_cond_wait(&b->work, &b->mu);
		if (b->quit)
			break;
		struct cfi_build_job j = b->jobs[0];
		memmove(b->jobs, b->jobs + 1, (b->njobs - 1) * sizeof *b->jobs);
		b->njobs--;
		b->busy = 1;
		pthread_mutex_unlock(&b->mu);
		struct cfi_build_result r;
		run_job(&j, &r);
		close(j.fd);
		pthread_mutex_lock(&b->mu);
		xgrow(&b->res, sizeof *b->res, &b->rescap, b->nres + 1);
		b->res[b->nres++] = r;
		b->busy = 0;
		pthread_cond_broadcast(&b->done);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

struct cfi_builder *cfi_builder_new(void)
{
	struct cfi_builder *b = xcalloc(1, sizeof *b);
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->work, NULL);
	pthread_cond_init(&b->done, NULL);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	/* the CFI interpreter keeps its state on the heap: the default stack is plenty */
	sigset_t old;
	sigblock_ending(&old);   /* the builder's for good: see sigblock.h */
	int rc = pthread_create(&b->thread, &attr, builder_main, b);
	sigblock_restore(&old);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		pthread_cond_destroy(&b->work);
		pthread_cond_destroy(&b->done);
		pthread_mutex_destroy(&b->mu);
		free(b);
		return NULL;
	}
	return b;
}

void cfi_builder_submit(struct cfi_builder *b, const struct cfi_build_job *job)
{
	pthread_mutex_lock(&b->mu);
	xgrow(&b->jobs, sizeof *b->jobs, &b->jobcap, b->njobs + 1);
	b->jobs[b->njobs++] = *job;
	pthread_cond_signal(&b->work);
	pthread_mutex_unlock(&b->mu);
}

bool cfi_builder_take(struct cfi_builder *b, struct cfi_build_result *out)
{
	bool got = false;
	pthread_mutex_lock(&b->mu);
	if (b->nres > 0) {
		*out = b->res[0];
		memmove(b->res, b->res + 1, (b->nres - 1) * sizeof *b->res);
		b->nres--;
		got = true;
	}
	pthread_mutex_unlock(&b->mu);
	return got;
}

size_t cfi_builder_pending(struct cfi_builder *b)
{
	pthread_mutex_lock(&b->mu);
	size_t n = b->njobs + b->busy + b->nres;
	pthread_mutex_unlock(&b->mu);
	return n;
}

void cfi_builder_wait(struct cfi_builder *b, int ms)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (long)(ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&b->mu);
	while (b->nres == 0 && (b->njobs > 0 || b->busy))
		if (pthread_cond_timedwait(&b->done, &b->mu, &ts) == ETIMEDOUT)
			break;
	pthread_mutex_unlock(&b->mu);
}

void cfi_builder_free(struct cfi_builder *b)
{
	if (!b)
		return;
	pthread_mutex_lock(&b->mu);
	b->quit = true;
	pthread_cond_signal(&b->work);
	pthread_mutex_unlock(&b->mu);
	pthread_join(b->thread, NULL);
	for (size_t i = 0; i < b->njobs; i++)
		close(b->jobs[i].fd);
	for (size_t i = 0; i < b->nres; i++)
		free(b->res[i].v);
	free(b->jobs);
	free(b->res);
	pthread_cond_destroy(&b->work);
	pthread_cond_destroy(&b->done);
	pthread_mutex_destroy(&b->mu);
	free(b);
}
