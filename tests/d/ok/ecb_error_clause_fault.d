/* @root */
/* A fault in an ERROR clause is silently dropped: no message, ERROR does not fire again, and
 * the other ERROR clauses still run (Guide, "ERROR Probe": "If the actions taken in the ERROR
 * probe itself cause an error, that error is silently dropped"). DTrace for Linux prints the
 * BEGIN fault only. */
#pragma D option quiet

BEGIN
{
	x = *(int *)8;
}

ERROR
{
	y = *(int *)16;
	printf("not reached\n");
}

ERROR
{
	printf("second ERROR clause, clause %d\n", arg2);
}

BEGIN
{
	exit(0);
}
