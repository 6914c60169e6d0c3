/* late_main.c — the program of tests/sh/ustack_late.sh: main calls into a large library
 * (libbig.so, generated: big_call and tens of thousands of functions, no frame pointers) that
 * calls back spin here, which calls target every millisecond ARGV[1] times. A stack at target
 * runs target, spin, big_call (the large library), main, libc, _start. Built with
 * -DLATE_DLOPEN, it loads the library itself (path ARGV[2]) once running, as a plug-in. */
#include <stdlib.h>
#include <unistd.h>
#ifdef LATE_DLOPEN
#include <dlfcn.h>
#include <stdio.h>
#else
void big_call(void (*fn)(void));
#endif

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
#ifdef LATE_DLOPEN
	void *h = argc > 2 ? dlopen(argv[2], RTLD_NOW) : NULL;
	void (*big_call)(void (*)(void)) = h ? (void (*)(void (*)(void)))dlsym(h, "big_call") : NULL;
	if (!big_call) {
		fprintf(stderr, "late: %s\n", dlerror());
		return 1;
	}
#endif
	big_call(spin);
	return 0;
}
