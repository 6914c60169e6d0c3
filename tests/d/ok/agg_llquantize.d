/* @root */
/* llquantize(value, factor, low, high, nsteps): factor 10, magnitudes 10^0..10^2, 10 steps
 * per magnitude. Bins, dtrace for Linux's: "<= -1000", the negative ones, "0" (|v| < 1), 1..9,
 * 10..90 by 10, 100..900 by 100, ">= 1000"; negative values land in the mirror bins. */
#pragma D option quiet
BEGIN
{
	@ll = llquantize(0, 10, 0, 2, 10);
	@ll = llquantize(7, 10, 0, 2, 10);
	@ll = llquantize(55, 10, 0, 2, 10);
	@ll = llquantize(59, 10, 0, 2, 10);
	@ll = llquantize(250, 10, 0, 2, 10);
	@ll = llquantize(5000, 10, 0, 2, 10, 4);
	@neg = llquantize(-3, 10, 0, 2, 10);
	@neg = llquantize(-30, 10, 0, 2, 10, 2);
	@neg = llquantize(-5000, 10, 0, 2, 10);
	@neg = llquantize(20, 10, 0, 2, 10);
	exit(0);
}
