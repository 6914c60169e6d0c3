/* statics.c — two translation units with static variables of the same names, each read by a
 * probe in a global function, so the reader must pick the right one of two equally named local
 * symbols. Built twice:
 *     cc -DSIDE=a -DSTART=111 -c statics.c -o a.o
 *     cc -DSIDE=b -DSTART=222 -DWITH_MAIN -c statics.c -o b.o
 *     cc -o statics a.o b.o
 * Probe test:a / test:b gets (counter, calls): the program calls f_a, f_b, f_a, so a correct
 * reader prints  a: START_a+1 6,  b: START_b+1 51,  a: START_a+12 7. */
#define TPROBE_PROVIDER "test"
#include "tprobe.h"

#define CAT_(x, y) x##y
#define CAT(x, y) CAT_(x, y)
#define STR_(x) #x
#define STR(x) STR_(x)

static long counter = START;

/* Static functions on both sides of the global one: the only hint, in a symbol table, of
 * which file's statics the global function sees. */
__attribute__((noinline)) static void CAT(before_, SIDE)(void) { counter += 1; }
__attribute__((noinline)) static void CAT(after_, SIDE)(void);

void CAT(f_, SIDE)(void)
{
	static int calls = 5 + 45 * (START > 200);
	CAT(before_, SIDE)();
	calls++;
	TPROBE(STR(SIDE), TA(0) " " TA(1), TOP(0, counter), TOP(1, calls));
	CAT(after_, SIDE)();
}

__attribute__((noinline)) static void CAT(after_, SIDE)(void) { counter += 10; }

#ifdef WITH_MAIN
void f_a(void);
int main(void)
{
	f_a();
	f_b();
	f_a();
	return 0;
}
#endif
