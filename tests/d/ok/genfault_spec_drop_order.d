/* @root */
/*
 * Speculative drops of records that no longer fit specsize are reported after the failed
 * speculations of the same firing: DTrace for Linux's consumer drops those records while it
 * reads them, after the status check that reported the kernel's counts, so they come with the
 * next check (dt_work.c: dt_get_status, dt_add_local_status). Observed: dtrace -s this prints
 * "1 failed speculation (no speculative buffer available)", then "1 speculative drop"
 * (usdtrace printed them in the other order). Each printf("x\n") record takes 16 bytes of the
 * 32: two are kept.
 */
#pragma D option quiet
#pragma D option nspec=1
#pragma D option specsize=32

BEGIN
{
	s = speculation();
}

BEGIN
{
	t = speculation();
	printf("t %d\n", t);
}

BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
