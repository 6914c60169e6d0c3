/* @root */
/* D folds integer constant expressions in 64 bits and, unlike C, does not cut a result to
 * its type: (1 << 63) - 1 is INT64_MAX although typed int, and 0x7fffffff + 1 is 2^31 (so
 * it compares greater than 0). Where the value is stored or recorded as an int, its low 32
 * bits are what remains; a cast to a narrower type, or to one of the same size and other
 * sign, cuts at once, but (int) of an int keeps the 64 bits (dtrace's casts, as at run
 * time: docs/arithmetic.md), so (int)(0x7fffffff + 1) > 0 holds. */
#pragma D option quiet

BEGIN
{
	@w = sum((1 << 63) - 1);
	printf("%d %d %d\n", 0x7fffffff + 1 > 0, 0x7fffffff + 1, (int)(0x7fffffff + 1) > 0);
	printf("%d %d\n", (1 << 32) != 0, sizeof ((1 << 63) - 1));
	exit(0);
}
