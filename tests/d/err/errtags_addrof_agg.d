/* @opts: -x errtags */
/* An aggregation has no address: D_ADDROF_VAR. */
BEGIN
{
	@a = count();
	trace(&@a);
}
