/* sysload.c — a workload of known system calls, threads and signals for tests/sh/kprov.sh:
 *   sysload getppid N      N getppid() calls
 *   sysload open PATH N    N open(PATH, O_RDONLY) calls (closing what opens)
 *   sysload signal N       N SIGUSR1 sent to itself with kill(), each handled by a handler
 *   sysload threads N      N threads created and joined, each sleeping 10 ms
 *   sysload sleep N        N sleeps of 10 ms */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

static void nap(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	nanosleep(&ts, NULL);
}

static void *thread_main(void *arg)
{
	(void)arg;
	nap();
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: sysload getppid|open PATH|signal|threads|sleep N\n");
		return 2;
	}
	const char *what = argv[1];
	long n = atol(argv[argc - 1]);
	if (strcmp(what, "getppid") == 0) {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
	} else if (strcmp(what, "open") == 0 && argc == 4) {
		for (long i = 0; i < n; i++) {
			int fd = open(argv[2], O_RDONLY);
			if (fd >= 0)
				close(fd);
		}
	} else if (strcmp(what, "signal") == 0) {
		signal(SIGUSR1, on_usr1);
		for (long i = 0; i < n; i++)
			kill(getpid(), SIGUSR1);
		if (handled != n)
			return 1;
	} else if (strcmp(what, "threads") == 0) {
		for (long i = 0; i < n; i++) {
			pthread_t t;
			if (pthread_create(&t, NULL, thread_main, NULL) != 0)
				return 1;
			pthread_join(t, NULL);
		}
	} else if (strcmp(what, "sleep") == 0) {
		for (long i = 0; i < n; i++)
			nap();
	} else {
		fprintf(stderr, "sysload: unknown workload %s\n", what);
		return 2;
	}
	return 0;
}
