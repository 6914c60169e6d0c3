/* @root */
/* specsize bounds what one speculation holds per CPU; a speculate() whose record does not fit
 * is a speculative drop, reported by libdtrace as "N speculative drops" (dt_handle.c,
 * _dt_droptab). A record takes its data behind 16 bytes of header, rounded up to 8 (DTrace for
 * Linux's consumer counts that, dt_consume.c): 24 bytes for this printf's int, so 64 bytes
 * hold two. The others are lost, but their clause runs on (x counts all six): in DTrace for
 * Linux the consumer drops them, after the clause has run. Observed: dtrace -s this prints
 * "speculated 0", "speculated 1", "x = 6". Its drop count is a DTrace for Linux bug (it
 * prints 18446744073709551615 speculative drops and more: its consumer's count is subtracted
 * from the kernel's); by the Guide the message counts the four lost records. */
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
