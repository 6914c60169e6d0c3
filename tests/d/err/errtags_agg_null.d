/* @opts: -x errtags */
/* An aggregation alone as a statement does nothing: D_AGG_NULL. */
BEGIN
{
	@a = count();
	@a;
}
