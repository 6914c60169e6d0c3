/* @root */
/* Dereferencing a bad pointer into the traced process faults with its address. */
#pragma D option quiet

BEGIN
{
	x = *(int *)16;
}

ERROR
{
	printf("ERROR %d %d %d %d\n", arg1, arg2, arg4, arg5);
	exit(0);
}
