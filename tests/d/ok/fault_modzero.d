/* @root */
/* Modulus by zero is a divide-by-zero fault too. */
#pragma D option quiet

BEGIN
{
	trace(1);
	x = 0;
	y = 7 % x;
}

ERROR
{
	printf("\nERROR %d %d %d\n", arg1, arg2, arg4);
	exit(0);
}
