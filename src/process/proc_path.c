/* proc_path.c — see proc_path.h. */
#include "proc_path.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ADDED_FLAGS (O_CLOEXEC | O_NOCTTY | O_NONBLOCK)

int proc_root_open(pid_t pid, const char *path, int flags)
{
	char root[40];
	snprintf(root, sizeof(root), "/proc/%d/root", (int)pid);
	/* the root itself is a magic link, followed here on purpose: it is the process's root */
	int rfd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (rfd < 0) {
		if (errno == ENOENT)
			errno = ESRCH;
		return -1;
	}
	struct open_how how = {
		.flags = (unsigned long long)(flags | ADDED_FLAGS),
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	while (*path == '/')
		path++;
	int fd = (int)syscall(SYS_openat2, rfd, *path ? path : ".", &how, sizeof(how));
	int e = errno;
	close(rfd);
	errno = e;
	return fd;
}

bool proc_path_split(const char *path, pid_t *pid, const char **rest)
{
	static const char pre[] = "/proc/";
	if (strncmp(path, pre, sizeof(pre) - 1) != 0)
		return false;
	const char *p = path + sizeof(pre) - 1;
	if (*p < '1' || *p > '9')
		return false;
	char *end;
	long v = strtol(p, &end, 10);
	if (v <= 0 || v > 0x7fffffff || strncmp(end, "/root", 5) != 0 ||
	    (end[5] != '/' && end[5] != '\0'))
		return false;
	*pid = (pid_t)v;
	*rest = end[5] ? end + 5 : "/";
	return true;
}

int proc_path_open(const char *path, int flags)
{
	pid_t pid;
	const char *rest;
	if (proc_path_split(path, &pid, &rest))
		return proc_root_open(pid, rest, flags);
	return open(path, flags | ADDED_FLAGS);
}
