/* An aggregation action names an aggregation that only a later clause assigns: dtrace
 * resolves the name when it compiles the call, in program order, so it is unknown there. */
BEGIN
{
	printa(@a);
}

BEGIN
{
	@a = count();
}
