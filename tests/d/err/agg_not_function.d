/* An aggregation takes an aggregating function's result (D_AGG_FUNC). */
BEGIN
{
	@a = 1;
}
