/* @root */
/* Speculations created, speculated on, committed and discarded from different clauses, with
 * three alive at once (Dynamic Tracing Guide, "Speculative Tracing"). tick-N fires on one CPU,
 * so each speculation is speculated and ended on the CPU that holds its data: dtrace then frees
 * it at once (dtrace.c, dtrace_speculation_commit/_discard, ACTIVEONE on this CPU), and
 * speculation() hands the lowest free id out again on the next tick. Committed data appears
 * when the commit runs, in the order it was speculated; discarded data never appears. */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;
#pragma D option nspec=4

tick-20ms
/n < 6/
{
	s[n] = speculation();
}

tick-20ms
/n < 6/
{
	speculate(s[n]);
	printf("  first %d (id %d)\n", n, s[n]);
}

tick-20ms
/n < 8/
{
	printf("tick %d\n", n);
}

tick-20ms
/n >= 2 && n < 8/
{
	speculate(s[n - 2]);
	printf("  second %d\n", n - 2);
}

tick-20ms
/n >= 2 && n < 8 && (n - 2) % 2 == 0/
{
	commit(s[n - 2]);
}

tick-20ms
/n >= 2 && n < 8 && (n - 2) % 2 == 1/
{
	discard(s[n - 2]);
}

tick-20ms
{
	n++;
}

tick-20ms
/n == 9/
{
	exit(0);
}
