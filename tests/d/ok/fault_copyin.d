/* @root */
/* copyin() from address 0 faults in the action that calls it. */
#pragma D option quiet

BEGIN
{
	this->p = copyin(0, 8);
}

ERROR
{
	printf("ERROR %d %d %d %d\n", arg1, arg2, arg4, arg5);
	exit(0);
}
