/* @root */
/* @sort */
/* copyinstr(0) faults: the clause's record is discarded (dtrace_probe() does not commit a
 * faulting ECB's buffer space), the ERROR probe fires with arg1 = EPID, arg2 = action number
 * (1-based), arg4 = fault type (1, DTRACEFLT_BADADDR), arg5 = the address; other clauses still
 * run. The message is dtrace's (dt_handle.c: dt_handle_err; faults from dtrace_faultstr). */
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

ERROR
{
	printf("ERROR %d %d %d %d\n", arg1, arg2, arg4, arg5);
	exit(0);
}
