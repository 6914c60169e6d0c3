/* @root */
/* sizeof on D's integer types and their fixed-width names (LP64), and on expressions. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int), sizeof (long),
	    sizeof (long long));
	printf("%d %d %d %d\n", sizeof (uint8_t), sizeof (int16_t), sizeof (uint32_t),
	    sizeof (int64_t));
	printf("%d %d %d\n", sizeof (void *), sizeof (uintptr_t), sizeof (size_t));
	x = 1;
	y = 1L;
	c = (char)1;
	printf("%d %d %d\n", sizeof (x), sizeof (y), sizeof (c));
	exit(0);
}
