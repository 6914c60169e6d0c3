/* @root */
/*
 * What printa(), clear(), trunc() and setopt() take of specsize: DTrace for Linux's record of
 * printa(@c) holds the aggregation's 4-byte id after its 16-byte header, 24 bytes once
 * rounded, as trace(1) takes (dt_consume.c counts the whole record against specsize), so
 * specsize=40 keeps the first printa() and drops the second; usdtrace counted 16 and kept
 * both (genspec seed spec 22). Observed: dtrace -s this prints x1 once, then "1 speculative drop".
 */
#pragma D option quiet
#pragma D option specsize=40

BEGIN
{
	@c = count();
	s = speculation();
}

BEGIN { speculate(s); printa("x%@d\n", @c); }
BEGIN { speculate(s); printa("x%@d\n", @c); }
BEGIN { commit(s); }

BEGIN
{
	exit(0);
}
