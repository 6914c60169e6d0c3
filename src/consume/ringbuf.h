/* ringbuf.h — reading records from one BPF ring buffer map, in the order they were reserved.
 *
 * Contract: a thin layer over libbpf's ring_buffer__new/__poll/__consume. The callback gets each
 * record's bytes (valid only during the call) and returns 0 to go on or a negative value to stop
 * delivery (the record it was given counts as consumed). Records the BPF program discarded are
 * never delivered. Records arrive in the order the programs reserved them, across CPUs (one
 * reserved but not yet submitted holds back those after it until it is submitted). */
#ifndef USDTRACE_RINGBUF_H
#define USDTRACE_RINGBUF_H
#include <stddef.h>

typedef int (*ringbuf_record_fn)(void *ctx, const void *data, size_t size);

struct ringbuf;

/* Returns NULL with errno set and a message in errbuf on failure (not a ring buffer map...). */
struct ringbuf *ringbuf_open(int map_fd, ringbuf_record_fn fn, void *ctx, char *errbuf, size_t errlen);

/* Wait up to timeout_ms (-1: forever, 0: not at all) for records and deliver all that are
 * ready. Returns the number delivered (0 on timeout); the callback's negative value if it
 * stopped delivery; or RINGBUF_ERR with errno set (EINTR when a signal arrived: not an error for
 * callers that loop). Callbacks must not return RINGBUF_ERR. */
#define RINGBUF_ERR (-1000000)
int ringbuf_poll(struct ringbuf *rb, int timeout_ms);

/* Deliver everything already in the buffer without waiting (the final drain after detaching).
 * Returns as ringbuf_poll. */
int ringbuf_drain(struct ringbuf *rb);

void ringbuf_close(struct ringbuf *rb);

/* An epoll descriptor that is readable when records wait (libbpf's), for a caller that waits
 * on other descriptors too (usdtraced's socket) and then calls ringbuf_poll(rb, 0). */
int ringbuf_epoll_fd(const struct ringbuf *rb);
#endif
