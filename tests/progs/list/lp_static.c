/* lp_static.c — a statically linked program with a probe, for -c on static executables. */
#include <usdtrace/sdt.h>

int main(int argc, char **argv)
{
	(void)argv;
	USDT(lpstatic, static__start, argc);
	return 0;
}
