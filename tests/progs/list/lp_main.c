/* lp_main.c — a program with probes (provider lptest) linked against liblp.so (provider
 * lplib). `lp_main READYFILE` creates READYFILE once running and then waits to be killed;
 * without arguments it exits at once. The probe functions are never called: listing reads
 * the notes, it does not need the probes to fire. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

int lp_lib_call(int x);
USDT_DEFINE_SEMAPHORE(lptest, with__sem);

__attribute__((noinline)) long lp_work(int a, long b)
{
	/* two sites of one probe in one function: listed as one probe */
	USDT(lptest, function__entry, a, b);
	if (a > 3)
		b += a;
	USDT(lptest, function__entry, a, b);
	return b;
}

__attribute__((noinline)) void lp_other(int a)
{
	/* the same probe name in another function: a separate probe */
	USDT(lptest, function__entry, a, (long)a);
	USDT_WITH_SEMAPHORE(lptest, with__sem, a);
}

int main(int argc, char **argv)
{
	USDT(lptest, start);
	if (argc > 100) { /* never: keeps the probe functions and the library linked */
		lp_other(argc);
		return (int)lp_work(argc, 2) + lp_lib_call(argc);
	}
	if (argc < 2)
		return 0;
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	close(fd);
	for (;;)
		pause();
}
