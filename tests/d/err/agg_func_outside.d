/* An aggregating function anywhere but the value of an aggregation. */
BEGIN
{
	x = count();
}
