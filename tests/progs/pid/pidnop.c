/* pidnop.c — functions whose first bytes the pid provider can place an optimisable probe on,
 * for tests/sh/pid_sites.sh. Built with -pg -mfentry -mnop-mcount (and -fcf-protection), work()
 * starts with [endbr64] nopl 0(%rax,%rax,1); padded() is hand-written: a 5-byte nop inside it,
 * after it has stored a local in its red zone, which a probe must not be put on.
 *
 *   pidnop N [HOLD]
 *
 * Calls work(i) and padded(i) for i in 0..N-1, prints "sum S" (the sum of work's results) and
 * "check C" (padded's red-zone round trips that came back intact, N when all did); with HOLD,
 * then waits (at most 60 s) for the file HOLD to exist. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

__attribute__((noinline)) long work(long x)
{
	return x * 3 + 1;
}

/* padded(x): stores x below %rsp (the red zone), runs a 5-byte nop, reads it back: returns 1
 * when the value survived. A leaf function may do this; a call written over the nop would
 * push its return address over the stored value. */
long padded(long x);
__asm__(".text\n"
	".globl padded\n"
	".type padded,@function\n"
	".balign 16\n"
	"padded:\n\t"
	"movq %rdi, -8(%rsp)\n\t"
	".byte 0x0f,0x1f,0x44,0x00,0x00\n\t"
	"xorl %eax, %eax\n\t"
	"cmpq %rdi, -8(%rsp)\n\t"
	"sete %al\n\t"
	"ret\n"
	".size padded, .-padded\n");

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	long n = atol(argv[1]), sum = 0, check = 0;
	for (long i = 0; i < n; i++) {
		sum += work(i);
		check += padded(i);
	}
	printf("sum %ld\ncheck %ld\n", sum, check);
	fflush(stdout);
	for (int waited = 0; argc > 2 && access(argv[2], F_OK) != 0 && waited < 6000; waited++) {
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	return 0;
}
