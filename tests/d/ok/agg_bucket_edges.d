/* @root */
/*
 * Bucket edges with negative and extreme values: lquantize below its base and at its limit,
 * quantize of -1, 0 and INT64_MIN, llquantize below zero; min of INT64_MIN.
 * Expected: DTrace for Linux's output for this program.
 */
#pragma D option quiet

BEGIN
{
	@l = lquantize(-5, -10, 10, 3);
	@l = lquantize(-11, -10, 10, 3);
	@l = lquantize(10, -10, 10, 3);
	@q = quantize(-1);
	@q = quantize(0);
	@q = quantize(-9223372036854775807 - 1);
	@ll = llquantize(-3, 10, 0, 3, 10);
	@m = min(-9223372036854775807 - 1);
	exit(0);
}
