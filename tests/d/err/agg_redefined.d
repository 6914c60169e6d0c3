/* One aggregation, two functions: dt_parser.c's D_AGG_REDEF message. */
BEGIN
{
	@a[1] = count();
	@a[2] = sum(3);
}
