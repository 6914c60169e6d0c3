/*
 * With a format, printa()'s aggregations are checked at the printa()'s own line: dtrace sets
 * its line there to check the format, before it compares the keys (err/
 * printa_keys_no_format_line has the line without a format). dtrace -s reports line 12.
 */
BEGIN
/1/
{
	@a[1] = count();
	@b[1, 2] = count();

	printa("%d %@d %@d\n", @a, @b);
	exit(0);
}
