/* pid_fire.c — calls one function in a tight loop and times the loop itself, for bench/pid.sh's
 * per-call cost of pid entry and return probes: (loop time traced - untraced) / calls.
 *
 *   pid_fire N OUT
 *
 * Calls pid_fire_fn(i) N times (noinline, so every call is a real call to the symbol a probe
 * names) and writes "ns NANOSECONDS\ncalls N\nsum S\n" to OUT: the loop's CLOCK_MONOTONIC time
 * only, not the tracer's start-up, attach or exit. Prints nothing on stdout, which a tracer
 * started with -c shares. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) long pid_fire_fn(long i)
{
	__asm__ volatile("" ::: "memory");
	return i ^ 0x5a;
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: pid_fire N OUT\n");
		return 2;
	}
	long n = atol(argv[1]), sum = 0;
	long long t0 = now_ns();
	for (long i = 0; i < n; i++)
		sum += pid_fire_fn(i);
	long long t1 = now_ns();
	FILE *f = fopen(argv[2], "w");
	if (!f)
		return 1;
	fprintf(f, "ns %lld\ncalls %ld\nsum %ld\n", t1 - t0, n, sum);
	return fclose(f) != 0;
}
