/* spin.c — time spent in named functions, for user stacks taken by profile probes
 * (tests/sh/ustack_exec.sh):
 *   spin run MS                 MS milliseconds in spin_main, then exit
 *   spin exec MS PROG ARGS...   MS milliseconds in spin_before_exec, then exec PROG ARGS
 *   spin dlopen LIB MS          dlopen LIB and spend MS milliseconds in its lib_spin, then exit
 * Built with frame pointers; each function loops on arithmetic, reading the clock rarely, so
 * nearly every sample lands in it. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((noinline)) static unsigned long spin_main(long ms)
{
	volatile unsigned long x = 0;
	double end = now_ms() + (double)ms;
	while (now_ms() < end)
		for (int i = 0; i < 1000000; i++)
			x += (unsigned long)i * 7;
	return x;
}

__attribute__((noinline)) static unsigned long spin_before_exec(long ms)
{
	volatile unsigned long x = 0;
	double end = now_ms() + (double)ms;
	while (now_ms() < end)
		for (int i = 0; i < 1000000; i++)
			x += (unsigned long)i * 3;
	return x;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "run") == 0) {
		spin_main(atol(argv[2]));
		return 0;
	}
	if (argc >= 4 && strcmp(argv[1], "exec") == 0) {
		spin_before_exec(atol(argv[2]));
		execv(argv[3], argv + 3);
		perror(argv[3]);
		return 127;
	}
	if (argc == 4 && strcmp(argv[1], "dlopen") == 0) {
		void *h = dlopen(argv[2], RTLD_NOW);
		void (*f)(long) = h ? (void (*)(long))dlsym(h, "lib_spin") : NULL;
		if (!f) {
			fprintf(stderr, "spin: %s\n", dlerror());
			return 1;
		}
		f(atol(argv[3]));
		return 0;
	}
	fprintf(stderr, "usage: spin run MS | exec MS PROG ARGS... | dlopen LIB MS\n");
	return 2;
}
