/* dcpp.c — see dcpp.h. The source reaches cpp on its stdin (a memfd holding the file, its
 * "#!" line blanked) and cpp reads /dev/stdin, as dtrace runs it: cpp's diagnostics, which go
 * straight to our stderr, then read "/dev/stdin:LINE: error: ..." as dtrace's do. The child's
 * stdout comes back through a pipe. */
#include "dcpp.h"

#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dversion.h"
#include "util.h"

extern char **environ;

/* dtrace keeps the host cpp's own predefined macros (the architecture's, __BYTE_ORDER__, ...)
 * but removes __GNUC__ (system headers then avoid GCC extensions D cannot parse) and adds its
 * own; __SVR4 and __Linux ("-D__" plus the uname sysname) are dtrace's too. */
static const char *const predefined[] = {
	"-U__GNUC__", "-D__SVR4", "-D__Linux", "-D__linux", "-D__linux__", "-D__unix", "-D__unix__", "-D__x86_64", "-D__x86_64__",
	"-D__amd64", "-D__amd64__", "-D_LP64", "-D__LP64", "-D__LP64__", "-D__SUNW_D=1",
	"-D__SUNW_D_64", "-D__usdtrace=1",
};

const char DCPP_FAILED[] = "Preprocessor failed to process input program";

/* A child that copies in_fd into fd and exits; its pid, or -1. */
static pid_t feed(int in_fd, int fd)
{
	pid_t w = fork();
	if (w != 0)
		return w;
	char buf[65536];
	ssize_t n;
	while ((n = read(in_fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		for (ssize_t done = 0; n > 0 && done < n;) {
			ssize_t k = write(fd, buf + done, (size_t)(n - done));
			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				_exit(1);
			done += k;
		}
	_exit(0);
}

/* Runs argv with stdin from in_fd and stdout captured; -1 with errno ENOENT if the program is
 * not found. The input goes through a pipe, as dtrace gives it to cpp: cpp cannot read
 * /dev/stdin a second time, so its diagnostics about the program show no source excerpt,
 * while those about a header it includes do (dtrace -C: "    1 | #error ..." under an
 * error in a header, nothing under one in the script). */
static int run_capture(char **argv, int in_fd, struct strbuf *out, int *status)
{
	int fds[2], in[2];
	if (lseek(in_fd, 0, SEEK_SET) < 0)
		return -1;
	if (pipe(fds) != 0)
		return -1;
	if (pipe(in) != 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in[0], 0);
	posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
	posix_spawn_file_actions_addclose(&fa, fds[0]);
	posix_spawn_file_actions_addclose(&fa, fds[1]);
	posix_spawn_file_actions_addclose(&fa, in[0]);
	posix_spawn_file_actions_addclose(&fa, in[1]);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	close(in[0]);
	pid_t writer = rc == 0 ? feed(in_fd, in[1]) : -1;
	close(in[1]);
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
	while (writer > 0 && waitpid(writer, NULL, 0) < 0 && errno == EINTR)
		;
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

/* A memfd holding file's text with a first "#!" line blanked (its newline kept, so line
 * numbers stay); -1 with a message. */
static int source_fd(const char *file, struct derr *err)
{
	size_t n;
	char *text = util_read_file(file, &n);
	if (!text) {
		derr_set(err, DTAG_NONE, "failed to open %s: %s", file, strerror(errno));
		return derr_set_kind(err, DERR_ALONE);
	}
	if (n >= 2 && text[0] == '#' && text[1] == '!')
		for (size_t i = 0; i < n && text[i] != '\n'; i++)
			text[i] = ' ';
	int fd = memfd_create("dcpp-source", MFD_CLOEXEC);
	size_t done = 0;
	while (fd >= 0 && done < n) {
		ssize_t w = write(fd, text + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(fd);
			fd = -1;
			break;
		}
		done += (size_t)w;
	}
	free(text);
	if (fd < 0) {
		derr_set(err, DTAG_NONE, "failed to pass %s to the C preprocessor: %s", file,
			 strerror(errno));
		return derr_set_kind(err, DERR_ALONE);
	}
	return fd;
}

/* cpp's line markers name "/dev/stdin" and, for headers found through "-iquote .", "./x.h":
 * they name file and "x.h" instead, so messages point at the files the user wrote. */
static char *rewrite_markers(const char *text, size_t len, const char *file, bool dot_dir,
			     size_t *lenp)
{
	static const char stdin_name[] = "\"/dev/stdin\"";
	struct strbuf b = {0};
	const char *end = text + len;
	for (const char *p = text; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		eol = eol ? eol + 1 : end;
		const char *q = p;
		bool marker = q + 2 < eol && q[0] == '#' && q[1] == ' ' && q[2] >= '0' && q[2] <= '9';
		if (marker) {
			q += 2;
			while (q < eol && *q >= '0' && *q <= '9')
				q++;
			marker = q + 2 < eol && q[0] == ' ' && q[1] == '"';
		}
		if (marker && (size_t)(eol - q - 1) >= strlen(stdin_name) &&
		    memcmp(q + 1, stdin_name, strlen(stdin_name)) == 0) {
			strbuf_add(&b, p, (size_t)(q + 1 - p));
			strbuf_printf(&b, "\"%s\"", file);
			p = q + 1 + strlen(stdin_name);
		} else if (marker && dot_dir && q + 4 < eol && q[2] == '.' && q[3] == '/') {
			strbuf_add(&b, p, (size_t)(q + 2 - p));
			p = q + 4;
		}
		strbuf_add(&b, p, (size_t)(eol - p));
		p = eol;
	}
	*lenp = b.len;
	return b.s ? strbuf_take(&b) : xstrdup("");
}

char *dcpp_run(const char *file, const char *cpppath, const char *const *cppargs, int ncppargs,
	       uint32_t dversion, size_t *lenp, struct derr *err)
{
	int in_fd = source_fd(file, err);
	if (in_fd < 0)
		return NULL;
	size_t npre = sizeof(predefined) / sizeof(predefined[0]);
	size_t n = 0;
	char **argv = xcalloc(npre + (size_t)ncppargs + 13, sizeof(char *));
	size_t first = n;
	argv[n++] = cpppath ? (char *)cpppath : "cpp";
	argv[n++] = "-x";
	argv[n++] = "c";
	for (size_t i = 0; i < npre; i++)
		argv[n++] = (char *)predefined[i];
	char vdef[48];
	snprintf(vdef, sizeof(vdef), "-D__SUNW_D_VERSION=0x%08x", dversion ? dversion : DVERSION_LATEST);
	argv[n++] = vdef;
	/* cpp reads /dev/stdin: #include "x.h" still looks beside the script first */
	char *dir = xstrdup(file);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		strcpy(dir, ".");
	argv[n++] = "-iquote";
	argv[n++] = dir;
	for (int i = 0; i < ncppargs; i++)
		argv[n++] = (char *)cppargs[i];
	argv[n++] = "/dev/stdin";
	argv[n] = NULL;

	struct strbuf out = {0};
	int status = 0;
	const char *used = "cpp";
	int r = run_capture(argv + first, in_fd, &out, &status);
	if (r != 0 && (errno == ENOENT || errno == EACCES) && cpppath) {
		/* dtrace's words when its cpppath cannot be run */
		free(argv);
		free(dir);
		close(in_fd);
		strbuf_free(&out);
		return derr_set(err, DTAG_NONE, "Preprocessor not found"), NULL;
	}
	if (r != 0 && errno == ENOENT) {
		/* No cpp: gcc -E with the same arguments ("gcc" "-E" replace "cpp"). */
		char **g = xcalloc(n + 2, sizeof(char *));
		g[0] = "gcc";
		g[1] = "-E";
		memcpy(g + 2, argv + 1, sizeof(char *) * n);
		used = "gcc -E";
		strbuf_free(&out);
		r = run_capture(g, in_fd, &out, &status);
		free(g);
	}
	free(argv);
	free(dir);
	dir = NULL;
	close(in_fd);
	if (r != 0) {
		derr_set(err, DTAG_NONE, "failed to run the C preprocessor (%s): %s", used, strerror(errno));
		derr_set_kind(err, DERR_ALONE);
		strbuf_free(&out);
		return NULL;
	}
	if (WIFSIGNALED(status) || WEXITSTATUS(status) != 0) {
		if (WIFSIGNALED(status)) {
			derr_set(err, DTAG_NONE, "C preprocessor (%s) killed by signal %d while processing %s",
				 used, WTERMSIG(status), file);
			derr_set_kind(err, DERR_ALONE);
		} else {
			derr_set(err, DTAG_NONE, "%s", DCPP_FAILED);  /* the script's failure */
		}
		strbuf_free(&out);
		return NULL;
	}
	char *text = rewrite_markers(out.s ? out.s : "", out.len, file, !slash, lenp);
	strbuf_free(&out);
	return text;
}
