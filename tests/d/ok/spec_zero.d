/* @root */
/* Speculation id 0 means none: speculate(0) stops the clause without a word (dtrace.c,
 * dtrace_speculation_buffer returns NULL and dtrace_probe flags CPU_DTRACE_DROP, which ends the
 * ecb: what follows is neither executed nor recorded); commit(0) and discard(0) do nothing
 * (the Guide: "An ID of zero is always invalid, but may be passed to speculate(), commit() or
 * discard()"). So does speculating on a speculation that was already committed; that
 * speculation is not free again until the tracer has copied its data out, so t is 0, a "busy"
 * failed speculation (the Guide, "Committing a Speculation"; DTrace for Linux prints t = 0).
 * Data never committed is dropped at exit. */
#pragma D option quiet

BEGIN
{
	x = 1;
}

BEGIN
{
	speculate(0);
	x = 2;
	printf("never printed\n");
}

BEGIN
{
	commit(0);
}

BEGIN
{
	discard(0);
	printf("x = %d\n", x);
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("committed\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	speculate(s);
	printf("speculated after the commit: never printed\n");
}

BEGIN
{
	t = speculation();
}

BEGIN
{
	speculate(t);
	printf("never committed\n");
}

BEGIN
{
	printf("t = %d\n", t);
	exit(0);
}
