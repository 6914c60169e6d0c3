/* stw_rt.c — a program with runtime probes (libusdtrace-probe) for tests/sh/usdtraced.sh:
 *   stw_rt DIR [quiet]
 * loads provider stwrt with probe tick(int32, string), then writes DIR/loaded; fires tick(i,
 * "rt") every 10 ms until DIR/unload exists; unloads the provider (with "quiet", registration
 * turned off first: the daemon is not told, as if the unload raced it) and writes
 * DIR/unloaded; exits when DIR/stop exists (at most 60 s in all). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <usdtrace/probe.h>

static char path[4096];

static const char *file(const char *dir, const char *name)
{
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void touch(const char *p)
{
	FILE *f = fopen(p, "w");
	if (f)
		fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	enum usdtrace_type t[] = { USDTRACE_INT32, USDTRACE_STRING };
	struct usdtrace_provider *p = usdtrace_provider_new("stwrt");
	struct usdtrace_probe *tick = p ? usdtrace_probe_add(p, "tick", 2, t) : NULL;
	int r = tick ? usdtrace_provider_load(p) : -1;
	if (r != 1) {
		fprintf(stderr, "stw_rt: load: %d %s\n", r, usdtrace_probe_errmsg());
		return 1;
	}
	touch(file(argv[1], "loaded"));
	struct timespec ms10 = { 0, 10000000 };
	int i = 0;
	for (; i < 6000 && access(file(argv[1], "unload"), F_OK) != 0; i++) {
		usdtrace_probe_fire(tick, (int32_t)i, "rt");
		nanosleep(&ms10, NULL);
	}
	if (argc > 2)
		setenv("USDTRACE_STASH", "", 1);
	usdtrace_provider_unload(p);
	touch(file(argv[1], "unloaded"));
	for (; i < 6000 && access(file(argv[1], "stop"), F_OK) != 0; i++)
		nanosleep(&ms10, NULL);
	return 0;
}
