/* probe_fire.c — the cost of firing a runtime probe (libusdtrace-probe) beside a static probe of
 * our sdt.h, for bench/probe.sh.
 *
 *   probe_fire N [GO]
 *
 * Loads provider rtbench with probe fire(int64, string), prints "pid PID", and (with GO) waits at
 * most 60 s for the file GO (bench/probe.sh starts a tracer in between). Then times N firings of
 * each kind and prints "KIND NS" (nanoseconds per firing, CLOCK_MONOTONIC over the loop):
 *   static        DTRACE_PROBE2(bench, fire, ...): the sdt.h site, no semaphore
 *   static-guard  USDT_GUARDED(bench, guarded, ...): the site behind its semaphore
 *   rt-fire       usdtrace_probe_fire(probe, i, s): a call, then the semaphore test
 *   rt-inline     USDTRACE_FIRE(probe, i, s): the semaphore test inlined, the call when traced
 *   empty         the loop alone */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "usdtrace/probe.h"
#include "usdtrace/sdt.h"

USDT_DEFINE_SEMAPHORE(bench, guarded);

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#define TIME(kind, body) do { \
	long long t0_ = now_ns(); \
	for (long i = 0; i < n; i++) { body; __asm__ __volatile__("" ::: "memory"); } \
	printf("%s %.2f\n", kind, (double)(now_ns() - t0_) / (double)n); } while (0)

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	long n = atol(argv[1]);
	static const char s[] = "payload";
	struct usdtrace_provider *p = usdtrace_provider_new("rtbench");
	enum usdtrace_type t[] = { USDTRACE_INT64, USDTRACE_STRING };
	struct usdtrace_probe *pr = usdtrace_probe_add(p, "fire", 2, t);
	if (!pr || usdtrace_provider_load(p) != 1) {
		fprintf(stderr, "probe_fire: %s\n", usdtrace_probe_errmsg());
		return 1;
	}
	printf("pid %d\n", (int)getpid());
	fflush(stdout);
	for (int k = 0; argc > 2 && k < 6000 && access(argv[2], F_OK) != 0; k++)
		usleep(10000);
	TIME("empty", (void)0);
	TIME("static", DTRACE_PROBE2(bench, fire, (int64_t)i, s));
	TIME("static-guard", USDT_GUARDED(bench, guarded, (int64_t)i, s));
	TIME("rt-fire", usdtrace_probe_fire(pr, (int64_t)i, s));
	TIME("rt-inline", USDTRACE_FIRE(pr, (int64_t)i, s));
	usdtrace_provider_destroy(p);
	return 0;
}
