/* @root */
/* printa's %@ conversions take the value type of the FIRST aggregation printed, for every
 * aggregation of the printa: count() is a uint64_t, the other functions int64_t. So with a
 * count first, %@d prints as unsigned (the '+' and ' ' flags do nothing, a negative sum
 * printed through it is a huge number); with the sum first, every %@d is signed. Extra %@
 * conversions reuse the last aggregation. (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @c[1] = count(); @s[1] = sum(-5); printa("%@d %@d\n", @c, @s); ... }') */
#pragma D option quiet
BEGIN
{
	@c[1] = count();
	@s[1] = sum(-5);
	printa("%@d %@d|%@+d %@+d\n", @c, @s);
	printa("%@d %@d|%@+d %@+d\n", @s, @c);
	printa("[%@ d][%@+d][%@ 5d][%@x]\n", @c);
	printa("[%@ d][%@+d][%@ 5d]\n", @s);
	exit(0);
}
