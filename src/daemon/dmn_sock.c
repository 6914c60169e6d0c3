/* dmn_sock.c — the registration socket; see dmn_sock.h. */
#include "dmn_sock.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "dmn_sandbox.h"
#include "stash.h"
#include "util.h"

int dmn_sock_open(const char *dir, char *errbuf, size_t errlen)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int n = snprintf(a.sun_path, sizeof(a.sun_path), "%s/usdtraced.sock", dir);
	if (n < 0 || (size_t)n >= sizeof(a.sun_path))
		return util_seterr(errbuf, errlen, "%s/usdtraced.sock: path too long", dir);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return util_seterr(errbuf, errlen, "socket: %s", strerror(errno));
	unlink(a.sun_path);   /* a previous run's; the lock says no other daemon uses it */
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 || chmod(a.sun_path, 0666) != 0 ||
	    listen(fd, 16) != 0) {
		util_seterr(errbuf, errlen, "%s: %s", a.sun_path, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static void reply(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void reply(int fd, const char *fmt, ...)
{
	struct strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	const char *p = b.s;
	size_t left = b.len;
	while (left) {
		ssize_t w = send(fd, p, left, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		p += w;
		left -= (size_t)w;
	}
	strbuf_free(&b);
}

/* One request line (up to 64 bytes) and the descriptor sent with it, if any. */
static int read_request(int fd, char *line, size_t len, int *passed)
{
	char cbuf[CMSG_SPACE(sizeof(int) * 4)];
	struct iovec iov = { line, len - 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf,
			     .msg_controllen = sizeof(cbuf) };
	*passed = -1;
	ssize_t n = recvmsg(fd, &mh, MSG_CMSG_CLOEXEC);
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		size_t nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		int fds[4];
		memcpy(fds, CMSG_DATA(c), nfd * sizeof(int));
		for (size_t i = 0; i < nfd && i < 4; i++) {
			if (*passed < 0)
				*passed = fds[i];
			else
				close(fds[i]);   /* only one object per request */
		}
	}
	if (n <= 0)
		return -1;
	line[n] = 0;
	char *nl = strchr(line, '\n');
	if (nl)
		*nl = 0;
	return 0;
}

static void do_register(int cfd, struct dmn_registry *r, pid_t peer, int obj)
{
	struct stat sb;
	if (obj < 0) {
		reply(cfd, "ERR REGISTER needs the object's file descriptor (SCM_RIGHTS)\n");
		return;
	}
	if (fstat(obj, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		reply(cfd, "ERR the descriptor is not a regular file\n");
		return;
	}
	if (!dmn_pid_maps(peer, sb.st_dev, sb.st_ino)) {
		reply(cfd, "ERR process %d does not map this object\n", (int)peer);
		return;
	}
	struct usdt_file *f;
	char err[512];
	if (sandbox_parse(obj, "the registered object", &f, err, sizeof(err)) != 0) {
		reply(cfd, "ERR %s\n", err);
		return;
	}
	int nsites = f->nsites;
	usdt_file_free(f);
	if (nsites == 0) {
		reply(cfd, "ERR the object carries no probes\n");
		return;
	}
	dmn_update_pid(r, peer);
	char *on = stash_object_name(sb.st_dev, sb.st_ino);
	fprintf(stderr, "usdtraced: process %d registered %s (%d probe sites)\n", (int)peer, on,
		nsites);
	free(on);
	reply(cfd, "OK %d\n", nsites);
}

/* The caller's maps read again now (it unmapped an object it had registered). */
static void do_update(int cfd, struct dmn_registry *r, pid_t peer, int obj)
{
	if (obj >= 0) {
		reply(cfd, "ERR UPDATE takes no descriptor\n");
		return;
	}
	reply(cfd, "OK %d\n", dmn_update_pid(r, peer));
}

static void do_list(int cfd, const char *dir)
{
	char **names;
	int n = stash_proc_list(dir, &names), lines = 0;
	struct strbuf b = {0};
	for (int i = 0; i < n; i++) {
		struct stash_proc p;
		if (stash_proc_read(dir, names[i], &p, NULL, 0) == 0) {
			for (int k = 0; k < p.nobjs; k++) {
				struct usdt_file *f;
				if (stash_object_read(dir, p.objs[k].dev, p.objs[k].ino, NULL, &f, NULL,
						      0) != 0)
					continue;
				struct usdt_cache c = {0};
				usdt_cache_put(&c, f);
				struct usdt_cached *cf = usdt_cache_get(&c, f->dev, f->ino, "");
				for (int j = 0; j < cf->nprobes; j++) {
					const struct usdt_site *s = &f->sites[cf->probes[j].sites[0]];
					strbuf_printf(&b, "%d\t%s\t%s\t%s\t%s\n", (int)p.pid, s->provider,
						      p.objs[k].module, s->function ? s->function : "",
						      s->name);
					lines++;
				}
				usdt_cache_free(&c);
			}
			stash_proc_free(&p);
		}
		free(names[i]);
	}
	free(names);
	reply(cfd, "%.*sOK %d\n", (int)b.len, b.s ? b.s : "", lines);
	strbuf_free(&b);
}

void dmn_sock_serve(int lfd, struct dmn_registry *r, const char *dir)
{
	int cfd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);
	if (cfd < 0)
		return;
	struct timeval tv = { 1, 0 };
	setsockopt(cfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(cfd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	struct ucred cred;
	socklen_t cl = sizeof(cred);
	char line[64];
	int obj = -1;
	if (getsockopt(cfd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) != 0 ||
	    read_request(cfd, line, sizeof(line), &obj) != 0) {
		if (obj >= 0)
			close(obj);
		close(cfd);
		return;
	}
	if (strcmp(line, "REGISTER") == 0)
		do_register(cfd, r, cred.pid, obj);
	else if (strcmp(line, "UPDATE") == 0)
		do_update(cfd, r, cred.pid, obj);
	else if (strcmp(line, "LIST") == 0)
		do_list(cfd, dir);
	else
		reply(cfd, "ERR unknown request\n");
	if (obj >= 0)
		close(obj);
	close(cfd);
}
