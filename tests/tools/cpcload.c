/* cpcload.c — a workload of known perf-event counts for tests/sh/cpc.sh:
 *   cpcload pages N    maps N new anonymous pages and writes one byte to each (N page faults
 *                      at least), 100 pages at a time with a 2 ms pause between batches, so
 *                      that no CPU samples faster than the kernel's sampling throttle allows
 *                      (perf_event_max_sample_rate per second, checked every tick)
 *   cpcload spin MS    spins in user space until it has used MS milliseconds of CPU time, and
 *                      prints the CPU time it used, in nanoseconds
 * Both print nothing else and exit 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static unsigned long long cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + (unsigned long long)ts.tv_nsec;
}

static volatile unsigned long sink;

/* noinline: the test finds its samples by this function's name */
__attribute__((noinline)) static void spin(unsigned long long until)
{
	while (cpu_ns() < until)
		for (int i = 0; i < 100000; i++)
			sink += (unsigned long)i;
}

static int pages(long n)
{
	long psz = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, (size_t)(n * psz), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		perror("cpcload: mmap");
		return 1;
	}
	struct timespec pause = { 0, 2 * 1000 * 1000 };
	for (long i = 0; i < n; i++) {
		m[i * psz] = 1;
		if (i % 100 == 99)
			nanosleep(&pause, NULL);
	}
	munmap(m, (size_t)(n * psz));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "pages") == 0)
		return pages(atol(argv[2]));
	if (argc == 3 && strcmp(argv[1], "spin") == 0) {
		unsigned long long start = cpu_ns();
		spin(start + (unsigned long long)atol(argv[2]) * 1000000ull);
		printf("%llu\n", cpu_ns() - start);
		return 0;
	}
	fprintf(stderr, "usage: cpcload pages N | spin MS\n");
	return 2;
}
