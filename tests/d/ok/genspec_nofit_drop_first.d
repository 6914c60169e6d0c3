/* @root */
/*
 * A speculative record that cannot fit even an empty buffer is counted by DTrace for Linux's
 * BPF code (dt_cg.c, the specsize check of dt_cg_store_val: state DT_STATE_SPEC_DROPS), so
 * the first status check reports it together with the firing's failed speculation, in the
 * order of dtrace's drop table: the speculative drops first (dt_handle.c, _dt_droptab).
 * Drops the consumer makes of records that fit an empty buffer but not what is left come a
 * check later, after the failed speculations (genfault_spec_drop_order). Observed: dtrace -s
 * this prints "2 speculative drops", then "1 failed speculation (no speculative buffer
 * available)"; usdtrace printed them in the other order (genspec seed spec 20, before the
 * generator's seeds were final: see genspec.sh).
 */
#pragma D option quiet
#pragma D option specsize=16

BEGIN
{
	s0 = speculation();
}

BEGIN
{
	s1 = speculation();
}

BEGIN { speculate(s0); printf("vs0 %d\n", 1); }
BEGIN { speculate(s0); printf("vs0 %d\n", 2); }

BEGIN
{
	exit(0);
}

END
{
	commit(s0);
}
