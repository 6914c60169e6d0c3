/* lockload.c — contended kernel locks for tests/sh/lockstat.sh. It prints its pid, waits for
 * a line on standard input (so tracers can start first), then:
 *   lockload pipe T N   T threads each write N 1-byte messages into one pipe that one more
 *                       thread drains: the pipe's mutex (struct pipe_inode_info.mutex) is
 *                       contended; prints the pipe's read descriptor
 *   lockload mmap N     one thread changes the protection of a populated 64 MB mapping 2N
 *                       times while another asks mincore() about a mapping: the address
 *                       space's mmap_lock (an rw_semaphore) is contended, writer and reader
 * and prints "done". */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int pfd[2];
static long n;
static volatile int stop;

static void *writer(void *a)
{
	(void)a;
	for (long i = 0; i < n; i++)
		if (write(pfd[1], "x", 1) != 1)
			break;
	return NULL;
}

static void *reader(void *a)
{
	(void)a;
	char buf[64];
	while (read(pfd[0], buf, sizeof(buf)) > 0)
		;
	return NULL;
}

static void *mapper(void *a)
{
	(void)a;
	/* mprotect() of a populated 64 MB mapping holds mmap_lock for writing while it rewrites
	 * every page table entry: long enough for the reader to wait */
	size_t len = 64 << 20;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		       -1, 0);
	if (m != MAP_FAILED) {
		for (long i = 0; i < n; i++) {
			mprotect(m, len, PROT_READ);
			mprotect(m, len, PROT_READ | PROT_WRITE);
		}
		munmap(m, len);
	}
	stop = 1;
	return NULL;
}

static void *querier(void *a)
{
	(void)a;
	size_t len = 64 << 20;
	char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return NULL;
	static unsigned char vec[(64 << 20) / 4096];
	/* mincore() holds mmap_lock for reading (page faults no longer do: they lock the VMA) */
	while (!stop)
		mincore(m, len, vec);
	munmap(m, len);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[1], "pipe") == 0 && argc != 4)) {
		fprintf(stderr, "usage: lockload pipe T N | mmap N\n");
		return 2;
	}
	printf("%d\n", (int)getpid());
	fflush(stdout);
	char line[16];
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	if (strcmp(argv[1], "pipe") == 0) {
		int t = atoi(argv[2]);
		n = atol(argv[3]);
		if (t < 1 || t > 64 || pipe(pfd) != 0)
			return 1;
		printf("%d\n", pfd[0]);
		fflush(stdout);
		pthread_t r, w[64];
		pthread_create(&r, NULL, reader, NULL);
		for (int i = 0; i < t; i++)
			pthread_create(&w[i], NULL, writer, NULL);
		for (int i = 0; i < t; i++)
			pthread_join(w[i], NULL);
		close(pfd[1]);
		pthread_join(r, NULL);
	} else {
		n = atol(argv[2]);
		pthread_t m, f;
		pthread_create(&f, NULL, querier, NULL);
		pthread_create(&m, NULL, mapper, NULL);
		pthread_join(m, NULL);
		pthread_join(f, NULL);
	}
	printf("done\n");
	return 0;
}
