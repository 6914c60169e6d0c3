/* @root */
/* quantize() keyed by a string: power-of-two buckets (0, 1, 2-3, 4-7 ...; negatives
 * mirrored), an increment as second argument, one histogram per key sorted by the sum of
 * bucket value x count. For "small": 0 once, 1 twice, 5 (the 4 bucket) once, -3 (the -2
 * bucket) once; for "big": 1000 (the 512 bucket) with increment 3, 1 once. */
#pragma D option quiet
BEGIN
{
	@q["small"] = quantize(0);
	@q["small"] = quantize(1);
	@q["small"] = quantize(1);
	@q["small"] = quantize(5);
	@q["small"] = quantize(-3);
	@q["big"] = quantize(1000, 3);
	@q["big"] = quantize(1);
	exit(0);
}
