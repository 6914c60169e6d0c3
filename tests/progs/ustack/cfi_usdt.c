/* cfi_usdt.c — a USDT probe of include/usdtrace/sdt.h in a leaf function built without frame
 * pointers (ustack_cfi.sh): at the probe %rsp is lowered by 128 around the site's nop5
 * (docs/sdt-sites.md), so the stack walk must undo that before the leaf's CFA rule applies. */
#include <usdtrace/sdt.h>
#include <unistd.h>

__attribute__((noinline)) int cfi_usdt_leaf(int x)
{
	DTRACE_PROBE1(cfiusdt, hit, x);
	return x + 1;
}

__attribute__((noinline)) int cfi_usdt_mid(int x)
{
	return cfi_usdt_leaf(x) * 2;
}

int main(void)
{
	int s = 0;
	for (int i = 0; i < 400; i++) {
		s += cfi_usdt_mid(i);
		usleep(2000);
	}
	return s == 7;
}
