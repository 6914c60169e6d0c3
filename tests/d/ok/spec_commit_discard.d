/* @root */
/* Speculations created, speculated on, committed and discarded from different clauses, with
 * three alive at once (Dynamic Tracing Guide, "Speculative Tracing"). An id committed or
 * discarded is free again once its data has been copied out (the Guide, "Committing a
 * Speculation"): by the tracer, well within the 100ms to the next tick, so speculation() hands
 * the lowest free id out again on the next tick. Committed data appears
 * when the commit runs, in the order it was speculated; discarded data never appears. */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;
#pragma D option nspec=4

tick-100ms
/n < 6/
{
	s[n] = speculation();
}

tick-100ms
/n < 6/
{
	speculate(s[n]);
	printf("  first %d (id %d)\n", n, s[n]);
}

tick-100ms
/n < 8/
{
	printf("tick %d\n", n);
}

tick-100ms
/n >= 2 && n < 8/
{
	speculate(s[n - 2]);
	printf("  second %d\n", n - 2);
}

tick-100ms
/n >= 2 && n < 8 && (n - 2) % 2 == 0/
{
	commit(s[n - 2]);
}

tick-100ms
/n >= 2 && n < 8 && (n - 2) % 2 == 1/
{
	discard(s[n - 2]);
}

tick-100ms
{
	n++;
}

tick-100ms
/n == 9/
{
	exit(0);
}
