/* getppid_loop.c — N getppid() system calls in a loop, timed in the thread's CPU time (user and
 * kernel, probes included; time the machine's other load takes from it left out): writes
 * "ns <loop nanoseconds>" to
 * the file named by its second argument (bench/lib.sh's fire_run protocol). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: getppid_loop N REPORT-FILE\n");
		return 2;
	}
	long n = atol(argv[1]);
	struct timespec a, b;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);   /* the C library may cache nothing here, but be explicit */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
	FILE *f = fopen(argv[2], "w");
	if (!f)
		return 1;
	fprintf(f, "ns %lld\n", (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec));
	return fclose(f) != 0;
}
