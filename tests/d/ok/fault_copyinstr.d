/* @root */
/* @sort */
/* copyinstr(0) faults: the clause's record is discarded (dtrace_probe() does not commit a
 * faulting ECB's buffer space), the ERROR probe fires with arg1 = the probe ID, arg2 = the
 * clause index, arg4 = fault type (1, DTRACEFLT_BADADDR), arg5 = the address; other clauses
 * still run. The message is DTrace for Linux's (dt_handle.c: dt_handle_err). */
#pragma D option quiet

BEGIN
{
	printf("not printed\n");
	trace(copyinstr(0));
}

BEGIN
{
	printf("second clause\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR %d %d %d %d\n", arg1, arg2, arg4, arg5);
}
