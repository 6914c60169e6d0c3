/* piddl.c — shared-library functions as pid probes (tests/sh/pid_proc.sh).
 *
 *   piddl PLUGIN N [GO]
 *
 * Linked with libpidlib.so (pidlib.c): calls pl_add N times and pl_twice N times (each
 * pl_twice calls pl_add once more). Then, if GO is given, waits (at most 30 s) for the file GO
 * to exist, so a tracer can attach with -p meanwhile. Then loads PLUGIN (libpidplug.so,
 * pidplug.c) with dlopen(), calls its pp_mul N times, and pl_add N more times. Prints:
 *     pl_add CALLS
 *     pl_twice CALLS
 *     pp_mul CALLS
 *     sum S                  (of every return value, to check the calls returned right)
 * Exit status 0, 2 for bad usage, 3 when the plugin cannot be loaded, 4 when GO never came. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

long pl_add(long a, long b);
long pl_twice(long a);

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: piddl PLUGIN N [GO]\n");
		return 2;
	}
	long n = atol(argv[2]), sum = 0, adds = 0;
	for (long i = 0; i < n; i++) {
		sum += pl_add(i, 1);
		sum += pl_twice(i);
		adds += 2;
	}
	for (int waited = 0; argc == 4 && access(argv[3], F_OK) != 0; waited++) {
		if (waited > 3000) {
			fprintf(stderr, "piddl: no %s after 30 s\n", argv[3]);
			return 4;
		}
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	void *h = dlopen(argv[1], RTLD_NOW);
	long (*mul)(long, long) = h ? (long (*)(long, long))dlsym(h, "pp_mul") : NULL;
	if (!mul) {
		fprintf(stderr, "piddl: %s\n", dlerror());
		return 3;
	}
	for (long i = 0; i < n; i++) {
		sum += mul(i, 3);
		sum += pl_add(i, 2);
		adds++;
	}
	printf("pl_add %ld\npl_twice %ld\npp_mul %ld\nsum %ld\n", adds, n, n, sum);
	return 0;
}
