/* printa() of an aggregation that nothing assigns. */
BEGIN
{
	printa(@nothing);
}
