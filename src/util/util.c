/* util.c — see util.h. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *util_progname = "usdtrace";

static void oom(void)
{
	fprintf(stderr, "%s: out of memory\n", util_progname);
	exit(1);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	return strbuf_take(&b);
}

void xgrow(void *arrp, size_t elsz, size_t *cap, size_t need)
{
	void **arr = arrp;
	if (need <= *cap)
		return;
	size_t ncap = *cap ? *cap * 2 : 8;
	while (ncap < need)
		ncap *= 2;
	*arr = xrealloc(*arr, ncap * elsz);
	memset((char *)*arr + *cap * elsz, 0, (ncap - *cap) * elsz);
	*cap = ncap;
}

void util_warn(const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "%s: ", util_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void strbuf_add(struct strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 64;
		while (ncap < b->len + n + 1)
			ncap *= 2;
		b->s = xrealloc(b->s, ncap);
		b->cap = ncap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_add(b, s, strlen(s));
}

void strbuf_putc(struct strbuf *b, char c)
{
	strbuf_add(b, &c, 1);
}

void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	char small[256];
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof(small), fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		strbuf_add(b, small, (size_t)n);
		return;
	}
	char *big = xmalloc((size_t)n + 1);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	strbuf_add(b, big, (size_t)n);
	free(big);
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *strbuf_take(struct strbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void strbuf_free(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

int util_seterr(char *errbuf, size_t errlen, const char *fmt, ...)
{
	if (errbuf && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(errbuf, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

char *util_read_file(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	struct strbuf b = {0};
	char chunk[65536];
	for (;;) {
		ssize_t n = read(fd, chunk, sizeof(chunk));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			close(fd);
			strbuf_free(&b);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		strbuf_add(&b, chunk, (size_t)n);
	}
	close(fd);
	if (lenp)
		*lenp = b.len;
	return strbuf_take(&b);
}
