/* printa() of aggregations whose string keys are the same strings: the members may be sized
 * differently (the code generator sizes a string member by the longest value it can hold,
 * here "abc" alone in @c), yet the keys are one signature and equal strings are one row
 * (Dynamic Tracing Guide, "printa": the aggregations' keys must match; DTrace for Linux,
 * observed: dtrace -qn 'BEGIN { @a["abc"] = sum(1); @b["longer-key"] = sum(2);
 * @b["abc"] = sum(3); printa(@a, @b); exit(0); }'). */
#pragma D option quiet
BEGIN
{
	@a[1, "abc"] = sum(1);
	@b[1, "longer-string-key"] = sum(2);
	@b[1, "abc"] = sum(3);
	@a[2, "longer-string-key"] = sum(4);
	@c[1, "abc"] = count();
	printa("%d %s %@d %@d\n", @a, @b);
	printa(@a, @b);
	printa(@c, @b);
	exit(0);
}
