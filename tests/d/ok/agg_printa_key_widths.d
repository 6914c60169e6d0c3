/* @root */
/* printa() of aggregations whose integer keys differ in size (an int and a char, an int and a
 * long) is valid: the keys are compatible integers. A key of one size never equals a key of
 * another, so each is a row of its own, printed at its own width, with zero for the other
 * aggregation; between rows whose values tie, the narrower key comes first, whichever
 * aggregation it belongs to. Then the same through a format (the row's own key type).
 * (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @a[1] = sum(0); @b[(char)1] = sum(0); printa(@a, @b); exit(0); }') */
#pragma D option quiet
BEGIN
{
	@a[1] = count();
	@b[(char)1] = count();
	@c[(long)1] = sum(0);
	@c[(long)2] = sum(0);
	@d[1] = sum(0);
	printa(@a, @b);
	printa(@c, @d);
	printa(@d, @c);
	printa("%d: %@d %@d\n", @a, @b);
	exit(0);
}
