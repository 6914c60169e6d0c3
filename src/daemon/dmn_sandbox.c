/* dmn_sandbox.c — parsing objects in an unprivileged, seccomp-filtered child; see
 * dmn_sandbox.h. */
#include "dmn_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/close_range.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stash_codec.h"
#include "util.h"

#define NOBODY 65534
#define RESULT_MAX (256u << 20)

/* The child's system calls: memory, the pipe, exiting. Opening files fails with EACCES (the
 * ELF reader may look for a separate debug file; it must get "no" rather than die); anything
 * else kills the child. */
static int install_seccomp(void)
{
	static const int allowed[] = {
		SYS_read, SYS_write, SYS_close, SYS_fstat, SYS_newfstatat, SYS_lseek, SYS_mmap,
		SYS_mprotect, SYS_munmap, SYS_brk, SYS_mremap, SYS_madvise, SYS_rt_sigreturn,
		SYS_rt_sigprocmask, SYS_futex, SYS_exit, SYS_exit_group, SYS_getpid, SYS_gettid,
		SYS_clock_gettime, SYS_getrandom, SYS_sysinfo,   /* qsort asks for the memory size */
	};
	enum { N = sizeof(allowed) / sizeof(allowed[0]) };
	struct sock_filter f[8 + 2 * N + 4];
	int k = 0;
	f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, arch));
	f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	f[k++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					      offsetof(struct seccomp_data, nr));
	for (int i = 0; i < N; i++) {
		f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K,
						      (unsigned)allowed[i], 0, 1);
		f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat, 2, 0);
	f[k++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_open, 1, 0);
	f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	f[k++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES);
	struct sock_fprog prog = { .len = (unsigned short)k, .filter = f };
	return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(3);
		p += w;
		n -= (size_t)w;
	}
}

/* The child: never returns. Writes 'O' and a record, or 'E' and a message. */
static void child(int fd, const char *name, int out)
{
	struct strbuf b = {0};
	char err[512];
	struct stat sb;
	void *image = MAP_FAILED;
	if (fstat(fd, &sb) == 0 && sb.st_size > 0)
		image = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	/* nothing of the daemon's: its lock (a killed daemon's successor must get it while this
	 * child still runs), its BPF links, its socket */
	if (out > 3)
		close_range(3, (unsigned)out - 1, 0);
	close_range((unsigned)out + 1, ~0u, 0);
	alarm(10);
	if (setgroups(0, NULL) != 0 || setresgid(NOBODY, NOBODY, NOBODY) != 0 ||
	    setresuid(NOBODY, NOBODY, NOBODY) != 0 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
	    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0 || install_seccomp() != 0) {
		snprintf(err, sizeof(err), "cannot drop privileges for the parser: %s",
			 strerror(errno));
		goto fail;
	}
	if (image == MAP_FAILED) {
		snprintf(err, sizeof(err), "%s: cannot map the object (empty or unreadable)", name);
		goto fail;
	}
	struct usdt_file *f;
	if (usdt_file_from_memory(name, image, (size_t)sb.st_size, &f, err, sizeof(err)) != 0)
		goto fail;
	struct stash_stamp zero = {0};
	strbuf_putc(&b, 'O');
	stash_encode_object(&b, &zero, f);
	write_all(out, b.s, b.len);
	_exit(0);
fail:
	write_all(out, "E", 1);
	write_all(out, err, strlen(err));
	_exit(1);
}

int sandbox_parse(int fd, const char *name, struct usdt_file **out, char *errbuf, size_t errlen)
{
	int p[2];
	*out = NULL;
	if (pipe2(p, O_CLOEXEC) != 0)
		return util_seterr(errbuf, errlen, "pipe: %s", strerror(errno));
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return util_seterr(errbuf, errlen, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		close(p[0]);
		child(fd, name, p[1]);
	}
	close(p[1]);
	struct strbuf b = {0};
	char chunk[65536];
	bool toobig = false;
	for (;;) {
		ssize_t n = read(p[0], chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (b.len + (size_t)n > RESULT_MAX) {
			toobig = true;
			kill(pid, SIGKILL);
			break;
		}
		strbuf_add(&b, chunk, (size_t)n);
	}
	close(p[0]);
	int status = 0;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	int rc = -1;
	if (toobig)
		util_seterr(errbuf, errlen, "%s: the parser's result is larger than %u bytes", name,
			    RESULT_MAX);
	else if (WIFSIGNALED(status))
		util_seterr(errbuf, errlen, "%s: the parser was killed by signal %d", name,
			    WTERMSIG(status));
	else if (b.len >= 1 && b.s[0] == 'E')
		util_seterr(errbuf, errlen, "%.*s", (int)(b.len - 1), b.s + 1);
	else if (b.len >= 1 && b.s[0] == 'O' && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		struct stash_stamp st;
		char err[256];
		if (stash_decode_object(b.s + 1, b.len - 1, &st, out, err, sizeof(err)) == 0)
			rc = 0;
		else
			util_seterr(errbuf, errlen, "%s: the parser's result was refused: %s", name,
				    err);
	} else
		util_seterr(errbuf, errlen, "%s: the parser exited without a result", name);
	strbuf_free(&b);
	return rc;
}
