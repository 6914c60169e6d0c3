/* @root */
/*
 * printf conversions with flags, widths (from arguments too, negative = left-aligned),
 * precisions and length modifiers, over narrow and signed/unsigned arguments.
 * Expected: DTrace for Linux's output for this program.
 */
#pragma D option quiet

BEGIN
{
	printf("%5.2s|%-5s|%.0s|\n", "abc", "x", "y");
	printf("%x %X %o %#x %#o\n", -1, 255, 8, 255, 8);
	printf("%+d % d %05d %-5d|\n", 3, 3, -3, 3);
	printf("%*d|%-*d|%*d|\n", 5, 1, 4, 2, -4, 3);
	printf("%.*s|\n", 2, "abcdef");
	printf("%u %i %d\n", (char)-1, (short)-1, (unsigned char)200);
	printf("%lld %ld %hd\n", -1LL, -1L, (short)70000);
	printf("%10.4x|%-#10x|%%|\n", 255, 255);
	printf("%d %d\n", (unsigned short)65535 + (signed char)-1, (signed char)127 + (signed char)1);
	exit(0);
}
