/* symkeys.c — code addresses as probe arguments, for usym()/uaddr()/ufunc()/umod() used
 * together in one aggregation key (tests/sh/usym_keys.sh).
 *
 *   symkeys
 *
 * Calls sk_report(fn, at) three times with (sk_alpha, sk_beta + 1) and three times with
 * (sk_beta, sk_alpha + 2), once with (sk_alpha, sk_alpha), then sleeps 3 s so that a tracer
 * stopping on the 7th call still finds the process alive to symbolize it. Built -O0: each
 * sk_* function is longer than 2 bytes, so sk_beta + 1 and sk_alpha + 2 lie inside them. */
#include <unistd.h>

__attribute__((noinline)) int sk_alpha(int x) { return x * 3 + 1; }
__attribute__((noinline)) int sk_beta(int x) { return x * 5 + 2; }
__attribute__((noinline)) void sk_report(void *fn, void *at) { __asm__ volatile("" :: "r"(fn), "r"(at)); }

int main(void)
{
	for (int i = 0; i < 3; i++) {
		sk_report((void *)sk_alpha, (char *)sk_beta + 1);
		sk_report((void *)sk_beta, (char *)sk_alpha + 2);
	}
	sk_report((void *)sk_alpha, (void *)sk_alpha);
	sleep(3);
	return sk_alpha(1) == 4 ? 0 : 1;
}
