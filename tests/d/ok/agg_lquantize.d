/* @root */
/* lquantize(value, lower, upper, step): buckets "< 0", 0, 10, ... 90, ">= 100"; values
 * below, inside and above the range; and lquantize without a step (1) on an integer key. */
#pragma D option quiet
int i;
BEGIN
{
	@l = lquantize(-5, 0, 100, 10);
	@l = lquantize(0, 0, 100, 10);
	@l = lquantize(9, 0, 100, 10);
	@l = lquantize(35, 0, 100, 10);
	@l = lquantize(35, 0, 100, 10);
	@l = lquantize(99, 0, 100, 10);
	@l = lquantize(100, 0, 100, 10);
	@l = lquantize(12345, 0, 100, 10, 2);
	@k[1] = lquantize(2, 1, 4);
	@k[1] = lquantize(3, 1, 4);
	@k[2] = lquantize(0, 1, 4);
	exit(0);
}
