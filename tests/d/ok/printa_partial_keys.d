/* @root */
/* A printa() format may show fewer keys than the tuple has, or none at all. */
#pragma D option quiet

BEGIN
{
	@a["x", 7, 9] = count();
	@b["x", 7, 9] = sum(10);
	printa("%@u:\n", @a);
	printa("%s %@u\n", @a);
	printa("%s %d %@u\n", @a);
	printa("%@d %@d\n", @a, @b);
	exit(0);
}
