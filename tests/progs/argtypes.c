/* argtypes.c — USDT probes whose argument operands are chosen by the C compiler.
 *
 * The notes are written by tprobe.h's TPROBE: each argument becomes an asm operand with the
 * "nor" constraint, so the compiler prints whatever form it has the value in (register of the
 * value's width, stack slot, %rip-relative global, %fs TLS, immediate). Built with gcc and clang at -O0 and -O2 this exercises the forms
 * real binaries contain.
 *
 *   ./argtypes EXPECTFILE    hits every probe once and writes to EXPECTFILE the line a correct
 *                            argument reader prints for each hit: "argtypes:NAME: V0 V1 ..."
 *                            (signed decimal, unsigned decimal, or %g for floating point). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>


#define TPROBE_PROVIDER "argtypes"
#include "tprobe.h"

static FILE *expect;

struct pair { short a; long b; };

int g_int = -31337;
static unsigned char g_bytes[8] = {1, 2, 3, 250, 5, 6, 7, 8};
long g_longs[4] = {-1, -2, -3, -4};
__thread int t_int = -77;
__thread unsigned long t_arr[3] = {11, 22, 33};
double g_double = -6.75;

__attribute__((noinline)) static void p_ints(char c, unsigned char uc, short s, unsigned short us,
					     int i, unsigned u, long l, unsigned long ul)
{
	TPROBE("ints", TA(0) " " TA(1) " " TA(2) " " TA(3) " " TA(4) " " TA(5) " " TA(6) " " TA(7),
	       TOP(0, c), TOP(1, uc), TOP(2, s), TOP(3, us), TOP(4, i), TOP(5, u), TOP(6, l),
	       TOP(7, ul));
	fprintf(expect, "argtypes:ints: %d %u %d %u %d %u %ld %lu\n", c, uc, s, us, i, u, l, ul);
}

__attribute__((noinline)) static void p_mem(const struct pair *p, int idx)
{
	TPROBE("mem", TA(0) " " TA(1) " " TA(2) " " TA(3) " " TA(4) " " TA(5),
	       TOP(0, p->a), TOP(1, p->b), TOP(2, g_int), TOP(3, g_bytes[idx]), TOP(4, g_longs[idx & 3]),
	       TOP(5, g_longs[2]));
	fprintf(expect, "argtypes:mem: %d %ld %d %u %ld %ld\n", p->a, p->b, g_int, g_bytes[idx],
		g_longs[idx & 3], g_longs[2]);
}

/* The probe is the only use of the TLS values here, so the compiler can hand the asm the
 * %fs-relative memory operand itself instead of a register it loaded. */
__attribute__((noinline)) static void p_tls(void)
{
	TPROBE("tls", TA(0) " " TA(1) " " TA(2) " " TA(3), TOP(0, t_int), TOP(1, t_arr[1]),
	       TOP(2, t_arr[2]), TOP(3, g_longs[1]));
}

__attribute__((noinline)) static void p_float(float f, double d)
{
	TPROBE("float", TAF(0) " " TAF(1) " " TAF(2), TOP(0, f), TOP(1, d), TOP(2, g_double));
	fprintf(expect, "argtypes:float: %g %g %g\n", (double)f, d, g_double);
}

__attribute__((noinline)) static void p_consts(void)
{
	TPROBE("consts", TA(0) " " TA(1) " " TA(2) " " TA(3), TOP(0, 42), TOP(1, -7),
	       TOP(2, (unsigned char)200), TOP(3, (long)-5000000000));
	fprintf(expect, "argtypes:consts: 42 -7 200 -5000000000\n");
}

__attribute__((noinline)) static void p_ptrs(const int *ip, const char *str, _Bool flag)
{
	uintptr_t a = (uintptr_t)ip, b = (uintptr_t)str;
	TPROBE("ptrs", TA(0) " " TA(1) " " TA(2), TOP(0, a), TOP(1, b), TOP(2, flag));
	fprintf(expect, "argtypes:ptrs: %lu %lu %u\n", (unsigned long)a, (unsigned long)b,
		(unsigned)flag);
}

/* Twelve arguments at once: more than fit in argument registers, so some live on the stack
 * or in callee-saved registers at -O2. */
__attribute__((noinline)) static void p_many(long a, long b, long c, long d, long e, long f,
					     long g, long h, int i, short j, signed char k,
					     unsigned l)
{
	TPROBE("many", TA(0) " " TA(1) " " TA(2) " " TA(3) " " TA(4) " " TA(5) " " TA(6) " " TA(7)
	       " " TA(8) " " TA(9) " " TA(10) " " TA(11),
	       TOP(0, a), TOP(1, b), TOP(2, c), TOP(3, d), TOP(4, e), TOP(5, f), TOP(6, g), TOP(7, h),
	       TOP(8, i), TOP(9, j), TOP(10, k), TOP(11, l));
	fprintf(expect, "argtypes:many: %ld %ld %ld %ld %ld %ld %ld %ld %d %d %d %u\n",
		a, b, c, d, e, f, g, h, i, j, k, l);
}

int main(int argc, char **argv)
{
	/* Values go through volatile so -O2 cannot turn every probe into constants. */
	volatile int seed = 3;
	struct pair pr = {-300, 0x7edcba9876543210L};
	static const char msg[] = "hello";

	if (argc != 2) {
		fprintf(stderr, "usage: argtypes EXPECTFILE\n");
		return 2;
	}
	expect = fopen(argv[1], "w");
	if (!expect) {
		perror(argv[1]);
		return 1;
	}
	p_ints((char)(seed - 8), (unsigned char)(seed + 247), (short)(seed * -411 - 1),
	       (unsigned short)(seed * 20000), seed * -33333 - 1, 4000000000u + (unsigned)seed - 3,
	       -5000000000L + seed - 3, 18000000000000000000ul + (unsigned long)seed - 3);
	p_mem(&pr, seed);
	p_tls();
	fprintf(expect, "argtypes:tls: %d %lu %lu %ld\n", t_int, t_arr[1], t_arr[2], g_longs[1]);
	p_float((float)seed * -0.5f, seed * 1.25);
	p_consts();
	p_ptrs(&g_int, msg, seed == 3);
	p_many(-1, 2, -3, 4, -5, 6, -7, 8, -9 * seed, (short)(-1000 - seed), (signed char)(seed - 100),
	       0xfffffff0u + (unsigned)seed);
	fclose(expect);
	return 0;
}
