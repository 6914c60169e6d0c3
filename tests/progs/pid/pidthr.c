/* pidthr.c — threads, signals and heavy calls of traced functions, for the "never harmed"
 * test (tests/sh/pid_proc.sh): its stdout and exit status must be the same traced and untraced.
 *
 *   pidthr THREADS CALLS [GO]
 *
 * If GO is given, waits first (at most 30 s) for the file GO to exist, so a tracer can attach
 * with -p meanwhile. Then THREADS threads each call pt_work() CALLS times, folding its results
 * into a checksum; pt_work keeps scratch data below the stack pointer (the red zone) at -O2,
 * so a probe that disturbed registers, flags, the stack or the red zone changes the checksum.
 * Every 1000 calls a thread sends itself SIGUSR1 (handled before pthread_kill returns, so
 * THREADS * CALLS / 1000 times in all); meanwhile an interval timer sends SIGALRM every
 * millisecond. Both handlers call the traced function pt_on_signal(). After the threads end,
 * main waits (at most 5 s) for at least one SIGALRM.
 * stdout (the same on every run): each thread's checksum, the SIGUSR1 count, whether SIGALRM
 * was handled, the number of pt_work calls. stderr: "pt_on_signal N", every call of it
 * (SIGALRMs included: not the same from run to run), for the tracer's count.
 * Exit status 5 (so a test sees it is this program's), 2 for bad usage, 4 when GO never came. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static atomic_long signal_calls, usr1_handled, alrm_handled;
static long calls;

__attribute__((noinline)) unsigned long pt_work(unsigned long x, unsigned long i)
{
	volatile unsigned long scratch[6];

	for (int k = 0; k < 6; k++)
		scratch[k] = x + i * (unsigned long)k;
	unsigned long r = (x ^ i) * 0x9e3779b97f4a7c15UL + (x >> 29);
	for (int k = 0; k < 6; k++)
		r += scratch[k] >> k;
	return r;
}

/* The test first, so the first instruction is not a lock-prefixed one (uprobes cannot be put on
 * those: tests/progs/pid/pidlock.c is the program for that case). */
__attribute__((noinline)) void pt_on_signal(int signo)
{
	if (signo == SIGUSR1)
		atomic_fetch_add(&usr1_handled, 1);
	else
		atomic_fetch_add(&alrm_handled, 1);
	atomic_fetch_add(&signal_calls, 1);
}

static void handler(int signo)
{
	pt_on_signal(signo);
}

static void *thread_main(void *arg)
{
	unsigned long sum = (unsigned long)arg * 1000003UL;

	for (long i = 0; i < calls; i++) {
		sum = pt_work(sum, (unsigned long)i);
		if (i % 1000 == 999)
			pthread_kill(pthread_self(), SIGUSR1);
	}
	return (void *)sum;
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: pidthr THREADS CALLS [GO]\n");
		return 2;
	}
	int nthreads = atoi(argv[1]);
	calls = atol(argv[2]);
	if (nthreads < 1 || nthreads > 64 || calls < 0) {
		fprintf(stderr, "pidthr: bad THREADS or CALLS\n");
		return 2;
	}
	for (int waited = 0; argc == 4 && access(argv[3], F_OK) != 0; waited++) {
		if (waited > 3000) {
			fprintf(stderr, "pidthr: no %s after 30 s\n", argv[3]);
			return 4;
		}
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
	setitimer(ITIMER_REAL, &it, NULL);

	pthread_t th[64];
	for (int t = 0; t < nthreads; t++)
		if (pthread_create(&th[t], NULL, thread_main, (void *)(long)t) != 0) {
			fprintf(stderr, "pidthr: pthread_create failed\n");
			return 1;
		}
	for (int t = 0; t < nthreads; t++) {
		void *r;
		pthread_join(th[t], &r);
		printf("thread %d checksum %016lx\n", t, (unsigned long)r);
	}
	for (int waited = 0; atomic_load(&alrm_handled) == 0 && waited < 500; waited++) {
		struct timespec ten_ms = { 0, 10000000 };
		nanosleep(&ten_ms, NULL);
	}
	struct itimerval off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &off, NULL);
	printf("usr1 handled %ld\n", atomic_load(&usr1_handled));
	printf("alarm handled: %s\n", atomic_load(&alrm_handled) > 0 ? "yes" : "no");
	printf("pt_work calls %ld\n", calls * nthreads);
	fflush(stdout);
	fprintf(stderr, "pt_on_signal %ld\n", atomic_load(&signal_calls));
	return 5;
}
