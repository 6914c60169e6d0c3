/* aggpercpu and aggrate are accepted and change nothing the dtrace command prints:
 * illumos libdtrace keeps per-CPU copies for API consumers only (dt_aggregate.c, under
 * DTRACE_A_PERCPU; dt_consume.c never prints them), and aggrate only paces its snapshots. */
/* @opts: -x aggrate=5hz */
#pragma D option quiet
#pragma D option aggpercpu
BEGIN
{
	@c["x"] = count(); @c["y"] = count(); @c["y"] = count();
	@s = sum(7);
	exit(0);
}
