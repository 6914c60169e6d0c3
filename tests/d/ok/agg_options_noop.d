/* @root */
/* aggrate is accepted and changes nothing the dtrace command prints: it only paces the
 * snapshots. (aggpercpu does change the output: each CPU's value follows the total, as dtrace
 * for Linux prints it; tests/unit/test_agg.c covers it, its rows depending on the CPUs.) */
/* @opts: -x aggrate=5hz */
#pragma D option quiet
BEGIN
{
	@c["x"] = count(); @c["y"] = count(); @c["y"] = count();
	@s = sum(7);
	exit(0);
}
