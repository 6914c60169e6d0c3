/* @root */
/*
 * ERROR's output stands where the fault was: before what the faulting firing's later clauses
 * print. DTrace for Linux runs the ERROR probe inside the faulting firing (Guide, "dtrace
 * Provider", ERROR: it fires when a run-time error occurs in another enabled probe's clause);
 * observed: dtrace -qs this prints "ERR", then "b" (usdtrace printed "b" first, when it read the
 * fault record).
 */
#pragma D option quiet

BEGIN
{
	exit(0);
}

END
{
	printf("a\n");
	x = *(int *)8;
}

END
{
	printf("b\n");
}

ERROR
{
	printf("ERR %d %d %d %d\n", arg1, arg2, arg4, arg5);
}
