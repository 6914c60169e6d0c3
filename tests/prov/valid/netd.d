/*
 * netd.d -- a network daemon whose probes pass pointers to its own structures,
 * so the tracer can read args[0]->peer->port. The declarations are recorded in
 * the -G object (.note.usdtrace) for that.
 */
enum conn_state {
	CONN_IDLE,
	CONN_READING = 4,
	CONN_WRITING,
	CONN_CLOSED = -1
};

struct endpoint {
	char host[64];
	uint16_t port;
	unsigned int family : 4, secure : 1, : 0, weight : 7;
};

struct conn {
	int fd;
	enum conn_state state;
	struct endpoint *peer;
	struct endpoint local;
	uint64_t bytes_in, bytes_out;
	union {
		void *tls;
		long raw;
	} u;	/* named: D, as dtrace -G, has no anonymous members */
	struct conn *next;
	int (*on_read)(struct conn *, const char *, size_t);
};

typedef struct conn conn_t;
typedef struct {
	conn_t *conn;
	const char *method;
	const char *path;
	int status;
} request_t;
typedef unsigned long long nsec_t;

provider netd {
	probe conn__accept(conn_t *c, const struct endpoint *from);
	probe conn__close(conn_t *c, enum conn_state why);
	probe request__start(request_t *r, string method, string path);
	probe request__done(request_t *r, int status, nsec_t elapsed);
	probe io__read(struct conn *, ssize_t, const char *buf);
	probe io__write(struct conn *, ssize_t, const char *buf);
	probe timer__fire(int (*)(void *), void *);
	probe shutdown();
};
