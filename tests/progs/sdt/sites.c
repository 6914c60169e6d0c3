/* sites.c — one probe, many sites: a probe in a static inline function used from three places,
 * and a probe in a loop the compiler unrolls. Each copy of the asm must get its own note (the
 * header uses local numeric labels), and a tracer must see every firing: the program prints how
 * many times each probe fired and the sum of the values passed. */
#include <stdio.h>
#include "usdtrace/sdt.h"

volatile int in_base = 10;

static inline int step(int v)
{
	USDT(sites, step, v);
	return v + 1;
}

int main(void)
{
	int v = in_base, sum = 0, fired = 0;

	v = step(v); sum += v - 1; fired++;
	v = step(v); sum += v - 1; fired++;
	v = step(v); sum += v - 1; fired++;
#if defined(__clang__)
# pragma clang loop unroll(full)
#else
# pragma GCC unroll 4
#endif
	for (int i = 0; i < 4; i++)
		USDT(sites, loop, i);
	printf("step %d %d\nloop 4 6\n", fired, sum);
	return 0;
}
