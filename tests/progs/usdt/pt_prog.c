/* pt_prog.c — a process usdtrace does not start, for the tests of holding -p targets at
 * dlopen() (tests/sh/usdt_ptrace.sh).
 *   pt_prog run GO END DIR N [thread] [again] [urg|winch|both]
 *       optionally install counting handlers for SIGURG and/or SIGWINCH; wait for file GO;
 *       dlopen() DIR/libut_0.so .. libut_N-1.so (copies of ut_lib.c's library: each a file no
 *       process mapped before) and call each one's ut_lib_hello once right away, in a second
 *       thread with `thread`; with `again`, 0.5 s later, call each once more; print
 *       "loaded N sum S"; then count up, writing the count to
 *       DIR/progress every 10 ms, until file END appears ("-": at once); print
 *       "handled urg U winch W" and exit with status 7.
 *   pt_prog churn N
 *       with a handler counting SIGUSR1, create N threads one after another (1 ms apart),
 *       each raising SIGUSR1 and exiting; print "threads T signals S" and exit with status 7.
 *   pt_prog parent LOG PIDFILE ARGS...
 *       fork and exec `pt_prog ARGS...`, write its pid to PIDFILE, and log to LOG what
 *       waitpid(WUNTRACED | WCONTINUED) reports of it ("stopped SIG", "continued",
 *       "exited N", "killed SIG"), as a job-control shell sees it; exit with its status.
 * Waits are bounded (20 s), so a broken tracer cannot hang a test. */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t nurg, nwinch;

static void on_urg(int sig)
{
	(void)sig;
	nurg++;
}

static void on_winch(int sig)
{
	(void)sig;
	nwinch++;
}

static int wait_for(const char *path)
{
	for (int i = 0; i < 4000; i++) {
		if (strcmp(path, "-") == 0 || access(path, F_OK) == 0)
			return 0;
		usleep(5000);
	}
	fprintf(stderr, "pt_prog: %s never appeared\n", path);
	return -1;
}

struct job {
	const char *dir;
	int n, sum, failed, again;
};

static void *load_all(void *arg)
{
	struct job *j = arg;
	for (int i = 0; i < j->n; i++) {
		char path[4096];
		snprintf(path, sizeof(path), "%s/libut_%d.so", j->dir, i);
		void *h = dlopen(path, RTLD_NOW);
		int (*hello)(int) = h ? (int (*)(int))dlsym(h, "ut_lib_hello") : NULL;
		if (!hello) {
			fprintf(stderr, "pt_prog: %s\n", dlerror());
			j->failed = 1;
			return NULL;
		}
		j->sum += hello(i);
	}
	if (j->again) {
		usleep(500000);
		for (int i = 0; i < j->n; i++) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/libut_%d.so", j->dir, i);
			void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
			int (*hello)(int) = h ? (int (*)(int))dlsym(h, "ut_lib_hello") : NULL;
			if (hello)
				j->sum += hello(i);
		}
	}
	return NULL;
}

static int run(int argc, char **argv)
{
	const char *go = argv[2], *end = argv[3];
	struct job j = { argv[4], atoi(argv[5]), 0, 0, 0 };
	int threaded = 0;
	for (int i = 6; i < argc; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof(sa));
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = SA_RESTART;
		if (strcmp(argv[i], "thread") == 0)
			threaded = 1;
		if (strcmp(argv[i], "again") == 0)
			j.again = 1;
		if (strcmp(argv[i], "urg") == 0 || strcmp(argv[i], "both") == 0) {
			sa.sa_handler = on_urg;
			sigaction(SIGURG, &sa, NULL);
		}
		if (strcmp(argv[i], "winch") == 0 || strcmp(argv[i], "both") == 0) {
			sa.sa_handler = on_winch;
			sigaction(SIGWINCH, &sa, NULL);
		}
	}
	if (wait_for(go) != 0)
		return 1;
	if (threaded) {
		pthread_t t;
		if (pthread_create(&t, NULL, load_all, &j) != 0 || pthread_join(t, NULL) != 0)
			return 1;
	} else {
		load_all(&j);
	}
	if (j.failed)
		return 1;
	printf("loaded %d sum %d\n", j.n, j.sum);
	fflush(stdout);
	char progress[4096];
	snprintf(progress, sizeof(progress), "%s/progress", j.dir);
	for (long count = 0; strcmp(end, "-") != 0 && access(end, F_OK) != 0; count++) {
		if (count > 2000) {
			fprintf(stderr, "pt_prog: %s never appeared\n", end);
			return 1;
		}
		/* a new file renamed into place: a reader never sees it half written */
		char tmp[4200];
		snprintf(tmp, sizeof(tmp), "%s.tmp", progress);
		FILE *f = fopen(tmp, "w");
		if (f) {
			fprintf(f, "%ld\n", count);
			fclose(f);
			rename(tmp, progress);
		}
		usleep(10000);
	}
	printf("handled urg %d winch %d\n", (int)nurg, (int)nwinch);
	return 7;
}

static volatile sig_atomic_t nusr1;

static void on_usr1(int sig)
{
	(void)sig;
	nusr1++;
}

static void *raise_usr1(void *arg)
{
	(void)arg;
	raise(SIGUSR1);
	return NULL;
}

static int churn(int n)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	int made = 0;
	for (int i = 0; i < n; i++) {
		pthread_t t;
		if (pthread_create(&t, NULL, raise_usr1, NULL) == 0 && pthread_join(t, NULL) == 0)
			made++;
		usleep(1000);
	}
	printf("threads %d signals %d\n", made, (int)nusr1);
	return 7;
}

static int parent(int argc, char **argv)
{
	FILE *log = fopen(argv[2], "w");
	if (!log)
		return 1;
	setvbuf(log, NULL, _IOLBF, 0);
	pid_t pid = fork();
	if (pid == 0) {
		argv[3] = argv[0];
		execv("/proc/self/exe", &argv[3]);
		_exit(127);
	}
	FILE *pf = fopen(argv[3], "w");
	if (!pf)
		return 1;
	fprintf(pf, "%d\n", (int)pid);
	fclose(pf);
	(void)argc;
	for (;;) {
		int st;
		pid_t w = waitpid(pid, &st, WUNTRACED | WCONTINUED);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return 1;
		if (WIFSTOPPED(st)) {
			fprintf(log, "stopped %d\n", WSTOPSIG(st));
		} else if (WIFCONTINUED(st)) {
			fprintf(log, "continued\n");
		} else if (WIFEXITED(st)) {
			fprintf(log, "exited %d\n", WEXITSTATUS(st));
			return WEXITSTATUS(st);
		} else if (WIFSIGNALED(st)) {
			fprintf(log, "killed %d\n", WTERMSIG(st));
			return 128 + WTERMSIG(st);
		}
	}
}

int main(int argc, char **argv)
{
	if (argc >= 6 && strcmp(argv[1], "run") == 0)
		return run(argc, argv);
	if (argc == 3 && strcmp(argv[1], "churn") == 0)
		return churn(atoi(argv[2]));
	if (argc >= 5 && strcmp(argv[1], "parent") == 0)
		return parent(argc, argv);
	fprintf(stderr, "usage: pt_prog run GO END DIR N [thread] [again] [urg|winch|both] | "
		"pt_prog churn N | pt_prog parent LOG PIDFILE ARGS...\n");
	return 2;
}
