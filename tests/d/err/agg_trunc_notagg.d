/* trunc() takes an aggregation. */
BEGIN
{
	x = 1;
	trunc(x);
}
