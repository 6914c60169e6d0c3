/* chain.c — known call chains for ustack() tests (tests/sh/ustack.sh). Built with
 * -O1 -fno-omit-frame-pointer: every function below keeps a frame, and the empty asm after
 * each call keeps the call from becoming a tail jump, so the kernel's frame-pointer walk
 * sees each caller.
 *   chain A B [MS [WAIT]]
 *                 waits WAIT ms (a tracer enables its probes meanwhile), fires chain:::fire
 *                 A times through main -> level_a -> level_b -> level_c, then B times through
 *                 main -> level_x -> lib_hop (libchainlib.so) -> level_c, then lingers MS ms
 *                 (so a tracer that symbolizes late still finds it)
 *   chain spin N  spins N ms in level_spin (for profile-N) */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <usdtrace/sdt.h>

void lib_hop(void (*fn)(int), int n);

volatile int sink;

__attribute__((noinline)) void level_d(int n)
{
	sink = n;
}

/* Not a leaf (level_d after the probe): compilers give leaf functions no frame even with
 * -fno-omit-frame-pointer, and the probe would then see level_c's caller skipped. */
__attribute__((noinline)) void level_c(int n)
{
	DTRACE_PROBE1(chain, fire, n);
	level_d(n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void level_b(int n)
{
	level_c(n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void level_a(int n)
{
	level_b(n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void level_x(int n)
{
	lib_hop(level_c, n);
	__asm__ volatile("" ::: "memory");
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

__attribute__((noinline)) void level_spin(long long ms)
{
	long long end = now_ms() + ms;
	volatile unsigned long x = 0;
	while (now_ms() < end)
		for (int i = 0; i < 100000; i++)
			x += (unsigned long)i;
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	if (argc > 2 && strcmp(argv[1], "spin") == 0) {
		level_spin(atoll(argv[2]));
		return 0;
	}
	int na = argc > 1 ? atoi(argv[1]) : 3, nx = argc > 2 ? atoi(argv[2]) : 2;
	if (argc > 4) {
		struct timespec ts = { atoi(argv[4]) / 1000, (atoi(argv[4]) % 1000) * 1000000L };
		nanosleep(&ts, NULL);
	}
	for (int i = 0; i < na; i++)
		level_a(i);
	for (int i = 0; i < nx; i++)
		level_x(i);
	if (argc > 3) {
		struct timespec ts = { atoi(argv[3]) / 1000, (atoi(argv[3]) % 1000) * 1000000L };
		nanosleep(&ts, NULL);
	}
	return 0;
}
