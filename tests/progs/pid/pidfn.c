/* pidfn.c — functions with known arguments and known return values, for the pid provider's
 * tests (tests/sh/pid_basic.sh, pid_offsets.sh).
 *
 *   pidfn ROUNDS
 *
 * Each round calls every pf_* function once (pf_fact recursively) and getpid() once. The
 * program writes a transcript of what it did on stdout, one line per event, in the words the
 * tests' D scripts use to print the same events from pid probes:
 *     main                                   main() ran
 *     args10 A0 A1 ... A9                    pf_args10 entered with these arguments
 *     args10 -> R                            ... and returns R (their sum, a long)
 *     neg -> R                               pf_neg returns R (a negative int)
 *     fact N / fact -> R                     pf_fact(N) entered / returns R (N!)
 *     string S / string -> R                 pf_string(S) entered / returns strlen(S)
 *     struct X Y TAG LABEL / struct -> R     pf_struct(&point) entered / returns X * Y
 *     leaf K                                 pf_leaf(K), called by pf_caller
 *     getpid -> PID                          getpid() returned PID
 * Entry lines are printed inside the function, return lines just before it returns, so the
 * order is the order in which entry and return probes fire. Every pf_* function is external
 * and, with gcc, noipa (no clone, no inlining, no constant propagation into it), so the
 * symbol a probe names is the code that runs, at -O0 and -O2 alike; pf_fact calls itself
 * through a volatile pointer, so -O2 cannot turn the recursion into a loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__clang__)
#define PF_FN __attribute__((noinline, used))
#else
#define PF_FN __attribute__((noinline, noipa, used))
#endif

struct pf_point {
	int x;
	int y;
	long tag;
	const char *label;
};

PF_FN long pf_args10(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7,
		     long a8, long a9);
PF_FN int pf_neg(int k);
PF_FN long pf_fact(int n);
PF_FN size_t pf_string(const char *s);
PF_FN long pf_struct(const struct pf_point *p);
PF_FN int pf_leaf(int k);
PF_FN int pf_caller(int k);

long pf_args10(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8,
	       long a9)
{
	long r = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9;

	printf("args10 %ld %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", a0, a1, a2, a3, a4, a5, a6, a7,
	       a8, a9);
	printf("args10 -> %ld\n", r);
	return r;
}

int pf_neg(int k)
{
	int r = -7 * (k + 1);

	printf("neg -> %d\n", r);
	return r;
}

static long (*volatile pf_fact_ptr)(int) = pf_fact;

long pf_fact(int n)
{
	printf("fact %d\n", n);
	long r = n <= 1 ? 1 : n * pf_fact_ptr(n - 1);
	printf("fact -> %ld\n", r);
	return r;
}

size_t pf_string(const char *s)
{
	size_t r = strlen(s);

	printf("string %s\n", s);
	printf("string -> %zu\n", r);
	return r;
}

long pf_struct(const struct pf_point *p)
{
	long r = (long)p->x * p->y;

	printf("struct %d %d %ld %s\n", p->x, p->y, p->tag, p->label);
	printf("struct -> %ld\n", r);
	return r;
}

int pf_leaf(int k)
{
	printf("leaf %d\n", k);
	return k + 1;
}

int pf_caller(int k)
{
	return pf_leaf(k * 2) + 1;
}

int main(int argc, char **argv)
{
	static const char *const words[] = { "alpha", "bravo", "charlie delta", "" };
	int rounds = argc > 1 ? atoi(argv[1]) : 1;

	printf("main\n");
	for (int k = 0; k < rounds; k++) {
		long K = k;
		struct pf_point pt = { 3 + k, -4 - k, 0x123456789L + k, words[k % 4] };

		pf_args10(K, -1 - K, 1000 + K, -1000 - K, 0x100000000L + K, -0x100000000L - K, 6 + K, -7,
			  8 + K, -9 - K);
		pf_neg(k);
		pf_fact(5 + k % 2);
		pf_string(words[k % 4]);
		pf_struct(&pt);
		pf_caller(k);
		printf("getpid -> %d\n", (int)getpid());
	}
	fflush(stdout);
	return 0;
}
