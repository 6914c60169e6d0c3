/* redzone.c — tracing must not disturb the program. leaf() is a leaf function whose locals sit
 * in the x86-64 red zone (the 128 bytes below %rsp a leaf may use without moving %rsp) and fires
 * probes between writing and reading them. A site whose probe the kernel emulated as a call
 * (its optimisation for 5-byte nops) would push a return address over those locals. The
 * program prints a checksum; the test compares traced and untraced output. With an argument
 * HOLD it then waits (at most 60 s) until the file HOLD exists, so the test can look at the
 * traced process's sites while the tracer is still attached. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "usdtrace/sdt.h"

volatile unsigned long seed_in = 0x9e3779b97f4a7c15ul;

__attribute__((noinline)) static unsigned long leaf(unsigned long seed)
{
	volatile unsigned long rz[8];

	for (int i = 0; i < 8; i++)
		rz[i] = seed * (unsigned long)(i + 3) ^ (seed >> i);
	USDT(rz, mid, seed, rz[0], rz[7]);
	unsigned long sum = 0;
	for (int i = 0; i < 8; i++) {
		sum = sum * 31 + rz[i];
		if (i == 5)
			USDT(rz, inner, sum);
	}
	return sum;
}

int main(int argc, char **argv)
{
	unsigned long seed = seed_in, total = 0;

	for (int n = 0; n < 2000; n++) {
		total ^= leaf(seed + (unsigned long)n);
		total = total << 1 | total >> 63;
	}
	printf("checksum %lx\n", total);
	fflush(stdout);
	for (int waited = 0; argc > 1 && access(argv[1], F_OK) != 0 && waited < 6000; waited++) {
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	return 0;
}
