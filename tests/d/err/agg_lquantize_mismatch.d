/* Every use of an lquantize() aggregation must have the same parameters. */
BEGIN
{
	@ = lquantize(0, 10, 20, 1);
	@ = lquantize(0, 10, 20, 2);
}
