/* ut_lib.c — a shared library with a USDT probe, loaded with dlopen() by ut_prog (tests of
 * probes that appear while tracing runs). */
#include <usdtrace/sdt.h>

int ut_lib_hello(int i)
{
	USDT(utlib, hello, i, i * 2);
	return i + 1;
}
