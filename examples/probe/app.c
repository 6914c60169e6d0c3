/* app.c — probes defined at run time from C (libusdtrace-probe). Build and trace:
 *   cc -I../../include -o app app.c -L../../build -lusdtrace-probe -Wl,-rpath,$PWD/../../build
 *   sudo ../../build/usdtrace -q -s trace.d -p $(pgrep -n app)      (see README.md) */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include <usdtrace/probe.h>

int main(void)
{
	struct usdtrace_provider *app = usdtrace_provider_new("app");
	enum usdtrace_type req[] = { USDTRACE_INT64, USDTRACE_STRING };
	enum usdtrace_type done[] = { USDTRACE_INT64, USDTRACE_INT32 };
	struct usdtrace_probe *start = usdtrace_probe_add(app, "request-start", 2, req);
	struct usdtrace_probe *end = usdtrace_probe_add(app, "request-done", 2, done);
	int n = usdtrace_provider_load(app);
	if (n < 0) {
		fprintf(stderr, "app: %s\n", usdtrace_probe_errmsg());
		return 1;
	}
	static const char *const paths[] = { "/", "/login", "/cart", "/missing" };
	for (int64_t id = 1; id <= 40; id++) {
		const char *path = paths[id % 4];
		usdtrace_probe_fire(start, id, path);
		usleep(50000);                                   /* the work */
		usdtrace_probe_fire(end, id, id % 4 == 3 ? 404 : 200);
	}
	usdtrace_provider_destroy(app);
	return 0;
}
