/* @root */
/* Division by zero at run time faults (DTRACEFLT_DIVZERO, 4) in the action that divides. */
#pragma D option quiet

BEGIN
{
	x = 0;
	printf("%d\n", 10 / x);
}

ERROR
{
	printf("ERROR %d %d %d\n", arg1, arg2, arg4);
	exit(0);
}
