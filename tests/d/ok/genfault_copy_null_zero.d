/* @root */
/*
 * bcopy() and copyinto() of nothing from NULL still fault: NULL is an invalid address whatever
 * the size (Guide, "Actions and Subroutines": the source must be readable memory). DTrace for
 * Linux checks the source for NULL first: dtrace -s this faults "invalid address (0x0)" in
 * the first two clauses, and copyinto(16, 0, p) copies nothing without a fault.
 */
#pragma D option quiet

BEGIN
{
	z = 0;
	copyinto(0, z, alloca(8));
	printf("copyinto from NULL\n");
}

BEGIN
{
	bcopy((void *)z, alloca(8), z);
	printf("bcopy from NULL\n");
}

BEGIN
{
	copyinto(16, z, alloca(8));
	printf("copyinto from 16\n");
}

ERROR
{
	printf("ERROR %d %d %d\n", arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
