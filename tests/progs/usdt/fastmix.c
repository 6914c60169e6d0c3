/* fastmix.c — fires mix:::val from the executable (arg0 in %edi), then dlopen()s the library
 * built from fastmix.S and fires it from three sites holding arg0 in %edi, %esi and memory, then
 * from the executable again (see fastmix.S). With LIB:
 *   fastmix LIB    prints "sum S" (the sum of every value fired) when done
 * Values are negative ints, so a reader that does not sign-extend from 4 bytes is seen. */
#include <dlfcn.h>
#include <stdio.h>

long mixmain_fire(long v);

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: fastmix LIB\n");
		return 2;
	}
	long sum = 0;
	for (long i = 1; i <= 3; i++)
		sum += mixmain_fire(-i) - 1;
	void *h = dlopen(argv[1], RTLD_NOW);
	long (*same)(long) = h ? (long (*)(long))dlsym(h, "mixlib_same") : NULL;
	long (*other)(long) = h ? (long (*)(long))dlsym(h, "mixlib_other") : NULL;
	long (*mem)(long) = h ? (long (*)(long))dlsym(h, "mixlib_mem") : NULL;
	if (!same || !other || !mem) {
		fprintf(stderr, "fastmix: %s\n", dlerror());
		return 1;
	}
	for (long i = 1; i <= 3; i++) {
		sum += same(-1000 - i) - 1;
		sum += other(-2000 - i) - 1;
		sum += mem(-3000 - i) - 1;
	}
	sum += mixmain_fire(-9) - 1;
	printf("sum %ld\n", sum);
	return 0;
}
