/* @root */
/* BEGIN fires in the tracer itself, which descends from itself, its parent and init. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", progenyof($pid), progenyof($ppid), progenyof(1));
	printf("%d\n", progenyof(999999999));
	exit(0);
}
