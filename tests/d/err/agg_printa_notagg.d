/* printa's arguments after the format are aggregations. */
BEGIN
{
	@a = count();
	printa("%@d\n", 3);
}
