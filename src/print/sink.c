/* sink.c — see sink.h: the table of formats and what they share. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "sink.h"
#include "util.h"

static const struct sink_ops *const formats[] = {
	[DOPT_OFORMAT_TEXT] = &sink_text_ops,
	[DOPT_OFORMAT_JSON] = &sink_json_ops,
	[DOPT_OFORMAT_XML] = &sink_xml_ops,
};

struct sink *sink_new(enum dopt_oformat format, FILE *out, const struct dopts *d)
{
	if ((size_t)format >= sizeof(formats) / sizeof(formats[0]) || !formats[format])
		return NULL;
	struct sink *s = xcalloc(1, sizeof(*s));
	s->ops = formats[format];
	s->out = out;
	s->d = d;
	s->pass_quiet = d->quiet;
	if (s->ops->init)
		s->ops->init(s);
	return s;
}

void sink_free(struct sink *s)
{
	if (!s)
		return;
	if (s->ops->free)
		s->ops->free(s);
	strbuf_free(&s->obuf);
	free(s);
}

static void write_failed(struct sink *s, int err)
{
	if (!s->write_failed) {
		s->write_failed = true;
		s->write_errno = err;
	}
}

/* Write n bytes to the output's file descriptor, all of them: a signal (SIGCHLD when a -c
 * child exits) interrupting a write blocked on a slow reader makes it go on where it stopped
 * (stdio cannot be trusted with that: after an interrupted write it drops what its buffer
 * held); SIGINT or SIGTERM (stop_signal) makes it fail, so a reader that never reads cannot
 * hold the tracer. A stream without a descriptor is written through stdio. */
static void out_all(struct sink *s, const char *p, size_t n)
{
	int fd = fileno(s->out);
	if (fd < 0) {
		if (fwrite(p, 1, n, s->out) != n)
			write_failed(s, errno);
		return;
	}
	if (fflush(s->out) != 0) {   /* what stdio holds goes first (nothing, normally) */
		write_failed(s, errno);
		return;
	}
	while (n > 0) {
		ssize_t k = write(fd, p, n);
		if (k < 0) {
			if (errno == EINTR && !(s->stop_signal && *s->stop_signal))
				continue;
			write_failed(s, errno);
			return;
		}
		p += k;
		n -= (size_t)k;
	}
}

static void drain(struct sink *s)
{
	if (s->obuf.len && !s->write_failed)
		out_all(s, s->obuf.s, s->obuf.len);
	s->obuf.len = 0;
}

void sink_write(struct sink *s, const char *p, size_t n)
{
	if (s->write_failed || n == 0)
		return;
	if (s->obuf.len + n > SINK_OBUF_SIZE)
		drain(s);
	if (n >= SINK_OBUF_SIZE)
		out_all(s, p, n);
	else
		strbuf_add(&s->obuf, p, n);
}

static int64_t ts_ns(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

/* The offset between the clocks: the monotonic reading between two real-time ones, whose
 * middle stands for the same instant (the error is half their distance, a few tens of ns). */
static void calibrate(struct sink *s)
{
	struct timespec r1, m, r2;
	clock_gettime(CLOCK_REALTIME, &r1);
	clock_gettime(CLOCK_MONOTONIC, &m);
	clock_gettime(CLOCK_REALTIME, &r2);
	int64_t real = ts_ns(&r1) + (ts_ns(&r2) - ts_ns(&r1)) / 2;
	s->mono_to_real = real - ts_ns(&m);
	s->clock_mono = (uint64_t)ts_ns(&m);
}

void sink_walltime(struct sink *s, uint64_t mono_ns, struct timespec *out)
{
	if (mono_ns == 0) {
		clock_gettime(CLOCK_REALTIME, out);
		return;
	}
	if (s->clock_mono == 0 || mono_ns > s->clock_mono + 1000000000u)
		calibrate(s);
	int64_t real = (int64_t)mono_ns + s->mono_to_real;
	if (real < 0)
		real = 0;
	out->tv_sec = (time_t)(real / 1000000000);
	out->tv_nsec = (long)(real % 1000000000);
}

bool sink_flush_out(struct sink *s)
{
	drain(s);
	while (!s->write_failed && (fflush(s->out) != 0 || ferror(s->out))) {
		if (errno == EINTR && !(s->stop_signal && *s->stop_signal)) {
			clearerr(s->out);
			continue;
		}
		write_failed(s, errno);
	}
	return !s->write_failed;
}
