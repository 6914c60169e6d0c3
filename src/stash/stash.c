/* stash.c — the stash directory: entries, process directories, the owner's lock, and
 * usdtrace's reading of it; see stash.h. */
#include "stash.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* A directory with this mode, made or (when it exists) changed to it. */
static int mkdir_mode(const char *path, mode_t mode)
{
	if (mkdir(path, mode) != 0 && errno != EEXIST)
		return -1;
	return chmod(path, mode);
}

int stash_prepare(const char *dir, char *errbuf, size_t errlen)
{
	/* what processes map is for root alone (as /proc/PID/maps is for the process's owner):
	 * objects/ and procs/ are 0700; DIR itself 0711, so anyone reaches the socket */
	const char *sub[] = { "", "/objects", "/procs" };
	const mode_t mode[] = { 0711, 0700, 0700 };
	for (int i = 0; i < 3; i++) {
		char *p = xasprintf("%s%s", dir, sub[i]);
		int rc = mkdir_mode(p, mode[i]);
		if (rc < 0)
			util_seterr(errbuf, errlen, "cannot make %s: %s", p, strerror(errno));
		free(p);
		if (rc < 0)
			return -1;
	}
	return 0;
}

uint64_t stash_proc_start_time(pid_t pid)
{
	char path[64], buf[1024];
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	/* the command name may hold spaces and parentheses: fields start after the last ')' */
	char *p = strrchr(buf, ')');
	if (!p)
		return 0;
	p++;
	/* p is at the blank before field 3 (state); step to the blank before field 22 */
	for (int field = 3; field < 22 && p; field++)
		p = strchr(p + 1, ' ');
	if (!p)
		return 0;
	unsigned long long v = strtoull(p + 1, NULL, 10);
	return v ? v : 1;   /* a process started at boot tick 0 is still alive */
}

char *stash_object_name(dev_t dev, ino_t ino)
{
	return xasprintf("%llx-%llu", (unsigned long long)dev, (unsigned long long)ino);
}

char *stash_proc_name(pid_t pid, uint64_t start_time)
{
	return xasprintf("%d-%llu", (int)pid, (unsigned long long)start_time);
}

bool stash_proc_name_parse(const char *name, pid_t *pid, uint64_t *start_time)
{
	char *end;
	errno = 0;
	long p = strtol(name, &end, 10);
	if (end == name || *end != '-' || p <= 0 || p > 0x3fffffff || errno)
		return false;
	const char *s = end + 1;
	unsigned long long t = strtoull(s, &end, 10);
	if (end == s || *end || errno)
		return false;
	*pid = (pid_t)p;
	*start_time = t;
	return true;
}

int stash_stamp_of_fd(int fd, struct stash_stamp *st)
{
	struct stat sb;
	if (fstat(fd, &sb) != 0)
		return -1;
	st->dev = sb.st_dev;
	st->ino = sb.st_ino;
	st->size = (uint64_t)sb.st_size;
	st->mtime_ns = (uint64_t)sb.st_mtim.tv_sec * 1000000000ull + (uint64_t)sb.st_mtim.tv_nsec;
	st->ctime_ns = (uint64_t)sb.st_ctim.tv_sec * 1000000000ull + (uint64_t)sb.st_ctim.tv_nsec;
	return 0;
}

/* Write bytes to path through a temporary name in the same directory and rename(2). */
static int write_atomic(const char *path, const void *data, size_t len, char *errbuf,
			size_t errlen)
{
	char *tmp = xasprintf("%s.tmp.%d", path, (int)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int rc = -1;
	if (fd >= 0) {
		const char *p = data;
		size_t left = len;
		while (left) {
			ssize_t n = write(fd, p, left);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			p += n;
			left -= (size_t)n;
		}
		rc = close(fd) == 0 && left == 0 ? 0 : -1;
		if (rc == 0)
			rc = rename(tmp, path);
	}
	if (rc != 0) {
		util_seterr(errbuf, errlen, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return rc;
}

static char *read_all(const char *path, size_t *len)
{
	return util_read_file(path, len);
}

int stash_object_write(const char *dir, const struct stash_stamp *st, const struct usdt_file *f,
		       char *errbuf, size_t errlen)
{
	struct strbuf b = {0};
	stash_encode_object(&b, st, f);
	char *name = stash_object_name((dev_t)st->dev, (ino_t)st->ino);
	char *path = xasprintf("%s/objects/%s", dir, name);
	int rc = write_atomic(path, b.s, b.len, errbuf, errlen);
	free(path);
	free(name);
	strbuf_free(&b);
	return rc;
}

static int decode_file(const char *path, const struct stash_stamp *want, struct usdt_file **f,
		       char *errbuf, size_t errlen)
{
	size_t len;
	char *buf = read_all(path, &len);
	*f = NULL;
	if (!buf)
		return util_seterr(errbuf, errlen, "%s: %s", path, strerror(errno)), -1;
	struct stash_stamp st;
	char err[256];
	int rc = stash_decode_object(buf, len, &st, f, err, sizeof(err));
	free(buf);
	if (rc < 0)
		return util_seterr(errbuf, errlen, "%s: %s", path, err), -1;
	if (want && memcmp(want, &st, sizeof(st)) != 0) {
		usdt_file_free(*f);
		*f = NULL;
		return util_seterr(errbuf, errlen, "%s: made from another version of the object",
				   path), -1;
	}
	return 0;
}

int stash_object_read(const char *dir, dev_t dev, ino_t ino, const struct stash_stamp *want,
		      struct usdt_file **f, char *errbuf, size_t errlen)
{
	char *name = stash_object_name(dev, ino);
	char *path = xasprintf("%s/objects/%s", dir, name);
	int rc = decode_file(path, want, f, errbuf, errlen);
	free(path);
	free(name);
	return rc;
}

/* Remove a directory's files, then the directory. */
static void rm_dir(const char *path)
{
	DIR *d = opendir(path);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlinkat(dirfd(d), e->d_name, 0);
		closedir(d);
	}
	rmdir(path);
}

void stash_gc(const char *dir)
{
	char *path = xasprintf("%s/objects", dir);
	DIR *d = opendir(path);
	free(path);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		struct stat sb;
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		/* an entry only objects/ links to; or a temporary some writer left behind */
		if (sb.st_nlink <= 1 || strstr(e->d_name, ".tmp."))
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
	path = xasprintf("%s/procs", dir);
	d = opendir(path);
	if (d) {
		while ((e = readdir(d)))
			if (e->d_name[0] == '.' && e->d_name[1] == 't') {
				char *p = xasprintf("%s/%s", path, e->d_name);
				rm_dir(p);
				free(p);
			}
		closedir(d);
	}
	free(path);
}

int stash_proc_write(const char *dir, const struct stash_proc *p, char *errbuf, size_t errlen)
{
	char *name = stash_proc_name(p->pid, p->start_time);
	char *final = xasprintf("%s/procs/%s", dir, name);
	char *tmp = xasprintf("%s/procs/.tmp-%s-%d", dir, name, (int)getpid());
	int rc = -1;
	rm_dir(tmp);
	if (mkdir(tmp, 0755) != 0) {
		util_seterr(errbuf, errlen, "cannot make %s: %s", tmp, strerror(errno));
		goto out;
	}
	for (int i = 0; i < p->nobjs; i++) {
		char *on = stash_object_name(p->objs[i].dev, p->objs[i].ino);
		char *from = xasprintf("%s/objects/%s", dir, on);
		char *to = xasprintf("%s/%s", tmp, on);
		int lrc = link(from, to);
		if (lrc != 0 && errno != EEXIST)
			util_seterr(errbuf, errlen, "cannot link %s: %s", from, strerror(errno));
		free(from);
		free(to);
		free(on);
		if (lrc != 0 && errno != EEXIST)
			goto out;
	}
	struct strbuf b = {0};
	stash_encode_proc(&b, p);
	char *maps = xasprintf("%s/maps", tmp);
	rc = write_atomic(maps, b.s, b.len, errbuf, errlen);
	free(maps);
	strbuf_free(&b);
	if (rc != 0)
		goto out;
	/* into place: swap with an existing directory of the process, then drop the old one */
	if (rename(tmp, final) != 0) {
		rc = -1;
		if ((errno == ENOTEMPTY || errno == EEXIST) &&
		    renameat2(AT_FDCWD, tmp, AT_FDCWD, final, RENAME_EXCHANGE) == 0)
			rc = 0;
		else
			util_seterr(errbuf, errlen, "cannot rename %s: %s", tmp, strerror(errno));
	}
out:
	rm_dir(tmp);
	free(tmp);
	free(final);
	free(name);
	return rc;
}

int stash_proc_remove(const char *dir, const char *name)
{
	char *path = xasprintf("%s/procs/%s", dir, name);
	rm_dir(path);
	free(path);
	return 0;
}

int stash_proc_read(const char *dir, const char *name, struct stash_proc *p, char *errbuf,
		    size_t errlen)
{
	char *path = xasprintf("%s/procs/%s/maps", dir, name);
	size_t len;
	char *buf = read_all(path, &len);
	int rc = -1;
	if (!buf)
		util_seterr(errbuf, errlen, "%s: %s", path, strerror(errno));
	else
		rc = stash_decode_proc(buf, len, p, errbuf, errlen);
	free(buf);
	free(path);
	return rc;
}

struct named { pid_t pid; uint64_t t; char *name; };

static int named_cmp(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	return x->pid != y->pid ? (x->pid < y->pid ? -1 : 1) : (x->t < y->t ? -1 : x->t > y->t);
}

int stash_proc_list(const char *dir, char ***names)
{
	char *path = xasprintf("%s/procs", dir);
	DIR *d = opendir(path);
	free(path);
	*names = NULL;
	if (!d)
		return -1;
	struct named *v = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		pid_t pid;
		uint64_t t;
		if (!stash_proc_name_parse(e->d_name, &pid, &t))
			continue;
		xgrow(&v, sizeof(*v), &cap, n + 1);
		v[n++] = (struct named){ pid, t, xstrdup(e->d_name) };
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), named_cmp);
	*names = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++)
		(*names)[i] = v[i].name;
	free(v);
	return (int)n;
}

bool stash_owner_live(const char *dir)
{
	char *path = xasprintf("%s/usdtraced.pid", dir);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return false;
	/* held exclusively by a running usdtraced: a shared lock cannot be had */
	bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
	if (!held)
		flock(fd, LOCK_UN);
	char buf[64] = {0};
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	int pid = 0;
	char word[16] = {0};
	/* "PID ready": the first scan is done; the pid tells a stale word of a previous owner */
	bool ready = n > 0 && sscanf(buf, "%d %15s", &pid, word) == 2 &&
		     strcmp(word, "ready") == 0 && pid > 0 && kill(pid, 0) == 0;
	return held && ready;
}

/* Whether every deleted object of a process record (memfd objects of libusdtrace-probe, files
 * replaced on disk) can still be opened by its recorded path: a /proc/PID/map_files/START-END
 * name holds only while that mapping keeps those bounds, and such objects come and go while
 * the process runs (an unload makes no event). Objects with a name on disk are not checked:
 * a lookup in another process's map_files costs several microseconds (measured: about 10 ms
 * for 2,000 objects, half the walk), and their mappings are final by the time their
 * executable segment's mmap event is read (linkers put the headers in a first, read-only
 * segment). */
static bool record_paths_live(const struct stash_proc *p)
{
	for (int k = 0; k < p->nobjs; k++)
		if (p->objs[k].deleted && strncmp(p->objs[k].open_path, "/proc/", 6) == 0 &&
		    access(p->objs[k].open_path, F_OK) != 0)
			return false;
	return true;
}

int stash_maps_foreach(const char *dir, struct usdt_cache *cache,
		       void (*fn)(const struct proc_maps *m, void *arg), void *arg)
{
	if (!stash_owner_live(dir))
		return -1;
	char **names;
	int n = stash_proc_list(dir, &names);
	if (n < 0)
		return -1;   /* not ours to read (another user's usdtrace): scan /proc */
	/* the caller itself is read from /proc, in its place: it has just started, and the daemon
	 * may not have seen it yet (a scan of /proc always lists it) */
	pid_t self = getpid();
	bool self_done = false;
	for (int i = 0; i <= n; i++) {
		struct stash_proc p;
		pid_t pid = 0;
		uint64_t t;
		bool named = i < n && stash_proc_name_parse(names[i], &pid, &t);
		if (!self_done && (i == n || (named && pid >= self))) {
			self_done = true;
			struct proc_maps *m;
			if (proc_maps_read(self, &m, NULL, 0) == 0) {
				fn(m, arg);
				proc_maps_free(m);
			}
		}
		if (!named || pid == self ||
		    stash_proc_start_time(pid) != t ||
		    stash_proc_read(dir, names[i], &p, NULL, 0) != 0)
			continue;
		if (p.pid != pid || p.start_time != t) {
			stash_proc_free(&p);
			continue;
		}
		if (!record_paths_live(&p)) {
			/* read while the dynamic linker was still splitting a mapping, or an object
			 * unmapped since: the process's maps as a scan reads them */
			stash_proc_free(&p);
			struct proc_maps *m;
			if (proc_maps_read(pid, &m, NULL, 0) == 0) {
				fn(m, arg);
				proc_maps_free(m);
			}
			continue;
		}
		for (int k = 0; k < p.nobjs; k++) {
			const struct proc_object *o = &p.objs[k];
			if (usdt_cache_has(cache, o->dev, o->ino))
				continue;
			char *on = stash_object_name(o->dev, o->ino);
			char *path = xasprintf("%s/procs/%s/%s", dir, names[i], on);
			struct usdt_file *f;
			/* an entry that does not decode is left for the cache to parse anew */
			if (decode_file(path, NULL, &f, NULL, 0) == 0) {
				if (f->dev == o->dev && f->ino == o->ino) {
					/* named as a scan would have opened it (-l -v reads its sites) */
					free(f->path);
					f->path = xstrdup(o->open_path);
					usdt_cache_put(cache, f);
				} else
					usdt_file_free(f);
			}
			free(path);
			free(on);
		}
		struct proc_maps m = { .pid = p.pid, .nobjs = p.nobjs, .objs = p.objs };
		fn(&m, arg);
		stash_proc_free(&p);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return 0;
}
