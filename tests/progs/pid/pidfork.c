/* pidfork.c — a process that forks a child calling the same traced function, for
 * tests/sh/pid_proc.sh: the child is not traced (dtrace's pid provider follows one process),
 * and is not harmed, even though it leaves pf_spawn() — entered in the traced parent, return
 * probe armed — through that function's return.
 *
 *   pidfork N
 *
 * The parent calls pf_forked() N times, then pf_spawn(), which forks. The child returns 0 from
 * pf_spawn, calls pf_forked() 2N times, prints "child: pf_forked 2N, pf_spawn 0, sum S" and
 * exits 7.
 * The parent gets the child's pid from pf_spawn, waits for it, calls pf_forked() N more times,
 * and prints "parent: pf_forked 2N, sum S, child exit 7" (S: the sum of pf_forked's return values
 * in that process). Exit status 0. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static long forked_calls;

__attribute__((noinline)) long pf_forked(long k)
{
	forked_calls++;
	return k + 1;
}

__attribute__((noinline)) long pf_spawn(void)
{
	fflush(stdout);
	pid_t p = fork();
	return p;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 3, sum = 0;

	for (long k = 0; k < n; k++)
		sum += pf_forked(k);
	long child = pf_spawn();
	if (child < 0) {
		perror("pidfork: fork");
		return 1;
	}
	if (child == 0) {
		forked_calls = 0;
		for (long k = 0; k < 2 * n; k++)
			sum += pf_forked(k);
		printf("child: pf_forked %ld, pf_spawn %ld, sum %ld\n", forked_calls, child, sum);
		fflush(stdout);
		_exit(7);
	}
	int st;
	if (waitpid((pid_t)child, &st, 0) != child)
		return 1;
	for (long k = 0; k < n; k++)
		sum += pf_forked(k);
	printf("parent: pf_forked %ld, sum %ld, child exit %d\n", forked_calls, sum,
	       WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st));
	return 0;
}
