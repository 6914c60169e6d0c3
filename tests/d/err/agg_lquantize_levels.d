/* A step larger than the range leaves no level. */
BEGIN
{
	@ = lquantize(1, 2, 3, 4);
}
