/* lp_static.c — a statically linked program with a probe, for -c on static executables. */
#include "lp_note.h"

int main(int argc, char **argv)
{
	(void)argv;
	LP_PROBE(lpstatic, static__start, "-4@%0", "r"(argc));
	return 0;
}
