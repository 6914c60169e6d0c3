/* syms_static.c — static functions three calls deep to a USDT probe (systemtap's sys/sdt.h: a
 * plain nop, where gdb can stop too), for ustack_syms.sh: the program is stripped in the ways
 * distributions strip (MiniDebugInfo, a debuglink, nothing left) and the frames' names compared
 * with gdb's and with nm's of the unstripped program. */
#include <sys/sdt.h>

volatile int sink;

__attribute__((noinline, noclone)) static int depth3(int x)
{
	DTRACE_PROBE1(symtest, hit, x);
	sink = x;
	return x + 1;
}

__attribute__((noinline, noclone)) static int depth2(int x)
{
	return depth3(x + 1) * 2;
}

__attribute__((noinline, noclone)) static int depth1(int x)
{
	return depth2(x * 3) + 3;
}

int main(int argc, char **argv)
{
	(void)argv;
	return depth1(argc) == 7;
}
