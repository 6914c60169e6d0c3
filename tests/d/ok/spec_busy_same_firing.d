/* @root */
/* A committed or discarded speculation is not handed out again by speculation() until its data
 * has been copied out (Dynamic Tracing Guide, "Committing a Speculation": a committing buffer
 * is not available to subsequent speculation() calls until it has been copied to the
 * principal buffer; "Discarding a Speculation" likewise). The copy is the tracer's, so a
 * speculation() later in the same firing fails, "busy", as in DTrace for Linux (observed:
 * dtrace -s this file). Once the tracer has the record (the next tick), the id is free again. */
#pragma D option quiet
int n;

BEGIN
{
	a = speculation();
}

BEGIN
{
	speculate(a);
	printf("a %d\n", a);
}

BEGIN
{
	commit(a);
}

BEGIN
{
	b = speculation();
	printf("after the commit: %d\n", b);
}

tick-100ms
/n == 0/
{
	c = speculation();
}

tick-100ms
/n == 0/
{
	speculate(c);
	printf("c %d: never printed\n", c);
}

tick-100ms
/n == 0/
{
	discard(c);
}

tick-100ms
/n == 0/
{
	d = speculation();
	printf("c %d, after the discard: %d\n", c, d);
}

tick-100ms
/n == 1/
{
	e = speculation();
	printf("a tick later: %d\n", e);
	exit(0);
}

tick-100ms
{
	n++;
}
