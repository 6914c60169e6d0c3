/* @root */
/* printa() need not print every key: a format with fewer conversions than the aggregation
 * has keys prints what it names (printf, in contrast, must use every argument). */
#pragma D option quiet

BEGIN
{
	@a[1, "x"] = sum(5);
	@a[2, "y"] = sum(7);
	printa("key %d: %@d\n", @a);
	exit(0);
}
