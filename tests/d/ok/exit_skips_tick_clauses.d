/* @root */
/* The same on a tick probe: in the firing that calls exit(), the clauses after it do not run
 * (a probe of a provider other than dtrace is skipped once the state is draining: dtrace.c
 * dtrace_probe). */
#pragma D option quiet

tick-10ms
{
	n++;
}

tick-10ms
/n == 3/
{
	exit(0);
}

tick-10ms
{
	printf("after %d\n", n);
}
