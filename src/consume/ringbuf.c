/* ringbuf.c — ring buffer consumer over libbpf (see ringbuf.h). */
#include "ringbuf.h"

#include <bpf/libbpf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct ringbuf {
	struct ring_buffer *rb;
	ringbuf_record_fn fn;
	void *ctx;
	int stop;             /* the callback's negative answer during the current call, else 0 */
};

/* libbpf reports a callback's negative value as its own error; remembering it here tells the
 * two apart. */
static int deliver(void *ctx, void *data, size_t size)
{
	struct ringbuf *r = ctx;
	int v = r->fn(r->ctx, data, size);

	if (v < 0)
		r->stop = v;
	return v < 0 ? v : 0;
}

struct ringbuf *ringbuf_open(int map_fd, ringbuf_record_fn fn, void *ctx, char *errbuf, size_t errlen)
{
	struct ringbuf *r = xcalloc(1, sizeof(*r));

	r->fn = fn;
	r->ctx = ctx;
	r->rb = ring_buffer__new(map_fd, deliver, r, NULL);
	if (!r->rb) {
		int err = errno;
		free(r);
		util_seterr(errbuf, errlen, "cannot read ring buffer map (fd %d): %s", map_fd, strerror(err));
		errno = err;
		return NULL;
	}
	return r;
}

static int finish(struct ringbuf *r, int ret)
{
	if (r->stop) {
		int v = r->stop;
		r->stop = 0;
		return v;
	}
	if (ret < 0) {
		errno = -ret;
		return RINGBUF_ERR;
	}
	return ret;
}

int ringbuf_poll(struct ringbuf *r, int timeout_ms)
{
	r->stop = 0;
	return finish(r, ring_buffer__poll(r->rb, timeout_ms));
}

int ringbuf_drain(struct ringbuf *r)
{
	r->stop = 0;
	return finish(r, ring_buffer__consume(r->rb));
}

void ringbuf_close(struct ringbuf *r)
{
	if (!r)
		return;
	ring_buffer__free(r->rb);
	free(r);
}

int ringbuf_epoll_fd(const struct ringbuf *r)
{
	return ring_buffer__epoll_fd(r->rb);
}
