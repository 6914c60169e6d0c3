/* hz_target.c — a traced program whose behaviour must not change when its tracer is killed at
 * any moment (tests/sh/kill_anytime.sh, bench/kill_anytime.sh).
 *   hz_target OUT N [GO]   wait for the file GO if given; then N times, 2 ms apart: fire
 *                          hz:::sem when its semaphore is raised, fire hz:::tick, call
 *                          hz_work (a pid probe target); write "start" and "sum S" into OUT
 *                          and exit with status 7.
 * What it writes and its exit status depend on nothing a tracer does (the semaphore only
 * decides whether a probe fires), so they are the same traced, untraced, or traced by a
 * tracer that died. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

USDT_DEFINE_SEMAPHORE(hz, sem);

__attribute__((noinline)) long hz_work(long i)
{
	__asm__ volatile("" ::: "memory");
	return i * 3 + 1;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	FILE *out = fopen(argv[1], "w");
	if (!out)
		return 3;
	fprintf(out, "start\n");
	fflush(out);
	if (argc > 3)
		for (int i = 0; i < 30000 && access(argv[3], F_OK) != 0; i++)
			usleep(1000);
	long n = atol(argv[2]), sum = 0;
	for (long i = 0; i < n; i++) {
		if (USDT_ENABLED(hz, sem))
			USDT_WITH_SEMAPHORE(hz, sem, i);
		USDT(hz, tick, i);
		sum += hz_work(i);
		usleep(2000);
	}
	fprintf(out, "sum %ld\n", sum);
	fclose(out);
	return 7;
}
