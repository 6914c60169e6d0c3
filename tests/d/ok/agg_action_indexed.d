/* printa(), trunc(), normalize() and clear() of an indexed aggregation act on the whole
 * aggregation, as in DTrace for Linux: the keys are neither checked nor used (dt_cc.c takes
 * the aggregation's identifier only), so even an unknown variable there is no error. */
#pragma D option quiet

BEGIN
{
	@a[1] = sum(10);
	@a[2] = sum(20);
	@a[3] = sum(5);
	printa(@a[1, "x"]);
	normalize(@a[9], 5);
	printa("%d %@d\n", @a[nosuchvar]);
	trunc(@a[1], 2);
	printa(@a["y"]);
	clear(@a[2]);
	printa(@a[2]);
	exit(0);
}
