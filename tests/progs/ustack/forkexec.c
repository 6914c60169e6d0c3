/* forkexec.c — short-lived traced processes for tests/sh/ustack_procs.sh.
 *   forkexec run N DONE PROGRESS    fork and exec "forkexec child" N times, one after the
 *                                   other, writing how many have exited so far to PROGRESS
 *                                   after each; then wait (at most 60 s) until the file DONE
 *                                   exists; exit 0 when every child exited 0
 *   forkexec child                  fire procs:fire once from main -> outer -> inner, exit
 * Built without frame pointers: a stack reaches _start only through the CFI walk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

__attribute__((noinline)) static void inner(long i)
{
	USDT(procs, fire, i);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void outer(long i)
{
	inner(i);
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "child") == 0) {
		outer(argc);
		return 0;
	}
	if (argc != 5 || strcmp(argv[1], "run") != 0)
		return 2;
	long n = atol(argv[2]);
	for (long k = 0; k < n; k++) {
		pid_t p = fork();
		if (p == 0) {
			execl("/proc/self/exe", argv[0], "child", (char *)NULL);
			_exit(127);
		}
		int st;
		if (p < 0 || waitpid(p, &st, 0) != p || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			return 1;
		FILE *f = fopen(argv[4], "w");
		if (f) {
			fprintf(f, "%ld\n", k + 1);
			fclose(f);
		}
	}
	for (int i = 0; i < 6000 && access(argv[3], F_OK) != 0; i++)
		usleep(10000);
	return 0;
}
