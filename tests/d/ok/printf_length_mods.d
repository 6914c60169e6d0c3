/* @root */
/* The h, l and ll length modifiers with arguments of the matching type. */
#pragma D option quiet

BEGIN
{
	printf("%ld %lld %lu %lx\n", 1L << 40, -(1LL << 50), 1UL << 63, 1L << 36);
	printf("%hd %hu %hx\n", (short)-2, (unsigned short)65535, (short)-1);
	exit(0);
}
