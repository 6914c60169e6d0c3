/* @root */
/* Comparisons after the usual arithmetic conversions (K&R A6.5): int against unsigned int or
 * unsigned long compares unsigned; long against unsigned int compares signed (long holds every
 * unsigned int). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", -1 < 1u, -1 < 1ul, -1L < 1u);
	printf("%d %d\n", -1 < 1, (unsigned char)255 > (char)-1);
	printf("%d\n", (uint64_t)-1 > 0);
	x = -5;
	y = 3u;
	printf("%d\n", x > y);
	exit(0);
}
