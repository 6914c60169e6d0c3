/* pidspin.c — a long-running process for -p, pid$1 and SIGKILL tests (tests/sh/pid_proc.sh).
 *
 *   pidspin PROGRESS GO STOP M
 *
 * Loops calling sp_step(acc, i), and checks each result against the same computation done
 * inline, until the file STOP exists. Every 4096 iterations it writes the iteration count to
 * the file PROGRESS (rewritten in place) and sleeps 100 us. Once the file GO exists it calls
 * sp_count(j) exactly M times (j = 0..M-1), then goes on looping: a tracer attached before GO
 * sees exactly M calls of sp_count. At STOP it prints "ok ITERATIONS sp_count M" and exits 0,
 * or, as soon as a result is wrong, prints "bad at ITERATION" and exits 1. Gives up (exit 4)
 * after 60 s. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long counted;

__attribute__((noinline)) unsigned long sp_step(unsigned long acc, unsigned long i)
{
	return (acc ^ (i << 7)) * 0x100000001b3UL + i;
}

__attribute__((noinline)) long sp_count(long j)
{
	counted++;
	return j * 2;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: pidspin PROGRESS GO STOP M\n");
		return 2;
	}
	long m = atol(argv[4]);
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror("pidspin: open");
		return 2;
	}
	unsigned long acc = 1, i = 0;
	int gone = 0;
	time_t start = time(NULL);
	for (;; i++) {
		unsigned long want = (acc ^ (i << 7)) * 0x100000001b3UL + i;
		acc = sp_step(acc, i);
		if (acc != want) {
			printf("bad at %lu\n", i);
			return 1;
		}
		if (i % 4096 != 0)
			continue;
		char buf[32];
		int len = snprintf(buf, sizeof buf, "%lu\n", i);
		if (pwrite(fd, buf, (size_t)len, 0) != len)
			return 3;
		if (!gone && access(argv[2], F_OK) == 0) {
			for (long j = 0; j < m; j++)
				if (sp_count(j) != j * 2) {
					printf("bad sp_count at %ld\n", j);
					return 1;
				}
			gone = 1;
		}
		if (access(argv[3], F_OK) == 0)
			break;
		if (time(NULL) - start > 60) {
			fprintf(stderr, "pidspin: no %s after 60 s\n", argv[3]);
			return 4;
		}
		struct timespec t = { 0, 100000 };
		nanosleep(&t, NULL);
	}
	printf("ok %lu sp_count %ld\n", i, counted);
	return 0;
}
