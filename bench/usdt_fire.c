/* usdt_fire.c — fires one USDT probe in a tight loop and times the loop itself, for
 * bench/usdt.sh's per-firing cost: (loop time traced - loop time untraced) / firings.
 *
 *   usdt_fire N OUT [HOLD]
 *
 * Fires bench:fire N times with arg0 = the iteration (0..N-1) and arg1 = a pointer to one of
 * eight short strings (iteration % 8), so a tracer keying on copyinstr(arg1) makes eight keys.
 * Writes "ns NANOSECONDS\nfirings N\n" to OUT (the loop's CLOCK_MONOTONIC time only: the
 * tracer's start-up, attach and exit are not in it). Nothing is printed on stdout, which a
 * tracer started with -c shares. The probe has no semaphore: the site is always executed.
 * The strings are read once before the loop: a page of .rodata the process never touched is not
 * mapped in yet, and bpftrace's str() (a non-faulting read) would then get "" for every key,
 * which is not the work being compared.
 * With HOLD, after writing OUT it waits (at most 120 s) until the file HOLD exists, so that the
 * tracer's programs are still loaded while bench/usdt.sh reads their run-time statistics.
 * Built with -DUSDT_FIRE_SYS_SDT, the site comes from systemtap's <sys/sdt.h> instead of
 * usdtrace/sdt.h (same probe, same arguments), for the comparison of the two site forms.
 * Built with -DUSDT_FIRE_CHAIN, the site is three calls below main (fire_a -> fire_b -> fire_c,
 * none inlined or tail-called), so that a build with frame pointers gives both tracers' stack
 * walks the same four frames to walk (bench/usdt.sh stats, row ustackfp). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef USDT_FIRE_SYS_SDT
# include <sys/sdt.h>
# define FIRE(i, s) DTRACE_PROBE2(bench, fire, i, s)
#else
# include "usdtrace/sdt.h"
# define FIRE(i, s) USDT(bench, fire, i, s)
#endif

static const char *const names[8] = { "alpha", "bravo", "charlie", "delta",
				      "echo",  "foxtrot", "golf", "hotel" };

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

#ifdef USDT_FIRE_CHAIN
/* The empty asm keeps each result live after the call, so no call becomes a jump; fire_c, a
 * leaf, uses its frame address so that gcc gives it a frame (-mno-omit-leaf-frame-pointer alone
 * does not when the leaf needs no stack). */
static __attribute__((noinline)) long fire_c(long i)
{
	FIRE(i, names[i & 7]);
	__asm__ volatile("" : "+r"(i) : "r"(__builtin_frame_address(0)));
	return i;
}
static __attribute__((noinline)) long fire_b(long i)
{
	long r = fire_c(i);
	__asm__ volatile("" : "+r"(r));
	return r;
}
static __attribute__((noinline)) long fire_a(long i)
{
	long r = fire_b(i);
	__asm__ volatile("" : "+r"(r));
	return r;
}
# define FIRE_ONE(i) ((void)fire_a(i))
#else
# define FIRE_ONE(i) FIRE(i, names[(i) & 7])
#endif

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: usdt_fire N OUT [HOLD]\n");
		return 2;
	}
	long n = atol(argv[1]);
	size_t touched = 0;
	for (int k = 0; k < 8; k++)
		touched += strlen(names[k]);
	long long t0 = now_ns();
	for (long i = 0; i < n; i++)
		FIRE_ONE(i);
	long long t1 = now_ns();
	FILE *f = fopen(argv[2], "w");
	if (!f)
		return 1;
	fprintf(f, "ns %lld\nfirings %ld\nname_bytes %zu\n", t1 - t0, n, touched);
	if (fclose(f))
		return 1;
	for (int waited = 0; argc == 4 && access(argv[3], F_OK) != 0; waited++) {
		if (waited > 12000) {
			fprintf(stderr, "usdt_fire: no hold file after 120 s\n");
			return 3;
		}
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	return 0;
}
