/* lquantize's bounds must be integer constants; dt_cc.c numbers them from the
 * bound (argument #1 is the lower bound). */
BEGIN
{
	x = 0;
	@a = lquantize(1, x, 10);
}
