/* cfi_chain.c — a call chain without frame pointers for tests/sh/ustack_cfi.sh: target() called
 * through level1..level3 (a 256-byte frame, an alloca frame that needs %rbp), from main and,
 * with a second argument, from a SIGUSR1 handler (through the kernel's signal frame). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
volatile long sink;
__attribute__((noinline)) void target(long n) { sink += n; }
__attribute__((noinline)) static long level3(long n) { char buf[256]; for (int i = 0; i < 256; i++) buf[i] = (char)(n + i); target(n); return buf[n & 255]; }
__attribute__((noinline)) static long level2(long n) { long *v = __builtin_alloca((n & 7) * 8 + 8); v[0] = n; return level3(v[0] + 1) + 1; }
__attribute__((noinline)) long level1(long n) { return level2(n * 2) + 2; }
static void handler(int sig) { level1(sig); }
int main(int argc, char **argv) {
	int loops = argc > 1 ? atoi(argv[1]) : 1;
	for (int i = 0; i < loops; i++) {
		level1(i);
		if (argc > 2) { signal(SIGUSR1, handler); raise(SIGUSR1); }
		if (loops > 1) usleep(1000);
	}
	return 0;
}
