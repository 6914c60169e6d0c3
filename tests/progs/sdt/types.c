/* types.c — fires probes with 0..12 arguments of every C scalar type and prints, for each
 * probe, the values it passed, one line per probe: "NAME v1 v2 ...". The shell tests compare
 * these lines with what readers (bpftrace, gdb) report at the probe, and compare the argument
 * strings readelf shows with the sizes and signs the types demand.
 * Valid C and C++ (tests build it both ways, with -x c++), so one source covers both front ends.
 * Inputs come through volatile globals so that -O2 cannot fold them all into immediates; the
 * "consts" probe passes literal constants on purpose to get immediate operands. */
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include "usdtrace/sdt.h"

enum color { RED, GREEN, BLUE };        /* unsigned underlying type: "4@" */
enum delta { DOWN = -1, UP = 1 };       /* signed underlying type: "-4@" */
struct point { int x; long y; };

volatile int8_t in_i8 = -5;
volatile int16_t in_i16 = -300;
volatile int32_t in_i32 = -70000;
volatile int64_t in_i64 = -5000000000LL;
volatile char in_char = 'x';
volatile long in_long = -9;
volatile uint8_t in_u8 = 200;
volatile uint16_t in_u16 = 60000;
volatile uint32_t in_u32 = 4000000000u;
volatile uint64_t in_u64 = 9223372036854775813ull;
volatile bool in_bool = true;
volatile size_t in_size = 42;
volatile float in_float = 1.5f;
volatile double in_double = -2.25;
volatile long double in_ldouble = 3.5L;
volatile int in_base = 100;

long g_long = -123456789;
short g_short = -2;
unsigned char g_uchar = 250;
__thread int t_int = 77;

USDT_DEFINE_SEMAPHORE(sdt, sem);
USDT_DEFINE_SEMAPHORE(sdt, lazy);

static int evaluations;
static int bump(void) { return ++evaluations; }

static void fire_scalars(void)
{
	int8_t i8 = in_i8; int16_t i16 = in_i16; int32_t i32 = in_i32; int64_t i64 = in_i64;
	char c = in_char; long l = in_long;
	uint8_t u8 = in_u8; uint16_t u16 = in_u16; uint32_t u32 = in_u32; uint64_t u64 = in_u64;
	bool b = in_bool; size_t sz = in_size;

	USDT(sdt, signed, i8, i16, i32, i64, c, l);
	printf("signed %d %d %d %lld %d %ld\n", i8, i16, i32, (long long)i64, c, l);
	USDT(sdt, unsigned, u8, u16, u32, u64, b, sz);
	printf("unsigned %u %u %u %llu %u %zu\n", u8, u16, u32, (unsigned long long)u64, b, sz);
	USDT(sdt, consts, (int8_t)-1, (uint8_t)200, (uint16_t)65535, (uint32_t)4000000000u, -3,
		(uint64_t)18446744073709551615ull);
	printf("consts -1 200 65535 4000000000 -3 18446744073709551615\n");
}

static void fire_pointers(void)
{
	static struct point pt = { 3, 7 };
	struct point *pp = &pt;
	static const char *str = "hello";
	static char arr[4] = "arr";
	enum color col = (enum color)(in_base - 99);   /* GREEN */
	enum delta d = (enum delta)(in_base - 101);    /* DOWN */

	USDT(sdt, ptrs, pp, str, arr, col, d, pp->y);
	printf("ptrs %lu hello arr %u %d %ld\n", (unsigned long)pp, (unsigned)col, (int)d, pp->y);
	USDT(sdt, global, g_long, g_short);
	printf("global %ld %d\n", g_long, g_short);
	USDT(sdt, tls, t_int);
	printf("tls %d\n", t_int);
}

/* Arguments the compiler can name in place, with nothing else in the function needing them in
 * a register: gcc -O2 writes "g_long(%rip)" and "%fs:t_int@tpoff" (local-exec TLS). */
__attribute__((noinline)) static void fire_memory_forms(void)
{
	USDT(sdt, memglobal, g_long, g_short, g_uchar);
	USDT(sdt, memtls, t_int);
}

static void fire_floats(void)
{
	float f = in_float; double d = in_double; long double ld = in_ldouble;

	USDT(sdt, floats, f, d, ld, 0.5);
	printf("floats %g %g %g %g\n", f, d, (double)ld, 0.5);
}

/* Every fixed arity, arguments base+1 .. base+n. */
static void fire_arities(void)
{
	int v = in_base;

	DTRACE_PROBE(sdt, n0);
	printf("n0\n");
	DTRACE_PROBE1(sdt, n1, v + 1);
	printf("n1 %d\n", v + 1);
	DTRACE_PROBE2(sdt, n2, v + 1, v + 2);
	printf("n2 %d %d\n", v + 1, v + 2);
	DTRACE_PROBE3(sdt, n3, v + 1, v + 2, v + 3);
	printf("n3 %d %d %d\n", v + 1, v + 2, v + 3);
	DTRACE_PROBE4(sdt, n4, v + 1, v + 2, v + 3, v + 4);
	printf("n4 %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4);
	DTRACE_PROBE5(sdt, n5, v + 1, v + 2, v + 3, v + 4, v + 5);
	printf("n5 %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5);
	DTRACE_PROBE6(sdt, n6, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6);
	printf("n6 %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5, v + 6);
	DTRACE_PROBE7(sdt, n7, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7);
	printf("n7 %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7);
	DTRACE_PROBE8(sdt, n8, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8);
	printf("n8 %d %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7,
		v + 8);
	DTRACE_PROBE9(sdt, n9, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, v + 9);
	printf("n9 %d %d %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7,
		v + 8, v + 9);
	DTRACE_PROBE10(sdt, n10, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, v + 9,
		v + 10);
	printf("n10 %d %d %d %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5, v + 6,
		v + 7, v + 8, v + 9, v + 10);
	DTRACE_PROBE11(sdt, n11, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, v + 9,
		v + 10, v + 11);
	printf("n11 %d %d %d %d %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5,
		v + 6, v + 7, v + 8, v + 9, v + 10, v + 11);
	DTRACE_PROBE12(sdt, n12, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7, v + 8, v + 9,
		v + 10, v + 11, v + 12);
	printf("n12 %d %d %d %d %d %d %d %d %d %d %d %d\n", v + 1, v + 2, v + 3, v + 4, v + 5,
		v + 6, v + 7, v + 8, v + 9, v + 10, v + 11, v + 12);
}

/* Twelve arguments of twelve types through the variadic form. */
static void fire_mixed(void)
{
	int8_t i8 = in_i8; uint8_t u8 = in_u8; int16_t i16 = in_i16; uint16_t u16 = in_u16;
	int32_t i32 = in_i32; uint32_t u32 = in_u32; int64_t i64 = in_i64; uint64_t u64 = in_u64;
	char c = in_char; bool b = in_bool; long l = in_long; size_t sz = in_size;

	USDT(sdt, v0);
	printf("v0\n");
	USDT(sdt, v12, i8, u8, i16, u16, i32, u32, i64, u64, c, b, l, sz);
	printf("v12 %d %u %d %u %d %u %lld %llu %d %u %ld %zu\n", i8, u8, i16, u16, i32, u32,
		(long long)i64, (unsigned long long)u64, c, b, l, sz);
}

static void fire_semaphore(void)
{
	int v = in_base;

	USDT_WITH_SEMAPHORE(sdt, sem, v, v + 1);
	printf("sem %d %d\n", v, v + 1);
	USDT_GUARDED(sdt, sem, v + 2);
	printf("enabled %d\n", USDT_ENABLED(sdt, sem) ? 1 : 0);
	/* The macros mention each argument many times (in sizeof, __typeof__, ...) but must
	 * evaluate it exactly once; a guarded probe's arguments only while it is traced. */
	USDT(sdt, once, bump());
	printf("once %d\n", evaluations);
	USDT_GUARDED(sdt, lazy, bump());
	printf("evaluations %d\n", evaluations);
}

int main(void)
{
	fire_scalars();
	fire_pointers();
	fire_memory_forms();
	printf("memglobal %ld %d %u\nmemtls %d\n", g_long, g_short, g_uchar, t_int);
	fire_floats();
	fire_arities();
	fire_mixed();
	fire_semaphore();
	return 0;
}
