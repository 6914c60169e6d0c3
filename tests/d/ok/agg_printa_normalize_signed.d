/* @root */
/* printa's %@ conversions divide a normalized value as the conversion reads it: %@d and %@i of
 * an int64_t aggregation (sum, min, max) divide signed, so a normalized negative sum prints
 * negative; %@u, %@x and %@o divide unsigned, as does every conversion of a count() (a
 * uint64_t). The default printa keeps dtrace's unsigned division of "(long long)value /
 * normal" (last line). (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @s = sum(-10); normalize(@s, 2); printa("%@d %@u\n", @s); exit(0); }'
 * prints "-5 9223372036854775803") */
#pragma D option quiet
BEGIN
{
	@s = sum(-10);
	@m = min(-7);
	@x = max(9);
	@c = count();
	exit(0);
}

END
{
	normalize(@s, 2);
	normalize(@m, 2);
	normalize(@x, 2);
	normalize(@c, 2);
	printa("sum %@d %@i %@+d %@u %@x %@o\n", @s);
	printa("min %@d %@i %@u %@x\n", @m);
	printa("max %@d %@u\n", @x);
	printa("count %@d %@u\n", @c);
	printa("sum then count %@d %@d\n", @s, @c);
	printa(@s);
}
