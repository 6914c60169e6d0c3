/* @opts: -x errtags */
/* Aggregations printed together need the same number of keys: D_PRINTA_AGGKEY. */
BEGIN
{
	@a[1] = count();
	@b = count();
	printa("%d %@d %@d\n", @a, @b);
}
