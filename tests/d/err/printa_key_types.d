/* Aggregations printed together need keys of the same types; dtrace names the first one that
 * differs and both types. */
BEGIN
{
	@a[1, "x"] = count();
	@b[2, 3] = count();
	printa("%d %@d %@d\n", @a, @b);
}
