/* @root */
/* Comparisons after the usual arithmetic conversions (Guide, "Type Conversions"): int against
 * unsigned int or unsigned long compares unsigned; long against unsigned int compares signed
 * (long holds every unsigned int). No promotion to int first: unsigned char outranks char, so
 * (char)-1 becomes the unsigned char 255 and 255 > 255 is false, as dtrace prints it. */
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
