/* dlib.c — see dlib.h. The dependencies are read from the libraries' text before any is
 * parsed, so that the order can be settled (and a missing library reported) first. */
#include "dlib.h"

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dtag.h"
#include "util.h"

struct lib {
	char *path;
	char *text;
	size_t len;
	char **deps;    /* paths of the libraries it depends on */
	int ndeps;
	int state;      /* 0 not loaded, 1 loading (on the current path), 2 loaded */
};

struct libset {
	struct lib *libs;
	int n;
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* `#pragma D depends_on library NAME` lines: NAME is a file of the library's directory. */
static void read_deps(struct lib *l, const char *dir)
{
	for (const char *p = l->text; p && *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *line = xstrndup(p, n);
		char name[256];
		if (sscanf(line, " # pragma D depends_on library %255s", name) == 1) {
			l->deps = xrealloc(l->deps, sizeof(*l->deps) * (size_t)(l->ndeps + 1));
			l->deps[l->ndeps++] = xasprintf("%s/%s", dir, name);
		}
		free(line);
		p = eol ? eol + 1 : NULL;
	}
}

static void add_dir(struct libset *s, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char **names = NULL;
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		size_t len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".d") != 0)
			continue;
		names = xrealloc(names, sizeof(*names) * (size_t)(n + 1));
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), name_cmp);
	for (int i = 0; i < n; i++) {
		struct lib l = { .path = xasprintf("%s/%s", dir, names[i]) };
		l.text = util_read_file(l.path, &l.len);
		free(names[i]);
		if (!l.text) {
			free(l.path);
			continue;
		}
		read_deps(&l, dir);
		s->libs = xrealloc(s->libs, sizeof(*s->libs) * (size_t)(s->n + 1));
		s->libs[s->n++] = l;
	}
	free(names);
}

static struct lib *find(struct libset *s, const char *path)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->libs[i].path, path) == 0)
			return &s->libs[i];
	return NULL;
}

static int count_clauses(const struct dprog *g)
{
	int n = 0;
	for (const struct dnode *it = g->items; it; it = it->next)
		n += it->kind == DN_CLAUSE;
	return n;
}

/* Load l after what it depends on. */
static int load(struct dprog *g, struct libset *s, struct lib *l)
{
	if (l->state == 2)
		return 0;
	if (l->state == 1) {
		util_warn("Cyclic dependency encountered: %s", l->path);
		return -1;
	}
	l->state = 1;
	for (int i = 0; i < l->ndeps; i++) {
		struct lib *dep = find(s, l->deps[i]);
		if (!dep) {
			util_warn("Invalid library dependency in %s: %s", l->path, l->deps[i]);
			return -1;
		}
		if (load(g, s, dep) != 0)
			return -1;
	}
	char err[1024];
	int clauses = count_clauses(g);
	if (dparse_script(g, l->path, l->text, l->len, err, sizeof(err)) != 0) {
		util_warn("failed to compile library %s: %s", l->path, dtag_strip(err));
		return -1;
	}
	if (count_clauses(g) != clauses) {
		util_warn("failed to compile library %s: a library may not hold probe clauses", l->path);
		return -1;
	}
	l->state = 2;
	return 0;
}

int dlib_load(struct dprog *g, const char *const *dirs, int ndirs)
{
	struct libset s = { 0 };
	for (int i = 0; i < ndirs; i++)
		add_dir(&s, dirs[i]);
	int rc = 0;
	bool was = g->library;
	g->library = true;
	for (int i = 0; i < s.n && rc == 0; i++)
		rc = load(g, &s, &s.libs[i]);
	g->library = was;
	g->nlib_items = 0;
	for (const struct dnode *it = g->items; it; it = it->next)
		g->nlib_items++;
	for (int i = 0; i < s.n; i++) {
		for (int k = 0; k < s.libs[i].ndeps; k++)
			free(s.libs[i].deps[k]);
		free(s.libs[i].deps);
		free(s.libs[i].path);
		free(s.libs[i].text);
	}
	free(s.libs);
	return rc;
}

#ifndef USDTRACE_LIBDIR
#define USDTRACE_LIBDIR "/usr/local/lib/usdtrace"
#endif

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *dlib_system_dir(const char *syslibdir)
{
	if (syslibdir)
		return xstrdup(syslibdir);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			char *dir = xasprintf("%s/../lib/usdtrace", exe);
			if (is_dir(dir))
				return dir;
			free(dir);
		}
	}
	return xstrdup(USDTRACE_LIBDIR);
}

int dlib_load_all(struct dprog *g, const char *syslibdir, const char *const *dirs, int ndirs,
		  bool nolibs)
{
	if (nolibs)
		return 0;
	const char **all = xcalloc((size_t)ndirs + 1, sizeof(*all));
	char *sys = dlib_system_dir(syslibdir);
	all[0] = sys;
	for (int i = 0; i < ndirs; i++)
		all[i + 1] = dirs[i];
	int rc = dlib_load(g, all, ndirs + 1);
	free(sys);
	free(all);
	return rc;
}
