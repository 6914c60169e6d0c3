/* @root */
/* llquantize( )'s high magnitude may be as large as factor^(high + 1) fits 64 bits unsigned
 * (dtrace refuses it beyond, err/agg_llquantize_*), so its top bins reach past INT64_MAX:
 * with factor 10 and high magnitude 18 the overflow bin is ">= 10000000000000000000", with
 * factor 2 and 62 it is ">= 9223372036854775808"; the labels are cut to 15 characters as
 * all llquantize labels. (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @ = llquantize(5, 10, 0, 18, 10); exit(0); }' prints the histogram) */
#pragma D option quiet
BEGIN
{
	@ten = llquantize(1000000000000000000, 10, 0, 18, 10);
	@ten = llquantize(0x7fffffffffffffff, 10, 0, 18, 10);
	@ten = llquantize(5, 10, 0, 18, 10);
	@tenneg = llquantize(-0x7fffffffffffffff - 1, 10, 0, 18, 10);
	@two = llquantize(0x4000000000000000, 2, 0, 62, 2);
	@two = llquantize(-0x4000000000000001, 2, 0, 62, 2);
	@two = llquantize(-0x7fffffffffffffff - 1, 2, 0, 62, 2);
	@three = llquantize(5, 3, 0, 39, 3);
	exit(0);
}
