/* @root */
/* Without -q: a printa() record starts with dtrace's CPU/ID/FUNCTION:NAME prefix and ends
 * the line after its rows; the remaining aggregations follow the final blank line. */
/* @cpu */
BEGIN
{
	@a["x"] = count();
	@b = sum(5);
	printa(@a);
	printa("%s=%@d\n", @a);
	exit(0);
}
