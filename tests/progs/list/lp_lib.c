/* lp_lib.c — a shared library with probes of its own (provider lplib), for -c, deleted-file
 * and memfd listing tests. */
#include "lp_note.h"

int lp_lib_call(int x)
{
	LP_PROBE(lplib, lib__call, "-4@%0", "r"(x));
	return x + 1;
}

long lp_lib_done(long y)
{
	LP_PROBE(lplib, lib__done, "8@%0", "r"(y));
	return y * 2;
}
