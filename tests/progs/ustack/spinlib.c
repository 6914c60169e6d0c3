/* spinlib.c — a library spin.c dlopen()s: time spent in lib_spin (tests/sh/ustack_exec.sh). */
#include <time.h>

__attribute__((noinline)) void lib_spin(long ms)
{
	volatile unsigned long x = 0;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	double end = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 + (double)ms;
	for (;;) {
		for (int i = 0; i < 1000000; i++)
			x += (unsigned long)i * 5;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		if (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 >= end)
			break;
	}
}
