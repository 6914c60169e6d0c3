/*
 * Aggregations printed by one printa() without a format must have matching keys; dtrace
 * checks them as it generates the clause's code, where its line is still the clause's first
 * line (with a format the check follows the format's, at the printa()'s own line:
 * err/printa_keys_format_line). dtrace -s reports line 7 here (the BEGIN).
 */
BEGIN
/1/
{
	@a[1] = count();
	@b[1, 2] = count();
	printa(@a, @b);
	exit(0);
}
