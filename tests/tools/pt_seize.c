/* pt_seize — another tracer: PTRACE_SEIZE every thread of a process for a while, as a
 * debugger would, passing every signal and stop on, so that usdtrace finds it traced
 * (tests/sh/usdt_ptrace.sh: the warning and the fallback).
 *
 * Usage: pt_seize PID SECONDS READYFILE   creates READYFILE once seized; exits after SECONDS
 * (the kernel detaches), or when the process is gone. Exit status 0, 1 if it cannot seize. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: pt_seize PID SECONDS READYFILE\n");
		return 2;
	}
	pid_t pid = (pid_t)atoi(argv[1]);
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	DIR *d = opendir(path);
	if (!d) {
		perror(path);
		return 1;
	}
	struct dirent *e;
	int n = 0;
	while ((e = readdir(d)) != NULL) {
		pid_t tid = (pid_t)atoi(e->d_name);
		if (tid > 0 && ptrace(PTRACE_SEIZE, tid, 0, PTRACE_O_TRACECLONE) == 0)
			n++;
	}
	closedir(d);
	if (n == 0) {
		fprintf(stderr, "pt_seize: cannot seize %d: %s\n", (int)pid, strerror(errno));
		return 1;
	}
	FILE *f = fopen(argv[3], "w");
	if (f)
		fclose(f);
	time_t until = time(NULL) + atoi(argv[2]);
	while (time(NULL) < until) {
		int st;
		pid_t w = waitpid(-1, &st, __WALL | WNOHANG);
		if (w < 0)
			break; /* nothing traced any more */
		if (w == 0) {
			usleep(5000);
			continue;
		}
		if (!WIFSTOPPED(st))
			continue;
		int sig = WSTOPSIG(st), event = (st >> 16) & 0xff;
		if (event == PTRACE_EVENT_STOP && (sig == SIGSTOP || sig == SIGTSTP ||
						   sig == SIGTTIN || sig == SIGTTOU))
			ptrace(PTRACE_LISTEN, w, 0, 0);
		else
			ptrace(PTRACE_CONT, w, 0, event ? 0 : sig);
	}
	return 0;
}
