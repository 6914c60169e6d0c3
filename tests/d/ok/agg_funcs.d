/* @root */
/* Every scalar aggregating function, keyed and not, printed at exit (dtrace prints each
 * aggregation printa() has not printed, in order of first appearance, sorted by value).
 * Values by hand: avg(4, 7, 10) = 7; stddev(2, 4, 4, 4, 5, 5, 7, 9) = 2 (integer sqrt of
 * the variance 4); min/max keep the extremes; count/sum per key. */
#pragma D option quiet
BEGIN
{
	@count["b"] = count(); @count["a"] = count(); @count["b"] = count(); @count["c"] = count();
	@count["b"] = count(); @count["c"] = count();
	@sum[3] = sum(10); @sum[1] = sum(-5); @sum[3] = sum(4); @sum[2] = sum(0);
	@avg = avg(4); @avg = avg(7); @avg = avg(10);
	@min["x"] = min(5); @min["x"] = min(-12); @min["y"] = min(3);
	@max["x"] = max(5); @max["x"] = max(-12); @max["y"] = max(3);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	@ = count();
	exit(0);
}
