/* pcap_out.c — pcap()'s packets to a freopen() file, into tshark, or back to the caller to
 * print (pcap_out.h). */
#include "pcap_out.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define UNPRIV_ID 65534        /* nobody / nogroup: tshark parses untrusted bytes */

void pcap_out_init(struct pcap_out *p, void (*print)(void *arg, const char *text, size_t len),
		   void *arg)
{
	memset(p, 0, sizeof(*p));
	pcap_files_init(&p->files);
	p->in_fd = p->out_fd = -1;
	p->print = print;
	p->arg = arg;
}

/* What tshark wrote so far, each whole line printed as "pcap \t" and the line. */
static void take_lines(struct pcap_out *p, bool all)
{
	struct strbuf lines = { 0 };
	size_t start = 0;
	for (size_t i = 0; i < p->partial.len; i++)
		if (p->partial.s[i] == '\n') {
			strbuf_puts(&lines, "pcap \t");
			strbuf_add(&lines, p->partial.s + start, i + 1 - start);
			start = i + 1;
		}
	if (all && start < p->partial.len) {
		strbuf_puts(&lines, "pcap \t");
		strbuf_add(&lines, p->partial.s + start, p->partial.len - start);
		strbuf_putc(&lines, '\n');
		start = p->partial.len;
	}
	if (start) {
		size_t rest = p->partial.len - start;
		memmove(p->partial.s, p->partial.s + start, rest);
		p->partial.len = rest;
		p->partial.s[rest] = '\0';
	}
	if (lines.len)
		p->print(p->arg, lines.s, lines.len);
	strbuf_free(&lines);
}

/* Read what tshark has written (until EOF when block); false once its output is closed. */
static bool read_output(struct pcap_out *p, bool block)
{
	char buf[4096];
	bool open = true;
	for (;;) {
		if (block) {
			struct pollfd f = { p->out_fd, POLLIN, 0 };
			if (poll(&f, 1, -1) < 0 && errno != EINTR)
				break;
		}
		ssize_t n = read(p->out_fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN && block)
			continue;
		if (n <= 0) {
			open = n < 0 && errno == EAGAIN;
			break;
		}
		strbuf_add(&p->partial, buf, (size_t)n);
	}
	take_lines(p, !open);
	return open;
}

/* The capture stream's writes: into tshark's input, reading its output meanwhile so neither
 * side waits on the other's full pipe. */
static ssize_t stream_write(void *cookie, const char *buf, size_t n)
{
	struct pcap_out *p = cookie;
	size_t done = 0;
	while (done < n) {
		struct pollfd f[2] = { { p->in_fd, POLLOUT, 0 }, { p->out_fd, POLLIN, 0 } };
		if (poll(f, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (f[1].revents)
			read_output(p, false);
		if (f[0].revents & (POLLERR | POLLHUP))
			return -1;
		if (!(f[0].revents & POLLOUT))
			continue;
		ssize_t w = write(p->in_fd, buf + done, n - done);
		if (w < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (w < 0)
			return -1;
		done += (size_t)w;
	}
	read_output(p, false);
	return (ssize_t)n;
}

/* tshark's environment, made before the fork: the child of a process with threads may only
 * make async-signal-safe calls (no malloc, so no setenv) */
static char *const tshark_env[] = {
	"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/nonexistent", "SHELL=/bin/sh", "USER=nobody",
	NULL,
};

static void child(int in, int out, int sync)
{
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGINT);
	sigprocmask(SIG_BLOCK, &m, NULL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	int null = open("/dev/null", O_WRONLY);
	if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
	    (null >= 0 && dup2(null, STDERR_FILENO) < 0))
		goto fail;
	if (getuid() == 0) {
		gid_t g = UNPRIV_ID;
		if (chdir("/") < 0 || setgroups(1, &g) < 0 || setgid(UNPRIV_ID) < 0 ||
		    setuid(UNPRIV_ID) < 0)
			goto fail;
	}
	/* found on usdtrace's PATH, as `tshark -v` was */
	char *const argv[] = { "tshark", "-l", "-i", "-", NULL };
	execvpe("tshark", argv, tshark_env);
fail:
	/* the parent reads this as "tshark did not start" */
	if (write(sync, "x", 1) < 0)
		_exit(1);
	_exit(1);
}

/* tshark -v succeeds: tshark is there to run. */
static bool tshark_present(void)
{
	pid_t pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
			dup2(null, STDERR_FILENO);
		}
		execlp("tshark", "tshark", "-v", (char *)NULL);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* Start tshark; whether it runs. */
static bool start_tshark(struct pcap_out *p)
{
	int in[2], out[2], sync[2];
	if (!tshark_present())
		return false;
	if (pipe2(in, O_CLOEXEC) < 0)
		return false;
	if (pipe2(out, O_CLOEXEC) < 0)
		goto close_in;
	if (pipe2(sync, O_CLOEXEC) < 0)
		goto close_out;
	pid_t pid = fork();
	if (pid < 0)
		goto close_sync;
	if (pid == 0)
		child(in[0], out[1], sync[1]);
	close(in[0]);
	close(out[1]);
	close(sync[1]);
	/* the exec closes the sync pipe (close-on-exec): EOF means tshark runs */
	char c;
	ssize_t n;
	while ((n = read(sync[0], &c, 1)) < 0 && errno == EINTR)
		;
	close(sync[0]);
	if (n != 0) {
		close(in[1]);
		close(out[0]);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return false;
	}
	p->pid = pid;
	p->in_fd = in[1];
	p->out_fd = out[0];
	fcntl(p->in_fd, F_SETFL, O_NONBLOCK);
	fcntl(p->out_fd, F_SETFL, O_NONBLOCK);
	cookie_io_functions_t io = { .write = stream_write };
	p->in = fopencookie(p, "w", io);
	if (!p->in) {
		close(p->in_fd);
		close(p->out_fd);
		while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
			;
		return false;
	}
	pcap_files_stream(&p->files, p->in);
	return true;

close_sync:
	close(sync[0]);
	close(sync[1]);
close_out:
	close(out[0]);
	close(out[1]);
close_in:
	close(in[0]);
	close(in[1]);
	return false;
}

/* tshark has gone (its input refused a packet): its last lines printed, and the packets
 * after it are dumped, as dtrace dumps them once its reader has seen tshark's end. */
static void end_tshark(struct pcap_out *p)
{
	pcap_files_stream(&p->files, NULL);
	fclose(p->in);
	close(p->in_fd);
	fcntl(p->out_fd, F_SETFL, 0);
	while (read_output(p, true))
		;
	close(p->out_fd);
	while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
		;
	p->tshark = -1;
}

enum pcap_out_result pcap_out_packet(struct pcap_out *p, const char *file, uint32_t linktype,
				     uint32_t snaplen, uint64_t ns, const void *data,
				     uint32_t len, bool try_tshark, char *err, size_t errlen)
{
	const char *name = file;
	if (!name) {
		if (p->tshark == 0 && try_tshark)
			p->tshark = start_tshark(p) ? 1 : -1;
		if (p->tshark != 1)
			return PCAP_OUT_PRINT;
		name = "";
	}
	if (pcap_files_write(&p->files, name, linktype, snaplen, ns, data, len, err, errlen) != 0) {
		if (name[0])
			return PCAP_OUT_ERROR;
		end_tshark(p);
		return PCAP_OUT_PRINT;
	}
	return PCAP_OUT_TAKEN;
}

void pcap_out_poll(struct pcap_out *p)
{
	if (p->tshark == 1)
		read_output(p, false);
}

void pcap_out_close(struct pcap_out *p)
{
	pcap_files_close(&p->files);
	if (p->tshark == 1)
		end_tshark(p);         /* fclose flushes: tshark sees the end of its input */
	strbuf_free(&p->partial);
}
