/* @root */
/* Failed speculations, as dtrace counts them (dtrace.c, dtrace_speculation): with nspec=1 (the
 * default), a speculation discarded before anything was speculated stays DISCARDING until
 * dtrace's cleaner has run, so speculation() in the same firing fails and counts as "busy";
 * once cleaned (here: once the tracer has consumed the discard) the id is free again, and a
 * second speculation() while it is in use fails as "unavailable". The messages are libdtrace's
 * (dt_handle.c, _dt_droptab and dt_handle_status: "%llu %s%s%s\n"). */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;

BEGIN
{
	a = speculation();
	discard(a);
	b = speculation();
	printf("a %d b %d\n", a, b);
}

BEGIN
{
	c = speculation();
	printf("c %d\n", c);
}

tick-100ms
/n == 0/
{
	d = speculation();
	e = speculation();
	printf("d %d e %d\n", d, e);
}

tick-100ms
{
	n++;
}

tick-100ms
/n == 2/
{
	exit(0);
}
