/* dcpp.c — see dcpp.h. The child's stdout comes back through a pipe; stderr is inherited so
 * cpp's own diagnostics (missing #include, #error) reach the user unchanged. */
#include "dcpp.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

static const char *const predefined[] = {
	"-D__linux", "-D__linux__", "-D__unix", "-D__unix__", "-D__x86_64", "-D__x86_64__",
	"-D__amd64", "-D__amd64__", "-D_LP64", "-D__LP64", "-D__LP64__", "-D__SUNW_D=1",
	"-D__SUNW_D_64", "-D__SUNW_D_VERSION=0x01000000", "-D__usdtrace=1",
};

/* Runs argv with stdout captured; -1 with errno ENOENT if the program is not found. */
static int run_capture(char **argv, struct strbuf *out, int *status)
{
	int fds[2];
	if (pipe(fds) != 0)
		return -1;
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	if (rc != 0) {
		close(fds[0]);
		errno = rc;
		return -1;
	}
	char buf[65536];
	for (;;) {
		ssize_t n = read(fds[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		strbuf_add(out, buf, (size_t)n);
	}
	close(fds[0]);
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

char *dcpp_run(const char *file, const char *const *cppargs, int ncppargs, size_t *lenp,
	       char *errbuf, size_t errlen)
{
	if (access(file, R_OK) != 0)
		return util_seterr(errbuf, errlen, "failed to open %s: %s", file, strerror(errno)), NULL;
	size_t npre = sizeof(predefined) / sizeof(predefined[0]);
	size_t n = 0;
	char **argv = xcalloc(npre + (size_t)ncppargs + 8, sizeof(char *));
	size_t first = n;
	argv[n++] = "cpp";
	argv[n++] = "-undef";
	argv[n++] = "-x";
	argv[n++] = "c";
	for (size_t i = 0; i < npre; i++)
		argv[n++] = (char *)predefined[i];
	for (int i = 0; i < ncppargs; i++)
		argv[n++] = (char *)cppargs[i];
	argv[n++] = (char *)file;
	argv[n] = NULL;

	struct strbuf out = {0};
	int status = 0;
	const char *used = "cpp";
	int r = run_capture(argv + first, &out, &status);
	if (r != 0 && errno == ENOENT) {
		/* No cpp: gcc -E with the same arguments ("gcc" "-E" replace "cpp"). */
		char **g = xcalloc(n + 2, sizeof(char *));
		g[0] = "gcc";
		g[1] = "-E";
		memcpy(g + 2, argv + 1, sizeof(char *) * n);
		used = "gcc -E";
		strbuf_free(&out);
		r = run_capture(g, &out, &status);
		free(g);
	}
	free(argv);
	if (r != 0) {
		util_seterr(errbuf, errlen, "failed to run the C preprocessor (%s): %s", used, strerror(errno));
		strbuf_free(&out);
		return NULL;
	}
	if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0) {
		if (WIFSIGNALED(status))
			util_seterr(errbuf, errlen, "C preprocessor (%s) killed by signal %d while processing %s",
				    used, WTERMSIG(status), file);
		else
			util_seterr(errbuf, errlen, "C preprocessor (%s) failed on %s (exit status %d)",
				    used, file, WEXITSTATUS(status));
		strbuf_free(&out);
		return NULL;
	}
	*lenp = out.len;
	return strbuf_take(&out);
}
