/* shlib_lib.c — a shared library (-fPIC -shared) with its own probes and semaphore. Checks that
 * notes in a library carry addresses readers can relocate (via _.stapsdt.base), that the hidden
 * semaphore is reached without the GOT and its note address is the library's own, and that
 * bpftrace tracing the library from the executable sees the right values. */
#include "usdtrace/sdt.h"

USDT_DEFINE_SEMAPHORE(shlib, work);

int lib_work(int x)
{
	USDT(shlib, plain, x, (long)x * 3);
	USDT_GUARDED(shlib, work, x, x + 1);
	return USDT_ENABLED(shlib, work) ? 1 : 0;
}
