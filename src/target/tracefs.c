/* tracefs.c — see tracefs.h. */
#include "tracefs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

struct tracefs_event {
	char *name, *group;
};

static struct tracefs_event *events;
static size_t nevents;
static bool loaded;

#define TRACEFS_DIR "/sys/kernel/tracing"

/* "GROUP NAME" lines, one per event directory under root/events. */
static void list_events(const char *root, FILE *out)
{
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

/* tracefs not mounted: a child mounts it in a mount namespace of its own and lists it. */
static FILE *list_in_child(pid_t *pid)
{
	int pfd[2];
	if (pipe2(pfd, O_CLOEXEC) != 0)
		return NULL;
	fflush(NULL);
	*pid = fork();
	if (*pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return NULL;
	}
	if (*pid == 0) {
		close(pfd[0]);
		if (unshare(CLONE_NEWNS) == 0 && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
		    mount("nodev", TRACEFS_DIR, "tracefs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
			FILE *f = fdopen(pfd[1], "w");
			if (f) {
				list_events(TRACEFS_DIR, f);
				fclose(f);
			}
		}
		_exit(0);
	}
	close(pfd[1]);
	return fdopen(pfd[0], "r");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct tracefs_event *)a)->name,
		      ((const struct tracefs_event *)b)->name);
}

static void load(void)
{
	loaded = true;
	FILE *in;
	pid_t pid = -1;
	char *text = NULL;
	size_t len = 0;
	if (access(TRACEFS_DIR "/events", X_OK) == 0) {
		FILE *mem = open_memstream(&text, &len);
		if (!mem)
			return;
		list_events(TRACEFS_DIR, mem);
		fclose(mem);
		in = fmemopen(text, len, "r");
	} else {
		in = list_in_child(&pid);
	}
	size_t cap = 0;
	char line[512];
	while (in && fgets(line, sizeof(line), in)) {
		char *sp = strchr(line, ' '), *nl = strchr(line, '\n');
		if (!sp || !nl)
			continue;
		*sp = *nl = '\0';
		xgrow(&events, sizeof(*events), &cap, nevents + 1);
		events[nevents].group = xstrdup(line);
		events[nevents++].name = xstrdup(sp + 1);
	}
	if (in)
		fclose(in);
	free(text);
	if (pid > 0)
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
	if (nevents)
		qsort(events, nevents, sizeof(*events), by_name);
}

const char *tracefs_event_group(const char *event)
{
	if (!loaded)
		load();
	struct tracefs_event key = { (char *)event, NULL };
	const struct tracefs_event *e = nevents ? bsearch(&key, events, nevents, sizeof(*events),
							   by_name) : NULL;
	return e ? e->group : NULL;
}
