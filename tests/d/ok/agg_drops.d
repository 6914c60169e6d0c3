/* @root */
/* A full aggregation buffer: aggsize is one CPU's buffer, and DTrace for Linux counts a
 * count() keyed by an int as 32 bytes of it (4-byte aggregation id, 4-byte key, 8-byte value,
 * 16 more), so 100 bytes hold 3 entries and the 2 other keys are dropped and reported as
 * dtrace reports them (dtrace -x aggsize=100 -s agg_drops.d). */
/* @opts: -x aggsize=100 */
#pragma D option quiet
tick-1ms
{
	@[1] = count(); @[2] = count(); @[3] = count(); @[4] = count(); @[5] = count();
	exit(0);
}
