/* clear() empties every value and keeps the keys (Dynamic Tracing Guide, "Aggregations",
 * clear): a cleared min() or max() is the function's starting value, INT64_MAX for min and
 * INT64_MIN for max, printed as such by printa() with or without a format (DTrace for Linux,
 * observed: dtrace -qn 'BEGIN { @a = min(5); } tick-1ms { clear(@a); printa(@a); exit(0); }'
 * prints 9223372036854775807). The other functions' cleared values print 0. */
#pragma D option quiet
BEGIN
{
	@a[1] = min(5);
	@a[2] = min(-5);
	@b[1] = max(5);
	@c = min(3);
	@d = max(-3);
	@e[1] = sum(4);
	@f[1] = avg(4);
}
tick-1ms
{
	clear(@a);
	clear(@b);
	clear(@c);
	clear(@d);
	clear(@e);
	clear(@f);
	printa(@a);
	printa("%d %@d\n", @b);
	printa("%@d\n", @c);
	printa(@d);
	printa(@e, @f);
	exit(0);
}
