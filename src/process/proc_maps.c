/* proc_maps.c — see proc_maps.h.
 *
 * /proc/PID/maps lines look like
 *   7f12a0000000-7f12a0028000 r--p 00000000 08:01 1234567   /usr/lib/x86_64-linux-gnu/libc.so.6
 * The path is everything after the inode column and may contain blanks; a deleted file or a
 * memfd carries a " (deleted)" suffix. */
#include "proc_maps.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "proc_path.h"
#include "util.h"

static const char deleted_suffix[] = " (deleted)";

int proc_maps_line_parse(char *line, struct proc_maps_line *ml)
{
	char perms[8];
	int pos = 0;
	if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %x:%x %" SCNu64 " %n", &ml->start,
		   &ml->end, perms, &ml->off, &ml->dev_major, &ml->dev_minor, &ml->ino, &pos) < 7 ||
	    pos == 0)
		return -1;
	if (ml->ino == 0)
		return -1; /* anonymous, [heap], [stack], [vdso], [vvar] ... */
	char *path = line + pos;
	while (*path == ' ')
		path++;
	if (*path == '\0' || *path == '[')
		return -1;
	ml->path = path;
	return 0;
}

/* Is the file open on fd an ELF file? */
static bool fd_is_elf(int fd)
{
	unsigned char magic[4];
	return pread(fd, magic, sizeof(magic), 0) == 4 && memcmp(magic, "\177ELF", 4) == 0;
}

/* Choose open_path and module. Returns 1 if the object is readable and ELF, 0 if readable and
 * not ELF (the caller drops it), -1 if unreadable (kept: the caller reports it with -p). */
static int object_fill_paths(pid_t pid, struct proc_object *o, const struct proc_maps_line *ml)
{
	const char *slash = strrchr(o->path, '/');
	o->module = xstrdup(slash ? slash + 1 : o->path);
	char *mf = xasprintf("/proc/%d/map_files/%" PRIx64 "-%" PRIx64, (int)pid, ml->start, ml->end);
	int fd = open(mf, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		o->open_path = mf;
	} else {
		free(mf);
		/* whoever opens open_path later does so with proc_path_open, inside the root */
		o->open_path = xasprintf("/proc/%d/root%s", (int)pid, o->path);
		fd = proc_root_open(pid, o->path, O_RDONLY);
		if (fd < 0)
			return -1;
	}
	int r = fd_is_elf(fd) ? 1 : 0;
	close(fd);
	return r;
}

static void object_free(struct proc_object *o)
{
	free(o->path);
	free(o->open_path);
	free(o->module);
}

/* Whether process pid exists (a zombie too), seen in /proc rather than with kill(pid, 0): the
 * tracer asks this while tracing, and a script tracing kill() or signals must not see it. */
static bool pid_exists(pid_t pid)
{
	char path[32];
	snprintf(path, sizeof(path), "/proc/%d", (int)pid);
	return access(path, F_OK) == 0;
}

int proc_maps_read(pid_t pid, struct proc_maps **out, char *errbuf, size_t errlen)
{
	*out = NULL;
	if (pid <= 0) {
		errno = ESRCH;
		return util_seterr(errbuf, errlen, "%s", strerror(ESRCH));
	}
	char mpath[64];
	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	char *text = util_read_file(mpath, NULL);
	if (!text) {
		int e = (errno == ENOENT || errno == ESRCH || !pid_exists(pid)) ? ESRCH : errno;
		errno = e;
		return util_seterr(errbuf, errlen, "%s", strerror(e));
	}

	struct proc_maps *m = xcalloc(1, sizeof(*m));
	m->pid = pid;
	size_t cap = 0;
	/* Objects already seen and found not to be ELF, so they are not opened again. */
	struct { dev_t dev; ino_t ino; } *skip = NULL;
	size_t nskip = 0, skipcap = 0;

	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		struct proc_maps_line ml;
		if (proc_maps_line_parse(line, &ml) != 0)
			continue;
		dev_t dev = makedev(ml.dev_major, ml.dev_minor);
		ino_t ino = (ino_t)ml.ino;

		struct proc_object *o = NULL;
		for (int i = 0; i < m->nobjs; i++) {
			if (m->objs[i].dev == dev && m->objs[i].ino == ino) {
				o = &m->objs[i];
				break;
			}
		}
		if (o) {
			if (ml.start < o->start) {
				o->start = ml.start;
				o->start_off = ml.off;
			}
			if (ml.end > o->end)
				o->end = ml.end;
			continue;
		}
		bool skipped = false;
		for (size_t i = 0; i < nskip; i++)
			skipped |= skip[i].dev == dev && skip[i].ino == ino;
		if (skipped)
			continue;

		struct proc_object obj = {0};
		size_t plen = strlen(ml.path), slen = sizeof(deleted_suffix) - 1;
		if (plen > slen && strcmp(ml.path + plen - slen, deleted_suffix) == 0) {
			obj.deleted = 1;
			plen -= slen;
		}
		obj.path = xstrndup(ml.path, plen);
		obj.dev = dev;
		obj.ino = ino;
		obj.start = ml.start;
		obj.start_off = ml.off;
		obj.end = ml.end;
		if (object_fill_paths(pid, &obj, &ml) == 0) {
			object_free(&obj);
			xgrow(&skip, sizeof(*skip), &skipcap, nskip + 1);
			skip[nskip].dev = dev;
			skip[nskip++].ino = ino;
			continue;
		}
		xgrow(&m->objs, sizeof(*m->objs), &cap, (size_t)m->nobjs + 1);
		m->objs[m->nobjs++] = obj;
	}
	free(skip);
	free(text);

	/* A process that exited while we read it shows an empty (or partial) map: say so rather
	 * than report a process without objects. */
	if (!pid_exists(pid)) {
		proc_maps_free(m);
		errno = ESRCH;
		return util_seterr(errbuf, errlen, "%s", strerror(ESRCH));
	}
	*out = m;
	return 0;
}

void proc_maps_free(struct proc_maps *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->nobjs; i++)
		object_free(&m->objs[i]);
	free(m->objs);
	free(m);
}

static int pid_cmp(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;
	return (x > y) - (x < y);
}

int proc_list_pids(pid_t **pids)
{
	*pids = NULL;
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		char *end;
		long v = strtol(de->d_name, &end, 10);
		if (de->d_name[0] < '1' || de->d_name[0] > '9' || *end != '\0' || v > 0x7fffffff)
			continue;
		xgrow(pids, sizeof(**pids), &cap, n + 1);
		(*pids)[n++] = (pid_t)v;
	}
	closedir(d);
	if (n)
		qsort(*pids, n, sizeof(**pids), pid_cmp);
	return (int)n;
}

int proc_self_code_location(uintptr_t addr, char *path, size_t pathlen, uint64_t *off)
{
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return -1;
	char line[PATH_MAX + 256];
	int found = -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long start, end, foff;
		int pos = 0;
		if (sscanf(line, "%llx-%llx %*4s %llx %*s %*s%n", &start, &end, &foff, &pos) < 3)
			continue;
		if (addr < start || addr >= end)
			continue;
		char *p = line + pos;
		while (*p == ' ')
			p++;
		p[strcspn(p, "\n")] = '\0';
		if (*p != '/' || strstr(p, " (deleted)"))
			break;
		snprintf(path, pathlen, "%s", p);
		*off = addr - start + foff;
		found = 0;
		break;
	}
	fclose(f);
	return found;
}

void proc_maps_foreach(void (*fn)(const struct proc_maps *m, void *arg), void *arg)
{
	pid_t *pids;
	int n = proc_list_pids(&pids);
	for (int i = 0; i < n; i++) {
		struct proc_maps *m;
		if (proc_maps_read(pids[i], &m, NULL, 0) != 0)
			continue;
		fn(m, arg);
		proc_maps_free(m);
	}
	free(pids);
}
