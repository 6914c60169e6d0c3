/* target.c — the traced program for tests/tools/bpf_selftest.c.
 *   target calls N         calls bt_a(1000+i), bt_b(2000+i), bt_c(3000+i) for i = 0..N-1
 *                          (bt_b returns its argument + 1)
 *   target sem STATEFILE   every 5 ms writes "1" or "0" (USDT_ENABLED(bt, tick)) at the start
 *                          of STATEFILE and fires bt:tick when enabled; stops after 60 s or
 *                          when STATEFILE.stop exists
 *   target str FILE [touch] writes FILE (8 MiB, a string at 6 MiB), maps it read-only and passes
 *                          the string's address to bt_str without touching that page first
 *                          (unless "touch") */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

USDT_DEFINE_SEMAPHORE(bt, tick);

#define NOINLINE __attribute__((noinline, noipa, used))

NOINLINE long bt_a(long x) { __asm__ volatile("" : "+r"(x)); return x * 2; }
NOINLINE long bt_b(long x) { __asm__ volatile("" : "+r"(x)); return x + 1; }
NOINLINE long bt_c(long x) { __asm__ volatile("" : "+r"(x)); return x - 1; }
NOINLINE long bt_str(const char *p) { __asm__ volatile("" : : "r"(p) : "memory"); return 0; }

#define STR_FILE_SIZE (8L << 20)
#define STR_OFFSET (6L << 20)

static int do_sem(const char *state)
{
	char stop[4096];
	int fd = open(state, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0) { perror(state); return 1; }
	snprintf(stop, sizeof(stop), "%s.stop", state);
	for (long i = 0; i < 12000 && access(stop, F_OK) != 0; i++) {
		char c = USDT_ENABLED(bt, tick) ? '1' : '0';
		if (pwrite(fd, &c, 1, 0) != 1) { perror("pwrite"); return 1; }
		if (c == '1')
			USDT_WITH_SEMAPHORE(bt, tick, i);
		struct timespec ts = { 0, 5 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
	close(fd);
	return 0;
}

static int do_str(const char *path, int touch)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	char text[64];

	if (fd < 0 || ftruncate(fd, STR_FILE_SIZE) < 0) { perror(path); return 1; }
	snprintf(text, sizeof(text), "usdtrace-sleepable-%d", (int)getpid());
	if (pwrite(fd, text, strlen(text) + 1, STR_OFFSET) != (ssize_t)strlen(text) + 1) {
		perror("pwrite");
		return 1;
	}
	char *map = mmap(NULL, STR_FILE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED) { perror("mmap"); return 1; }
	/* No read-ahead mapping of neighbours: the page must be absent from our page tables. */
	madvise(map, STR_FILE_SIZE, MADV_RANDOM);
	const char *p = map + STR_OFFSET;
	if (touch && p[0] != 'u') { fprintf(stderr, "file content wrong\n"); return 1; }
	bt_str(p);
	munmap(map, STR_FILE_SIZE);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "calls") == 0) {
		long n = atol(argv[2]), sum = 0;
		for (long i = 0; i < n; i++)
			sum += bt_a(1000 + i) + bt_b(2000 + i) + bt_c(3000 + i);
		printf("%ld\n", sum);
		return 0;
	}
	if (argc >= 3 && strcmp(argv[1], "sem") == 0)
		return do_sem(argv[2]);
	if (argc >= 3 && strcmp(argv[1], "str") == 0)
		return do_str(argv[2], argc >= 4 && strcmp(argv[3], "touch") == 0);
	fprintf(stderr, "usage: target calls N | sem STATEFILE | str FILE [touch]\n");
	return 2;
}
