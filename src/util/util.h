/* util.h — small helpers shared by every module: allocation that cannot fail silently,
 * a growable string buffer, and the program-name prefix for messages.
 *
 * Contract: x*alloc never return NULL (they print "PROG: out of memory" and exit 1).
 * Messages go to stderr prefixed with the name the binary was invoked by (set once by main). */
#ifndef USDTRACE_UTIL_H
#define USDTRACE_UTIL_H
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern const char *util_progname; /* basename of argv[0]; "usdtrace" until main sets it */

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (of elements of size elsz) so that index `need - 1` is valid; *cap is updated. */
void xgrow(void *arrp, size_t elsz, size_t *cap, size_t need);

/* "PROG: message\n" on stderr. */
void util_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Growable NUL-terminated string. Zero-initialise ({0}) before use; free with strbuf_free. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void strbuf_add(struct strbuf *b, const char *s, size_t n);
void strbuf_puts(struct strbuf *b, const char *s);
void strbuf_putc(struct strbuf *b, char c);
void strbuf_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_vprintf(struct strbuf *b, const char *fmt, va_list ap);
char *strbuf_take(struct strbuf *b); /* returns the string (never NULL) and resets b */
void strbuf_free(struct strbuf *b);

/* Copy a message into a caller's error buffer (errbuf may be NULL). Returns -1 for convenience. */
int util_seterr(char *errbuf, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Read a whole file into a NUL-terminated malloc'd buffer. Returns NULL and sets errno on failure. */
char *util_read_file(const char *path, size_t *lenp);
#endif
