/* @root */
/*
 * What a speculative record takes of specsize is what DTrace for Linux counts for it: its
 * data behind 16 bytes of header, rounded up to 8 (libdtrace dt_consume.c drops a speculative
 * record when the speculation's size plus the record's would pass specsize). Observed with
 * dtrace -s this: specsize=48 holds three records of printf("x\n") (16 bytes each) and two of
 * trace(1) (24 each); the others are "speculative drops" (usdtrace held three and five: it
 * counted 8 and 16).
 */
#pragma D option quiet
#pragma D option specsize=48
#pragma D option nspec=2

BEGIN
{
	s = speculation();
	t = speculation();
}

BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }
BEGIN { speculate(s); printf("x\n"); }

BEGIN { speculate(t); trace(1); }
BEGIN { speculate(t); trace(1); }
BEGIN { speculate(t); trace(1); }
BEGIN { speculate(t); trace(1); }

BEGIN
{
	commit(s);
}

BEGIN
{
	commit(t);
}

BEGIN
{
	exit(0);
}
