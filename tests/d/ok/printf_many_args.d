/* @root */
/* Ten value arguments of mixed types in one printf. */
#pragma D option quiet

BEGIN
{
	s = "s";
	printf("%d %s %d %c %x %u %s %d %d %s\n", 1, s, (char)3, 'd', 14, 6u, "seven", 8L,
	    (short)9, strjoin("t", "en"));
	exit(0);
}
