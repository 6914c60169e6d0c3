/* @root */
/* normalize( ) divides each value of the aggregation by the factor (Guide, "Data
 * Normalization"), a standard deviation included: {10, 20} has a standard deviation of 5,
 * normalized by 2 it prints 2 (integer division). DEVIATION from DTrace for Linux, decided by
 * the Guide: dtrace divides the mean square by the factor once but the mean by it before
 * squaring (dt_stddev), so this prints 8, more than the unnormalized 5, which no reading of
 * the Guide gives (and a single value, whose deviation is 0, prints 2 normalized by 10):
 * dtrace -qn 'BEGIN { @ = stddev(10); @ = stddev(20); normalize(@, 2); exit(0); }' */
#pragma D option quiet
BEGIN
{
	@a = stddev(10);
	@a = stddev(20);
	@b[1] = stddev(-100);
	@b[1] = stddev(300);
	@b[2] = stddev(7);
	exit(0);
}

END
{
	normalize(@a, 2);
	normalize(@b, 10);
	printa(@a);
	printa("%d %@d\n", @b);
}
