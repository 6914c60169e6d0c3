/* hold_bench.c — what holding a -p target costs it (bench/ptrace_hold.sh).
 *   hold_bench dlopen GO DIR N   wait for file GO; dlopen() DIR/libut_0.so .. N-1 and call each
 *                                one's ut_lib_hello; print "dlopen: T us per library"
 *   hold_bench signals GO N      wait for file GO; raise(SIGUSR1) N times (a handler counts);
 *                                print "signals: T ns per signal" */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	(void)sig;
	got++;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	for (int i = 0; i < 4000 && access(argv[2], F_OK) != 0; i++)
		usleep(1000);
	if (strcmp(argv[1], "dlopen") == 0 && argc == 5) {
		int n = atoi(argv[4]);
		double t0 = now();
		for (int i = 0; i < n; i++) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/libut_%d.so", argv[3], i);
			void *h = dlopen(path, RTLD_NOW);
			int (*hello)(int) = h ? (int (*)(int))dlsym(h, "ut_lib_hello") : NULL;
			if (!hello)
				return 1;
			hello(i);
		}
		printf("dlopen: %.0f us per library\n", (now() - t0) / 1e3 / n);
		return 0;
	}
	if (strcmp(argv[1], "signals") == 0) {
		int n = atoi(argv[3]);
		signal(SIGUSR1, on_usr1);
		double t0 = now();
		for (int i = 0; i < n; i++)
			raise(SIGUSR1);
		printf("signals: %.0f ns per signal (%d handled)\n", (now() - t0) / n, (int)got);
		return 0;
	}
	return 2;
}
