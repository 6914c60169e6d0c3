/* @root */
/* How much of aggsize an entry takes depends on its key's members at their natural alignment
 * after a 4-byte aggregation id (DTrace for Linux, measured with growing key counts): a
 * (char, long) key is 16 bytes, an avg() value 2 words, so each entry is 16 + 16 + 16 = 48
 * bytes and 100 bytes hold 2 entries; the third key is an aggregation drop
 * (dtrace -x aggsize=100 -s agg_drops_keysize.d). */
/* @opts: -x aggsize=100 */
#pragma D option quiet
tick-1ms
{
	@[(char)1, (long)1] = avg(10); @[(char)2, (long)2] = avg(20); @[(char)3, (long)3] = avg(30);
	exit(0);
}
