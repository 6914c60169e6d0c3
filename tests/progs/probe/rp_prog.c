/* rp_prog.c — runtime probes (libusdtrace-probe) under test, for tests/sh/probe_rt.sh.
 *   rp_prog args GO N      load rp:::work(int32, string), rp:::many(12 types), rp:::done; print
 *                          "path P", "enabled-before E"; wait (<= 30 s) for file GO; print
 *                          "enabled-during E"; fire work(i, "s<i>") and many(...) N times, then
 *                          add rp:::late(uint64) and load it (a second object), fire it N times,
 *                          fire done; wait (<= 30 s) until no tracer: "enabled-after E"
 *   rp_prog threads GO N   8 threads fire rp:::work N times each once GO exists
 *   rp_prog fork GO N      the child (pid printed as "child P") waits for GO, fires work N
 *                          times and done; the parent waits for it
 *   rp_prog destroy GO N   fire work N times, destroy the provider while traced, fire again
 *                          (prints its result), "alive", then wait for GO to be removed
 *   rp_prog errors         bad use: one line per call, "what: return value: message" */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <usdtrace/probe.h>

static struct usdtrace_provider *prov;
static struct usdtrace_probe *work, *many, *done;
static long n;

static void msleep(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000 };
	nanosleep(&ts, NULL);
}

static int wait_file(const char *path, int present)
{
	for (int i = 0; i < 3000; i++) {
		if ((access(path, F_OK) == 0) == present)
			return 0;
		msleep(10);
	}
	fprintf(stderr, "timed out waiting for %s\n", path);
	return -1;
}

static void setup(void)
{
	enum usdtrace_type w[] = { USDTRACE_INT32, USDTRACE_STRING };
	enum usdtrace_type m[12] = { USDTRACE_INT8, USDTRACE_UINT8, USDTRACE_INT16, USDTRACE_UINT16,
				     USDTRACE_INT32, USDTRACE_UINT32, USDTRACE_INT64, USDTRACE_UINT64,
				     USDTRACE_STRING, USDTRACE_POINTER, USDTRACE_INT8, USDTRACE_INT64 };
	prov = usdtrace_provider_new("rp");
	work = prov ? usdtrace_probe_add(prov, "work", 2, w) : NULL;
	many = prov ? usdtrace_probe_add(prov, "many", 12, m) : NULL;
	done = prov ? usdtrace_probe_add(prov, "done", 0, NULL) : NULL;
	int r = done ? usdtrace_provider_load(prov) : -1;
	if (r != 3) {
		fprintf(stderr, "setup: %d %s\n", r, usdtrace_probe_errmsg());
		exit(2);
	}
	char path[64];
	usdtrace_probe_path(work, path, sizeof(path));
	printf("path %s\n", path);
	fflush(stdout);
}

static void fire_work(long count)
{
	char s[32];
	for (long i = 0; i < count; i++) {
		snprintf(s, sizeof(s), "s%ld", i);
		usdtrace_probe_fire(work, (int32_t)i, s);
	}
}

static int run_args(const char *go)
{
	printf("enabled-before %d\n", usdtrace_probe_enabled(work));
	fflush(stdout);
	if (wait_file(go, 1))
		return 1;
	printf("enabled-during %d\n", usdtrace_probe_enabled(work));
	fire_work(n);
	for (long i = 0; i < n; i++)
		usdtrace_probe_fire(many, -1 - (int)i, 200, -300, 60000, -70000, 4000000000u,
				    (int64_t)-5000000000, (uint64_t)6000000000u, "nine", (void *)0x1234,
				    -11, (int64_t)-12);
	enum usdtrace_type l[] = { USDTRACE_UINT64 };
	struct usdtrace_probe *late = usdtrace_probe_add(prov, "late", 1, l);
	int r = late ? usdtrace_provider_load(prov) : -1;
	printf("late-load %d\n", r);
	for (long i = 0; i < n; i++)
		usdtrace_probe_fire(late, (uint64_t)(1000 + i));
	fire_work(1); /* the first object still works */
	usdtrace_probe_fire(done);
	for (int i = 0; i < 3000 && usdtrace_probe_enabled(work) == 1; i++)
		msleep(10);
	printf("enabled-after %d\n", usdtrace_probe_enabled(work));
	return 0;
}

static void *thread_main(void *arg)
{
	(void)arg;
	for (long i = 0; i < n; i++)
		usdtrace_probe_fire(work, (int32_t)i, "t");
	return NULL;
}

static int run_threads(const char *go)
{
	pthread_t t[8];
	if (wait_file(go, 1))
		return 1;
	for (int i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, thread_main, NULL);
	for (int i = 0; i < 8; i++)
		pthread_join(t[i], NULL);
	usdtrace_probe_fire(done);
	printf("fired %ld\n", 8 * n);
	return 0;
}

static int run_fork(const char *go)
{
	pid_t c = fork();
	if (c == 0) {
		if (wait_file(go, 1))
			_exit(1);
		fire_work(n);
		usdtrace_probe_fire(done);
		_exit(0);
	}
	printf("child %d\n", (int)c);
	fflush(stdout);
	int st;
	waitpid(c, &st, 0);
	printf("child-status %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	return 0;
}

static int run_destroy(const char *go)
{
	if (wait_file(go, 1))
		return 1;
	fire_work(n);
	usdtrace_provider_destroy(prov);
	int r = usdtrace_probe_fire(work, 1, "after");
	printf("fire-after-destroy %d %s\n", r, usdtrace_probe_errmsg());
	printf("alive\n");
	fflush(stdout);
	wait_file(go, 0);
	return 0;
}

#define SHOW(what, expr) do { long r_ = (long)(expr); \
	printf("%s: %ld: %s\n", what, r_, r_ < 0 ? usdtrace_probe_errmsg() : ""); } while (0)
#define SHOWP(what, expr) do { errno = 0; void *p_ = (void *)(expr); \
	printf("%s: %s: %s\n", what, p_ ? "ok" : errno == EINVAL ? "EINVAL" : errno == E2BIG ? "E2BIG" : errno == EEXIST ? "EEXIST" : errno == ENODEV ? "ENODEV" : "other", p_ ? "" : usdtrace_probe_errmsg()); } while (0)

static int run_errors(void)
{
	enum usdtrace_type t13[13] = { USDTRACE_INT32 };
	for (int i = 0; i < 13; i++)
		t13[i] = USDTRACE_INT32;
	enum usdtrace_type bad[] = { 99 };
	SHOWP("provider int", usdtrace_provider_new("int"));
	SHOWP("provider 9x", usdtrace_provider_new("9x"));
	SHOWP("provider a-b", usdtrace_provider_new("a-b"));
	SHOWP("provider empty", usdtrace_provider_new(""));
	SHOWP("provider long", usdtrace_provider_new("p23456789012345678901234567890123456789012345678901234"));
	struct usdtrace_provider *p = usdtrace_provider_new("errs");
	SHOW("load empty", usdtrace_provider_load(p));
	SHOWP("probe 13 args", usdtrace_probe_add(p, "x", 13, t13));
	SHOWP("probe bad type", usdtrace_probe_add(p, "x", 1, bad));
	SHOWP("probe 'a b'", usdtrace_probe_add(p, "a b", 0, NULL));
	SHOWP("probe -x", usdtrace_probe_add(p, "-x", 0, NULL));
	SHOWP("probe x-", usdtrace_probe_add(p, "x-", 0, NULL));
	SHOWP("probe a--b", usdtrace_probe_add(p, "a--b", 0, NULL));
	SHOWP("probe string", usdtrace_probe_add(p, "string", 0, NULL));
	struct usdtrace_probe *a = usdtrace_probe_add(p, "req-start", 12, t13);
	SHOWP("probe req-start", a);
	SHOWP("probe req__start", usdtrace_probe_add(p, "req__start", 0, NULL));
	SHOW("load", usdtrace_provider_load(p));
	SHOW("load again", usdtrace_provider_load(p));
	SHOW("fire NULL", usdtrace_probe_fire(NULL));
	SHOW("enabled", usdtrace_probe_enabled(a));
	usdtrace_provider_destroy(p);
	usdtrace_provider_destroy(p);
	SHOW("fire after destroy", usdtrace_probe_fire(a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
	SHOW("USDTRACE_FIRE after destroy", USDTRACE_FIRE(a, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
	SHOW("enabled after destroy", usdtrace_probe_enabled(a));
	SHOWP("add after destroy", usdtrace_probe_add(p, "y", 0, NULL));
	SHOW("load after destroy", usdtrace_provider_load(p));
	SHOW("unload after destroy", usdtrace_provider_unload(p));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "errors") == 0)
		return run_errors();
	if (argc < 4)
		return 2;
	n = atol(argv[3]);
	setup();
	const char *mode = argv[1], *go = argv[2];
	int r = strcmp(mode, "args") == 0 ? run_args(go) : strcmp(mode, "threads") == 0 ? run_threads(go)
		: strcmp(mode, "fork") == 0 ? run_fork(go) : strcmp(mode, "destroy") == 0 ? run_destroy(go) : 2;
	fflush(stdout);
	return r;
}
