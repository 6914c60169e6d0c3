/* notable.c — a process whose stack a frame-pointer step gets wrong (tests/sh/ustack_notable.sh).
 * spin (below, in assembly with its CFI) keeps %rbp as a general register pointing at a fake
 * frame in main's locals: a saved %rbp of 0 and a return address inside never_called, which is
 * never called. The unwind rows give spin -> main -> libc -> _start; a frame-pointer step from
 * spin prints never_called, a frame that is not on the stack. Run as `notable MS`: spins for
 * about MS milliseconds of CPU time. */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

void spin(const uint64_t *fake, uint64_t n);
__asm__("\t.text\n"
	"\t.globl spin\n"
	"\t.type spin, @function\n"
	"spin:\n"
	"\t.cfi_startproc\n"
	"\tpushq %rbp\n"
	"\t.cfi_def_cfa_offset 16\n"
	"\t.cfi_offset %rbp, -16\n"
	"\tmovq %rdi, %rbp\n"
	"1:\tsubq $1, %rsi\n"
	"\tjnz 1b\n"
	"\tpopq %rbp\n"
	"\t.cfi_def_cfa_offset 8\n"
	"\tret\n"
	"\t.cfi_endproc\n"
	"\t.size spin, .-spin\n");

__attribute__((noinline, used)) void never_called(void)
{
	__asm__ volatile("nop; nop; nop; nop");
	abort();
}

static double cpu_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	double ms = argc > 1 ? atof(argv[1]) : 20;
	volatile uint64_t fake[2] = { 0, (uint64_t)(uintptr_t)never_called + 2 };
	double t0 = cpu_ms();
	while (cpu_ms() - t0 < ms)
		spin((const uint64_t *)fake, 200000);
	return (int)fake[0];
}
