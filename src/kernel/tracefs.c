/* tracefs.c — see tracefs.h. */
#include "tracefs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

struct tracefs_event {
	char *name, *group;
	struct tracefs_format *format;  /* once read */
	bool format_read;
};

static struct tracefs_event *events;
static size_t nevents;
static bool loaded;

#define TRACEFS_DIR "/sys/kernel/tracing"

/* A reader: writes what it finds under tracefs mounted at root to out. */
typedef void tracefs_reader(const char *root, FILE *out, void *arg);

/* The reader's output, read back: tracefs as it is mounted, or else a child's own mount in a
 * mount namespace of its own (nothing stays mounted, nobody else sees it). *text is freed by
 * the caller; NULL when tracefs cannot be read. */
static char *with_tracefs(tracefs_reader *fn, void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem)
		return NULL;
	if (access(TRACEFS_DIR "/events", X_OK) == 0) {
		fn(TRACEFS_DIR, mem, arg);
		fclose(mem);
		return text;
	}
	int pfd[2];
	if (pipe2(pfd, O_CLOEXEC) != 0) {
		fclose(mem);
		free(text);
		return NULL;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(pfd[0]);
		if (unshare(CLONE_NEWNS) == 0 && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
		    mount("nodev", TRACEFS_DIR, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
			FILE *f = fdopen(pfd[1], "w");
			if (f) {
				fn(TRACEFS_DIR, f, arg);
				fclose(f);
			}
		}
		_exit(0);
	}
	close(pfd[1]);
	if (pid > 0) {
		char buf[8192];
		ssize_t n;
		while ((n = read(pfd[0], buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
			if (n > 0)
				fwrite(buf, 1, (size_t)n, mem);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	close(pfd[0]);
	fclose(mem);
	return text;
}

/* "GROUP NAME" lines, one per event directory under root/events. */
static void list_events(const char *root, FILE *out, void *arg)
{
	(void)arg;
	char path[PATH_MAX];
	snprintf(path, sizeof(path), "%s/events", root);
	DIR *d = opendir(path);
	if (!d)
		return;
	struct dirent *g;
	while ((g = readdir(d)) != NULL) {
		if (g->d_name[0] == '.' || g->d_type != DT_DIR)
			continue;
		char sub[PATH_MAX];
		if (snprintf(sub, sizeof(sub), "%s/%.255s", path, g->d_name) >= (int)sizeof(sub))
			continue;
		DIR *e = opendir(sub);
		if (!e)
			continue;
		struct dirent *x;
		while ((x = readdir(e)) != NULL)
			if (x->d_name[0] != '.' && x->d_type == DT_DIR)
				fprintf(out, "%s %s\n", g->d_name, x->d_name);
		closedir(e);
	}
	closedir(d);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct tracefs_event *)a)->name,
		      ((const struct tracefs_event *)b)->name);
}

static void load(void)
{
	loaded = true;
	char *text = with_tracefs(list_events, NULL);
	size_t cap = 0;
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		char *sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		xgrow(&events, sizeof(*events), &cap, nevents + 1);
		memset(&events[nevents], 0, sizeof(events[nevents]));
		events[nevents].group = xstrdup(line);
		events[nevents++].name = xstrdup(sp + 1);
	}
	free(text);
	if (nevents)
		qsort(events, nevents, sizeof(*events), by_name);
}

static struct tracefs_event *find(const char *group, const char *name)
{
	if (!loaded)
		load();
	struct tracefs_event key = { (char *)name, NULL, NULL, false };
	struct tracefs_event *e = nevents ? bsearch(&key, events, nevents, sizeof(*events),
						    by_name) : NULL;
	if (!e || !group)
		return e;
	/* names are one per group; the same name in two groups sits side by side */
	while (e > events && strcmp(e[-1].name, name) == 0)
		e--;
	for (; e < events + nevents && strcmp(e->name, name) == 0; e++)
		if (strcmp(e->group, group) == 0)
			return e;
	return NULL;
}

const char *tracefs_event_group(const char *event)
{
	struct tracefs_event *e = find(NULL, event);
	return e ? e->group : NULL;
}

void tracefs_events(void (*fn)(const char *group, const char *name, void *arg), void *arg)
{
	if (!loaded)
		load();
	for (size_t i = 0; i < nevents; i++)
		fn(events[i].group, events[i].name, arg);
}

/* ---- formats ---- */

struct want {
	struct tracefs_event **ev;
	size_t n;
};

/* "= GROUP NAME" then the format file, for each event wanted. */
static void dump_formats(const char *root, FILE *out, void *arg)
{
	const struct want *w = arg;
	for (size_t i = 0; i < w->n; i++) {
		char path[PATH_MAX];
		if (snprintf(path, sizeof(path), "%s/events/%s/%s/format", root, w->ev[i]->group,
			     w->ev[i]->name) >= (int)sizeof(path))
			continue;
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		fprintf(out, "= %s %s\n", w->ev[i]->group, w->ev[i]->name);
		char line[1024];
		while (fgets(line, sizeof(line), f))
			fputs(line, out);
		fclose(f);
	}
}

/* One "field:DECL;\toffset:O;\tsize:S;\tsigned:B;" line; false for common_* or bad ones. */
static bool parse_field(const char *line, struct tracefs_field *f)
{
	const char *d = strstr(line, "field:");
	const char *semi = d ? strchr(d, ';') : NULL;
	const char *o = strstr(line, "offset:"), *s = strstr(line, "size:");
	const char *sg = strstr(line, "signed:");
	if (!d || !semi || !o || !s || !sg)
		return false;
	char *decl = xstrndup(d + 6, (size_t)(semi - d - 6));
	memset(f, 0, sizeof(*f));
	f->offset = atoi(o + 7);
	f->size = atoi(s + 5);
	f->is_signed = atoi(sg + 7) != 0;
	char *t = decl;
	if (strncmp(t, "__data_loc ", 11) == 0) {
		f->data_loc = true;
		t += 11;
	}
	/* the name is the last word, [N] after it an array's length ("[]": data_loc's) */
	char *end = t + strlen(t);
	while (end > t && end[-1] == ' ')
		*--end = '\0';
	char *br = strchr(t, '[');
	char *name_end = end;
	if (br && !f->data_loc) {
		/* "char oldcomm[16]" */
		f->array = atoi(br + 1);
		name_end = br;
	}
	char *name = name_end;
	while (name > t && name[-1] != ' ' && name[-1] != '*')
		name--;
	f->name = xstrndup(name, (size_t)(name_end - name));
	char *type_end = name;
	while (type_end > t && type_end[-1] == ' ')
		type_end--;
	f->type = xstrndup(t, (size_t)(type_end - t));
	if (f->data_loc) {
		/* "char[] filename": the type carries the brackets */
		char *b = strchr(f->type, '[');
		if (b)
			*b = '\0';
		size_t tl = strlen(f->type);
		while (tl && f->type[tl - 1] == ' ')
			f->type[--tl] = '\0';
	}
	free(decl);
	if (!*f->name || !*f->type || strncmp(f->name, "common_", 7) == 0) {
		free(f->name);
		free(f->type);
		return false;
	}
	return true;
}

static void parse_formats(char *text)
{
	struct tracefs_format *cur = NULL;
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (line[0] == '=' && line[1] == ' ') {
			char *sp = strchr(line + 2, ' ');
			cur = NULL;
			if (!sp)
				continue;
			*sp = '\0';
			struct tracefs_event *e = find(line + 2, sp + 1);
			if (!e)
				continue;
			cur = e->format = xcalloc(1, sizeof(*cur));
			cur->id = -1;
		} else if (cur && strncmp(line, "ID: ", 4) == 0) {
			cur->id = atoi(line + 4);
		} else if (cur) {
			struct tracefs_field f;
			if (!parse_field(line, &f))
				continue;
			cur->fields = xrealloc(cur->fields, sizeof(f) * (size_t)(cur->nfields + 1));
			cur->fields[cur->nfields++] = f;
		}
		if (!next)
			break;
	}
}

void tracefs_read_formats(const char *const *groups, const char *const *names, size_t n)
{
	struct want w = { xcalloc(n ? n : 1, sizeof(*w.ev)), 0 };
	for (size_t i = 0; i < n; i++) {
		struct tracefs_event *e = find(groups[i], names[i]);
		if (e && !e->format_read) {
			e->format_read = true;
			w.ev[w.n++] = e;
		}
	}
	if (w.n) {
		char *text = with_tracefs(dump_formats, &w);
		parse_formats(text);
		free(text);
	}
	free(w.ev);
}

const struct tracefs_format *tracefs_format(const char *group, const char *name)
{
	struct tracefs_event *e = find(group, name);
	if (!e)
		return NULL;
	if (!e->format_read)
		tracefs_read_formats(&group, &name, 1);
	return e->format && e->format->id >= 0 ? e->format : NULL;
}
