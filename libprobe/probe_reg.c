/* probe_reg.c — registration with usdtraced; see probe_reg.h. */
#include "probe_reg.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* usdtraced's default stash (STASH_DEFAULT_DIR in src/stash/stash.h; this library is built
 * apart from usdtrace's and shares no header with it) */
#define PROBE_REG_DEFAULT_DIR "/run/usdtrace"

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sends `line` (with descriptor fd when fd >= 0) and reads the one-line answer into reply.
 * Returns 1 answered, 0 no daemon to tell, -1 no answer in time. */
static int request(const char *line, int fd, char *reply, size_t len)
{
	const char *dir = getenv("USDTRACE_STASH");
	if (!dir)
		dir = PROBE_REG_DEFAULT_DIR;
	if (!*dir)
		return 0;
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int n = snprintf(a.sun_path, sizeof(a.sun_path), "%s/usdtraced.sock", dir);
	if (n < 0 || (size_t)n >= sizeof(a.sun_path))
		return 0;
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (s < 0)
		return 0;
	/* a Unix socket's connect completes at once or fails (EAGAIN: backlog full) */
	if (connect(s, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(s);
		return 0;
	}
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { (void *)line, strlen(line) };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	if (fd >= 0) {
		memset(cbuf, 0, sizeof(cbuf));
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	ssize_t w;
	do
		w = sendmsg(s, &mh, MSG_NOSIGNAL);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)iov.iov_len) {
		close(s);
		return 0;
	}
	/* the daemon parses the object in its sandbox before it answers */
	size_t got = 0;
	long deadline = now_ms() + PROBE_REG_TIMEOUT_MS;
	int r = -1;
	while (got + 1 < len) {
		long left = deadline - now_ms();
		if (left <= 0)
			break;
		struct pollfd pf = { s, POLLIN, 0 };
		int k = poll(&pf, 1, (int)left);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		ssize_t m = recv(s, reply + got, len - 1 - got, 0);
		if (m < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (m <= 0)
			break;
		got += (size_t)m;
		reply[got] = '\0';
		if (memchr(reply, '\n', got)) {
			r = 1;
			break;
		}
	}
	reply[got] = '\0';
	close(s);
	return r;
}

/* The N of an "OK N" answer, or -1. */
static int answer(int r, const char *reply)
{
	if (r <= 0)
		return r;
	int n;
	return sscanf(reply, "OK %d", &n) == 1 ? n : -1;
}

int probe_reg_register(int fd)
{
	int saved = errno;
	char reply[256];
	int n = answer(request("REGISTER\n", fd, reply, sizeof(reply)), reply);
	errno = saved;
	return n;
}

int probe_reg_update(void)
{
	int saved = errno;
	char reply[256];
	int n = answer(request("UPDATE\n", -1, reply, sizeof(reply)), reply);
	errno = saved;
	return n;
}
