/* shlib_main.c — calls the probed library (shlib_lib.c) N times (argv[1], default 3), every
 * 20 ms, printing the values it passed and whether the library's semaphore said "enabled", so
 * a test can attach a tracer to the running process and compare what each side saw. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int lib_work(int x);

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;

	for (int i = 1; i <= n; i++) {
		int enabled = lib_work(i);
		printf("plain %d %ld\n", i, (long)i * 3);
		printf("enabled %d\n", enabled);
		usleep(20000);
	}
	return 0;
}
