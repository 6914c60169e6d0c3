/* ut_prog.c — a program with USDT probes for the tracer's tests (tests/sh/usdt_trace.sh).
 *   ut_prog args N            fire ut:::args N times: (i, a string, -1000 * i, (char)i, (short)-i,
 *                             a 12th argument), then ut:::done
 *   ut_prog wait GO N         wait for file GO, fire ut:::tick N times, ut:::done; print "fired N"
 *   ut_prog sem GO1 GO2 N     wait for GO1, count USDT_ENABLED(ut, guarded) over N checks (firing
 *                             the guarded probe when on), print "enabled K of N"; the same after GO2
 *   ut_prog dlopen LIB N      fire ut:::tick, dlopen() LIB (ut_lib.c) and call its ut_lib_hello N
 *                             times at once (its probe utlib:::hello fires each time), ut:::done
 * Waits are bounded (30 s), so a broken tracer cannot hang a test. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

USDT_DEFINE_SEMAPHORE(ut, guarded);

static const char *const words[] = { "alpha", "beta", "gamma" };

static int wait_for(const char *path)
{
	for (int i = 0; i < 6000; i++) {
		if (access(path, F_OK) == 0)
			return 0;
		usleep(5000);
	}
	fprintf(stderr, "ut_prog: %s never appeared\n", path);
	return -1;
}

static void count_enabled(int n)
{
	int on = 0;
	for (int i = 0; i < n; i++) {
		if (USDT_ENABLED(ut, guarded)) {
			on++;
			USDT_WITH_SEMAPHORE(ut, guarded, i);
		}
	}
	printf("enabled %d of %d\n", on, n);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "args") == 0) {
		int n = atoi(argv[2]);
		for (int i = 0; i < n; i++) {
			long neg = -1000L * i;
			char ch = (char)('a' + i);
			short sh = (short)-i;
			unsigned long long big = 0xfedcba9876543210ULL + (unsigned)i;
			USDT(ut, args, i, words[i % 3], neg, ch, sh, 5, 6, 7, 8, 9, 10, big);
		}
		USDT(ut, done);
		return 0;
	}
	if (argc == 4 && strcmp(argv[1], "wait") == 0) {
		int n = atoi(argv[3]);
		if (wait_for(argv[2]) != 0)
			return 1;
		for (int i = 0; i < n; i++)
			USDT(ut, tick, i);
		USDT(ut, done);
		printf("fired %d\n", n);
		return 0;
	}
	if (argc == 5 && strcmp(argv[1], "sem") == 0) {
		int n = atoi(argv[4]);
		if (wait_for(argv[2]) != 0)
			return 1;
		count_enabled(n);
		if (wait_for(argv[3]) != 0)
			return 1;
		count_enabled(n);
		return 0;
	}
	if (argc == 4 && strcmp(argv[1], "dlopen") == 0) {
		int n = atoi(argv[3]);
		USDT(ut, tick, -1);
		void *h = dlopen(argv[2], RTLD_NOW);
		int (*hello)(int) = h ? (int (*)(int))dlsym(h, "ut_lib_hello") : NULL;
		if (!hello) {
			fprintf(stderr, "ut_prog: %s\n", dlerror());
			return 1;
		}
		int sum = 0;
		for (int i = 0; i < n; i++)
			sum += hello(i);
		USDT(ut, done);
		printf("called %d (sum %d)\n", n, sum);
		return 0;
	}
	fprintf(stderr, "usage: ut_prog args N | wait GO N | sem GO1 GO2 N | dlopen LIB N\n");
	return 2;
}
