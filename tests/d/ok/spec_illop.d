/* @root */
/* commit() and discard() of an id above nspec are illegal operations (dtrace.c,
 * dtrace_speculation_commit/_discard set CPU_DTRACE_ILLOP; tst.negcommit.d): the message of
 * dt_handle.c's dt_handle_err, and ERROR fires with arg4 = DTRACEFLT_ILLOP (3). The clauses
 * after the faulting one still run. */
#pragma D option quiet

BEGIN
{
	commit(-1);
}

BEGIN
{
	discard(2);
}

BEGIN
{
	printf("still running\n");
	exit(0);
}

ERROR
{
	printf("ERROR: probe %d clause %d fault %d\n", arg1, arg2, arg4);
}
