/* manymain.c — dlopen()s DIR/lib0.so ... DIR/lib(N-1).so (copies of manylib.c, each its own
 * file, so each its own executable mapping), then calls through copy K to a USDT probe, for
 * ustack_manylibs.sh: a process with more executable mappings than the walk's table of one
 * process holds.  Usage: manymain DIR N K */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>

volatile int sink;

__attribute__((noinline)) static int at_probe(int x)
{
	DTRACE_PROBE1(manylib, hit, x);
	sink = x;
	return x;
}

static int cmp(const void *a, const void *b)
{
	return at_probe(*(const int *)a) - *(const int *)b;
}

int main(int argc, char **argv)
{
	if (argc != 4)
		return 2;
	int n = atoi(argv[2]), k = atoi(argv[3]);
	int (*call)(int (*)(int), int) = NULL;
	char path[4096];
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/lib%d.so", argv[1], i);
		void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
		if (i == k)
			call = (int (*)(int (*)(int), int))dlsym(h, "manylib_call");
	}
	int s = 0;
	for (int i = 0; i < 50; i++) {
		int v[2] = { i, 1 };
		if (call)
			s += call(at_probe, i);
		else
			qsort(v, 2, sizeof v[0], cmp);
	}
	return s == 1;
}
