/* llquantize's high magnitude must be above the low one. */
BEGIN
{
	@a[1] = llquantize(timestamp, 10, 4, 3, 20);
}
