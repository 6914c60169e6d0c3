/* @root */
/* A fault after exit() in the same clause discards the clause's record, the exit() record
 * with it, but not the stop: dtrace's exit() sets the state draining when it runs (dtrace.c
 * DTRACEACT_EXIT), and dtrace(1) sees that through DTRACEIOC_STATUS. END runs and the tracer
 * ends; it must not wait forever for a record that never comes. */
#pragma D option quiet

BEGIN
{
	exit(0);
	x = *(int *)8;
}

END
{
	printf("end\n");
}
