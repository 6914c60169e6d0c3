/* pidlock.c — a function whose first instruction carries a lock prefix, which uprobes refuse
 * (the kernel's instruction analysis returns ENOTSUPP), next to an ordinary one, for
 * tests/sh/pid_proc.sh: one function that cannot be probed must not keep the other probes of
 * the same description from working. Build it with -O2 (pl_locked is then a single
 * "lock add" and a ret; the test checks with objdump).
 *
 *   pidlock N
 *
 * Calls pl_locked() and pl_plain() N times each; prints "pl_locked N" and "pl_plain N". */
#include <stdio.h>
#include <stdlib.h>

static long locked_count, plain_count;

__attribute__((noinline)) void pl_locked(void)
{
	__atomic_fetch_add(&locked_count, 1, __ATOMIC_SEQ_CST);
}

__attribute__((noinline)) void pl_plain(void)
{
	plain_count++;
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10;

	for (long i = 0; i < n; i++) {
		pl_locked();
		pl_plain();
	}
	printf("pl_locked %ld\npl_plain %ld\n", locked_count, plain_count);
	return 0;
}
