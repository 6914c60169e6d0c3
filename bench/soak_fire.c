/* soak_fire.c — the load of bench/soak.sh: USDT probes fired as fast as one CPU can.
 *   soak_fire loop SECONDS          fire soak:::fire(i, key) in a loop for SECONDS, then print
 *                                   "fired N" (key: i scrambled into 0..99999)
 *   soak_fire forkexec SECONDS      for SECONDS, fork and exec "soak_fire child 2000" one after
 *                                   the other (each fires 2000 times and exits 0); then print
 *                                   "children N fired N" (a child that fails is counted)
 *   soak_fire child N               fire N times, exit 0
 * SIGTERM ends loop and forkexec early (they print their counts as at the end). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

__attribute__((noinline)) static long fire(long i)
{
	long key = (i * 2654435761L) % 100000;
	if (key < 0)
		key = -key;
	USDT(soak, fire, i, key);
	return key;
}

static long fire_n(long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += fire(i);
	return s;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "child") == 0) {
		fire_n(atol(argv[2]));
		return 0;
	}
	if (argc != 3)
		return 2;
	signal(SIGTERM, on_term);
	double end = now() + atof(argv[2]);
	long fired = 0, children = 0, failed = 0;
	if (strcmp(argv[1], "loop") == 0) {
		while (!stop && now() < end) {
			fire_n(10000);
			fired += 10000;
		}
		printf("fired %ld\n", fired);
		return 0;
	}
	if (strcmp(argv[1], "forkexec") == 0) {
		while (!stop && now() < end) {
			pid_t p = fork();
			if (p == 0) {
				execl("/proc/self/exe", argv[0], "child", "2000", (char *)NULL);
				_exit(127);
			}
			int st;
			if (p < 0 || waitpid(p, &st, 0) != p || !WIFEXITED(st) || WEXITSTATUS(st))
				failed++;
			children++;
			fired += 2000;
		}
		printf("children %ld failed %ld fired %ld\n", children, failed, fired);
		return failed != 0;
	}
	return 2;
}
