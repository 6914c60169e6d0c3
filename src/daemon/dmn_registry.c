/* dmn_registry.c — keeping the stash equal to the live processes; see dmn_registry.h. */
#include "dmn_registry.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dmn_sandbox.h"
#include "proc_maps.h"
#include "proc_path.h"
#include "util.h"

/* What one object version was found to hold. */
struct memo {
	struct stash_stamp st;
	bool has_probes;
};

struct dmn_registry {
	char *dir;
	struct memo *memo;
	size_t nmemo, cap;
};

struct dmn_registry *dmn_registry_new(const char *dir)
{
	struct dmn_registry *r = xcalloc(1, sizeof(*r));
	r->dir = xstrdup(dir);
	return r;
}

void dmn_registry_free(struct dmn_registry *r)
{
	if (!r)
		return;
	free(r->memo);
	free(r->dir);
	free(r);
}

static struct memo *memo_find(struct dmn_registry *r, const struct stash_stamp *st)
{
	for (size_t i = 0; i < r->nmemo; i++)
		if (r->memo[i].st.dev == st->dev && r->memo[i].st.ino == st->ino)
			return &r->memo[i];
	return NULL;
}

static void memo_set(struct dmn_registry *r, const struct stash_stamp *st, bool has)
{
	struct memo *m = memo_find(r, st);
	if (!m) {
		xgrow(&r->memo, sizeof(*r->memo), &r->cap, r->nmemo + 1);
		m = &r->memo[r->nmemo++];
	}
	m->st = *st;
	m->has_probes = has;
}

static bool entry_exists(struct dmn_registry *r, const struct stash_stamp *st)
{
	char *name = stash_object_name((dev_t)st->dev, (ino_t)st->ino);
	char *path = xasprintf("%s/objects/%s", r->dir, name);
	struct stat sb;
	bool yes = stat(path, &sb) == 0;
	free(path);
	free(name);
	return yes;
}

/* Whether object o of a process carries probes; its entry is in the stash when it does. */
static bool object_has_probes(struct dmn_registry *r, const struct proc_object *o)
{
	int fd = proc_path_open(o->open_path, O_RDONLY);
	if (fd < 0)
		return false;
	struct stash_stamp st;
	if (stash_stamp_of_fd(fd, &st) != 0) {
		close(fd);
		return false;
	}
	struct memo *m = memo_find(r, &st);
	if (m && memcmp(&m->st, &st, sizeof(st)) == 0 && (!m->has_probes || entry_exists(r, &st))) {
		close(fd);
		return m->has_probes;
	}
	bool has = false;
	char err[512];
	struct usdt_file *f = NULL;
	/* an entry an earlier run wrote for this very version of the object */
	if (stash_object_read(r->dir, (dev_t)st.dev, (ino_t)st.ino, &st, &f, NULL, 0) == 0) {
		has = f->nsites > 0;
	} else if (sandbox_parse(fd, o->open_path, &f, err, sizeof(err)) == 0) {
		has = f->nsites > 0;
		/* damaged notes or DOF: what was skipped, once per object version */
		for (int i = 0; i < f->nwarnings; i++)
			fprintf(stderr, "usdtraced: %s: %s\n", o->path, f->warnings[i]);
		if (has && stash_object_write(r->dir, &st, f, err, sizeof(err)) != 0) {
			fprintf(stderr, "usdtraced: %s\n", err);
			has = false;
		}
	} else {
		fprintf(stderr, "usdtraced: %s: %s\n", o->path,
			usdt_cache_err_without_path(err, o->open_path));
	}
	usdt_file_free(f);
	close(fd);
	memo_set(r, &st, has);
	return has;
}

/* Remove the directories of pid, but the one named keep (may be NULL). */
static void drop_dirs(struct dmn_registry *r, pid_t pid, const char *keep)
{
	char **names;
	int n = stash_proc_list(r->dir, &names);
	for (int i = 0; i < n; i++) {
		pid_t p;
		uint64_t t;
		if (stash_proc_name_parse(names[i], &p, &t) && p == pid &&
		    (!keep || strcmp(keep, names[i]) != 0))
			stash_proc_remove(r->dir, names[i]);
		free(names[i]);
	}
	free(names);
}

void dmn_drop_pid(struct dmn_registry *r, pid_t pid)
{
	drop_dirs(r, pid, NULL);
	stash_gc(r->dir);
}

/* Whether the directory `name` already holds exactly record p (nothing to rewrite). */
static bool same_record(struct dmn_registry *r, const char *name, const struct stash_proc *p)
{
	struct strbuf b = {0};
	stash_encode_proc(&b, p);
	char *path = xasprintf("%s/procs/%s/maps", r->dir, name);
	size_t len;
	char *old = util_read_file(path, &len);
	bool same = old && len == b.len && memcmp(old, b.s, len) == 0;
	free(old);
	free(path);
	strbuf_free(&b);
	if (!same)
		return false;
	/* and every link is still there (and its entry not replaced) */
	for (int i = 0; i < p->nobjs && same; i++) {
		char *on = stash_object_name(p->objs[i].dev, p->objs[i].ino);
		char *a = xasprintf("%s/procs/%s/%s", r->dir, name, on);
		char *e = xasprintf("%s/objects/%s", r->dir, on);
		struct stat sa, se;
		same = stat(a, &sa) == 0 && stat(e, &se) == 0 && sa.st_ino == se.st_ino;
		free(a);
		free(e);
		free(on);
	}
	return same;
}

int dmn_update_pid(struct dmn_registry *r, pid_t pid)
{
	uint64_t t = stash_proc_start_time(pid);
	struct proc_maps *m;
	if (t == 0 || proc_maps_read(pid, &m, NULL, 0) != 0) {
		dmn_drop_pid(r, pid);
		return 0;
	}
	struct stash_proc p = { .pid = pid, .start_time = t };
	p.objs = xcalloc((size_t)m->nobjs + 1, sizeof(*p.objs));
	for (int k = 0; k < m->nobjs; k++)
		if (object_has_probes(r, &m->objs[k]))
			p.objs[p.nobjs++] = m->objs[k];      /* borrowed: m owns the strings */
	char *name = stash_proc_name(pid, t);
	/* a process that exited while being read leaves nothing behind */
	if (stash_proc_start_time(pid) != t)
		p.nobjs = 0;
	drop_dirs(r, pid, p.nobjs ? name : NULL);
	if (p.nobjs && !same_record(r, name, &p)) {
		char err[512];
		if (stash_proc_write(r->dir, &p, err, sizeof(err)) != 0)
			fprintf(stderr, "usdtraced: %s\n", err);
		/* it may have exited meanwhile: its exit event was handled before this write */
		if (stash_proc_start_time(pid) != t)
			dmn_drop_pid(r, pid);
	}
	int n = p.nobjs;
	stash_gc(r->dir);
	free(name);
	free(p.objs);
	proc_maps_free(m);
	return n;
}

int dmn_registry_scan(struct dmn_registry *r)
{
	/* entries that do not decode or are of another version: parsed again when met */
	char *odir = xasprintf("%s/objects", r->dir);
	DIR *d = opendir(odir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char *path = xasprintf("%s/%s", odir, e->d_name);
			size_t len;
			char *buf = util_read_file(path, &len);
			struct stash_stamp st;
			struct usdt_file *f = NULL;
			if (!buf || stash_decode_object(buf, len, &st, &f, NULL, 0) != 0)
				unlink(path);
			usdt_file_free(f);
			free(buf);
			free(path);
		}
		closedir(d);
	}
	free(odir);
	return dmn_registry_reconcile(r);
}

int dmn_registry_reconcile(struct dmn_registry *r)
{
	/* processes that died unseen (no daemon watched, or their exit event was lost) */
	char **names;
	int n = stash_proc_list(r->dir, &names);
	for (int i = 0; i < n; i++) {
		pid_t p;
		uint64_t t;
		if (stash_proc_name_parse(names[i], &p, &t) && stash_proc_start_time(p) != t)
			stash_proc_remove(r->dir, names[i]);
		free(names[i]);
	}
	free(names);
	pid_t *pids;
	int np = proc_list_pids(&pids), with = 0;
	for (int i = 0; i < np; i++)
		with += dmn_update_pid(r, pids[i]) > 0;
	free(pids);
	stash_gc(r->dir);
	return with;
}

bool dmn_pid_maps(pid_t pid, dev_t dev, ino_t ino)
{
	struct proc_maps *m;
	if (proc_maps_read(pid, &m, NULL, 0) != 0)
		return false;
	bool yes = false;
	for (int k = 0; k < m->nobjs && !yes; k++)
		yes = m->objs[k].dev == dev && m->objs[k].ino == ino;
	proc_maps_free(m);
	return yes;
}
