/* @root */
/* @status: 3 */
/* DTrace runs ERROR inside the faulting firing: when ERROR calls exit(), the clauses after the
 * faulting one do not run (their probe's firing is over), END still does, and the exit status
 * is ERROR's. */
#pragma D option quiet

BEGIN
{
	printf("first\n");
}

BEGIN
{
	x = *(int *)8;
}

BEGIN
{
	printf("not printed\n");
}

ERROR
{
	printf("error in clause %d\n", arg2);
	exit(3);
}

END
{
	printf("end\n");
}
