/* @root */
/* avg( ) is the arithmetic mean (Guide, "Aggregations"), also under a printa format: the mean
 * of -5 and -2 prints -3 through %@d, as it does in the default output. DEVIATION from DTrace
 * for Linux, decided by the Guide: dtrace's pfprint_average divides the sum as an unsigned
 * number, so a negative mean prints as a huge one there:
 * dtrace -qn 'BEGIN { @ = avg(-5); @ = avg(-2); printa("%@d\n", @); exit(0); }' prints
 * 9223372036854775804 (its default output, dt_print_average, divides signed: -3). */
#pragma D option quiet
BEGIN
{
	@a = avg(-5);
	@a = avg(-2);
	@b[1] = avg(-7);
	@b[2] = avg(4);
	@b[2] = avg(-1);
	exit(0);
}

END
{
	printa("%@d\n", @a);
	printa(@a);
	printa("%d %@d\n", @b);
}
