/* @root */
/* A full aggregation map: aggsize is one CPU's buffer; at 160 bytes a count() keyed by an
 * int holds 2 entries here (8-byte key + 8-byte value + 64 bytes of map overhead each), so
 * the 3 other keys are dropped and reported as dtrace reports them. */
/* @opts: -x aggsize=160 */
#pragma D option quiet
tick-1ms
{
	@[1] = count(); @[2] = count(); @[3] = count(); @[4] = count(); @[5] = count();
	exit(0);
}
