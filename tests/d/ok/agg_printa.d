/* @root */
/* printa() with a format and several aggregations sharing keys: one row per key present in
 * any of them (zero for the others), sorted by the first aggregation's value; %@ takes the
 * aggregations in order. Then printa(@a, @b) without a format (key, then each value), and
 * printa of a histogram through %@d (the histogram's text). Printed aggregations are not
 * printed again at exit; @other is. */
#pragma D option quiet
BEGIN
{
	@n["read"] = count(); @n["read"] = count(); @n["write"] = count();
	@bytes["read"] = sum(100); @bytes["read"] = sum(28); @bytes["write"] = sum(7);
	@bytes["open"] = sum(1);
	@h["read"] = quantize(3);
	@other = sum(42);
	printa("%-8s %@4d %@6d\n", @n, @bytes);
	printa(@n, @bytes);
	printa("%s:%@d\n", @h);
	exit(0);
}
