/* @root */
/* normalize( )'s factor is a uint64_t to dtrace (dt_normalize keeps it unsigned), so a
 * negative one is a huge divisor: the default print divides unsigned and shows 0, a signed
 * %@d divides by it as a signed number (-1 here, so the sum's sign flips), and no error is
 * reported. (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @ = sum(10); normalize(@, -1); exit(0); }' prints 0) */
#pragma D option quiet
BEGIN
{
	@a = sum(10);
	@b[1] = sum(10);
	exit(0);
}

END
{
	normalize(@a, -1);
	normalize(@b, -2);
	printa("%@d %@u\n", @a);
	printa(@a);
	printa("%d %@d\n", @b);
}
