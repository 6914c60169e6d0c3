/* llquantize's high magnitude must be at least the low one (dt_cg.c, D_LLQUANT_HMAGVAL). */
BEGIN
{
	@a[1] = llquantize(timestamp, 10, 4, 3, 20);
}
