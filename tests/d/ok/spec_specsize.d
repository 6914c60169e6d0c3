/* @root */
/* specsize bounds what one speculation holds per CPU; a speculate() whose record does not fit
 * drops the clause and counts a speculative drop (dtrace.c, dtrace_probe: DTRACEACT_SPECULATE
 * reserves the ecb's record in the speculative buffer; a failed reserve drops it), reported by
 * libdtrace as "N speculative drops" (dt_handle.c, _dt_droptab). Each record here is 16 bytes
 * (dtrace: a 12-byte header and an int; usdtrace: an 8-byte header and an int, rounded to 8),
 * so 64 bytes hold four: the fifth and sixth are dropped, and the clause stops there (x is not
 * incremented for them). What was kept is committed in order. */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;
#pragma D option specsize=64

BEGIN
{
	s = speculation();
}

tick-20ms
/n < 6/
{
	speculate(s);
	printf("speculated %d\n", n);
	x++;
}

tick-20ms
{
	n++;
}

tick-20ms
/n == 6/
{
	commit(s);
}

tick-20ms
/n == 7/
{
	printf("x = %d\n", x);
	exit(0);
}
