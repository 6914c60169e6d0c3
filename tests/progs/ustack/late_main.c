/* late_main.c — the program of tests/sh/ustack_late.sh: main calls into a large library
 * (libbig.so, generated: big_call and tens of thousands of functions, no frame pointers) that
 * calls back spin here, which calls target every millisecond ARGV[1] times. A stack at target
 * runs target, spin, big_call (the large library), main, libc, _start. */
#include <stdlib.h>
#include <unistd.h>

void big_call(void (*fn)(void));

static int rounds;

__attribute__((noinline)) void target(int i)
{
	__asm__ volatile("" : : "r"(i) : "memory");
}

__attribute__((noinline)) static void spin(void)
{
	for (int i = 0; i < rounds; i++) {
		target(i);
		usleep(1000);
	}
}

int main(int argc, char **argv)
{
	rounds = argc > 1 ? atoi(argv[1]) : 1;
	big_call(spin);
	return 0;
}
