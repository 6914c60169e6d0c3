/* runstat.c — run one command and report its wall time and peak resident set size.
 *
 *   runstat COMMAND [ARG...]
 *
 * Prints one line on stdout: "WALL_NS MAXRSS_KB STATUS", where WALL_NS is the time from just
 * before fork() to the return of wait4() (CLOCK_MONOTONIC), MAXRSS_KB the child's ru_maxrss
 * as wait4() reports it, and STATUS its exit status (128 + N if killed by signal N). The
 * command's own stdout and stderr go to /dev/null, so the line is all runstat prints there.
 * Exit status: 0 when the measurement was taken (whatever the command's status), 1 if the
 * command could not be started or waited for, 2 on a usage error. Used by bench/start.sh,
 * because /usr/bin/time is not always installed. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: runstat COMMAND [ARG...]\n");
		return 2;
	}

	/* A pipe closed on exec tells the parent whether execvp() failed, so a missing command
	 * is an error here rather than a fast "measurement" of a child that exits 127. */
	int errpipe[2];
	if (pipe2(errpipe, O_CLOEXEC) != 0) {
		fprintf(stderr, "runstat: pipe: %s\n", strerror(errno));
		return 1;
	}

	int64_t start = now_ns();
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "runstat: fork: %s\n", strerror(errno));
		return 1;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDWR);
		if (devnull >= 0) {
			dup2(devnull, STDIN_FILENO);
			dup2(devnull, STDOUT_FILENO);
			dup2(devnull, STDERR_FILENO);
		}
		execvp(argv[1], argv + 1);
		int err = errno;
		if (write(errpipe[1], &err, sizeof(err)) != (ssize_t)sizeof(err))
			_exit(127);
		_exit(127);
	}
	close(errpipe[1]);

	int status;
	struct rusage ru;
	pid_t got;
	do
		got = wait4(pid, &status, 0, &ru);
	while (got < 0 && errno == EINTR);
	int64_t end = now_ns();
	if (got < 0) {
		fprintf(stderr, "runstat: wait4: %s\n", strerror(errno));
		return 1;
	}

	int execerr;
	if (read(errpipe[0], &execerr, sizeof(execerr)) == (ssize_t)sizeof(execerr)) {
		fprintf(stderr, "runstat: cannot run %s: %s\n", argv[1], strerror(execerr));
		return 1;
	}

	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	printf("%lld %ld %d\n", (long long)(end - start), ru.ru_maxrss, code);
	return 0;
}
