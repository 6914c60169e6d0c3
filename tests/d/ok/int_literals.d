/* @root */
/* Integer constants: hex, octal, character constants with escapes, and suffixes that choose
 * the type (K&R A2.5; D follows C). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d\n", 0x1F, 017, 'A', '\n', '\0', '\\');
	printf("%d %d %d %d %d\n", sizeof (1), sizeof (1u), sizeof (1l), sizeof (1ul),
	    sizeof (1ull));
	printf("%d %d\n", sizeof (2147483647), sizeof (2147483648));
	printf("%d\n", sizeof (0xffffffff));
	exit(0);
}
