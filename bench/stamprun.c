/* stamprun.c — run one command with its stdout in a file, and say when it started.
 *
 *   stamprun OUT COMMAND [ARG...]
 *
 * Prints one line on stdout: "T0_NS WALL_NS STATUS": T0_NS is CLOCK_MONOTONIC just before
 * fork(), WALL_NS the time from then to the return of wait4(), STATUS the exit status (128 + N
 * if killed by signal N). The command's stdout goes to OUT, its stderr to OUT.err. Why: a tracer
 * whose BEGIN clause prints the monotonic clock (usdtrace's timestamp, bpftrace's nsecs, both
 * CLOCK_MONOTONIC) tells, against T0_NS, how long it took from start to having every probe
 * attached, apart from how long it then takes to detach and exit (bench/usdt.sh). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	char errpath[4096];
	int status;

	if (argc < 3) {
		fprintf(stderr, "usage: stamprun OUT COMMAND [ARG...]\n");
		return 2;
	}
	if (snprintf(errpath, sizeof errpath, "%s.err", argv[1]) >= (int)sizeof errpath) {
		fprintf(stderr, "stamprun: path too long\n");
		return 2;
	}
	int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int err = open(errpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0 || err < 0) {
		perror("stamprun: open");
		return 1;
	}
	long long t0 = now_ns();
	pid_t pid = fork();
	if (pid < 0) {
		perror("stamprun: fork");
		return 1;
	}
	if (pid == 0) {
		if (dup2(out, 1) < 0 || dup2(err, 2) < 0)
			_exit(127);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("stamprun: waitpid");
		return 1;
	}
	long long t1 = now_ns();
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	printf("%lld %lld %d\n", t0, t1 - t0, code);
	return 0;
}
