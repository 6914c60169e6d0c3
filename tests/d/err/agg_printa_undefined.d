/* printa() of an aggregation that nothing assigns: dtrace fails to resolve the name. */
BEGIN
{
	printa(@nothing);
}
