/* @root */
/* llquantize( ) labels are at most 15 characters: dtrace writes each one into a 16-byte
 * buffer (snprintf, so a longer label loses its end) before printing it with "%16s", so the
 * labels of magnitudes of 10^15 and beyond are cut: 1000000000000000 prints as
 * 100000000000000, ">= 1000000000000000000" as ">= 100000000000". (DTrace for Linux,
 * observed: dtrace -qn 'BEGIN { @ = llquantize(1000000000000000, 10, 0, 17, 10); exit(0); }') */
#pragma D option quiet
BEGIN
{
	@mid = llquantize(1000000000000000, 10, 0, 17, 10);
	@big = llquantize(999999999999999999, 10, 0, 17, 10);
	@big = llquantize(0x7fffffffffffffff, 10, 0, 17, 10);
	@neg = llquantize(-0x7fffffffffffffff - 1, 10, 0, 17, 10);
	@neg = llquantize(-123456789012345, 10, 0, 17, 10);
	@low = llquantize(-5, 10, 16, 17, 10);
	@low = llquantize(20000000000000000, 10, 16, 17, 10);
	exit(0);
}
