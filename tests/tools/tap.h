/* tap.h — the shell-test protocol for test tools: one "ok - NAME" or "not ok - NAME: why" line
 * per case (tests/run.sh counts them), flushed at once so lines from a tool and from the shell
 * test that drives it stay in order. tap_failures counts the "not ok" lines for the exit status. */
#ifndef USDTRACE_TESTS_TAP_H
#define USDTRACE_TESTS_TAP_H
#include <stdarg.h>
#include <stdio.h>

static int tap_failures;

static inline void tap_ok(const char *name)
{
	printf("ok - %s\n", name);
	fflush(stdout);
}

static void tap_notok(const char *name, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tap_notok(const char *name, const char *fmt, ...)
{
	va_list ap;
	printf("not ok - %s: ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	tap_failures++;
}
#endif
