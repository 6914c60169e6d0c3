/* lp_lib.c — a shared library with probes of its own (provider lplib), for -c, deleted-file
 * and memfd listing tests. */
#include <usdtrace/sdt.h>

int lp_lib_call(int x)
{
	USDT(lplib, lib__call, x);
	return x + 1;
}

long lp_lib_done(long y)
{
	USDT(lplib, lib__done, y);
	return y * 2;
}
