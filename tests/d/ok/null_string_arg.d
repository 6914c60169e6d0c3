/* @root */
/* NULL where a subroutine reads a string argument is a read of address 0: the clause faults
 * (DTRACEFLT_BADADDR, address 0). Assigning NULL to a string variable reads nothing. */
#pragma D option quiet

BEGIN
{
	trace(substr(NULL, 1));
}

BEGIN
{
	strtok("abc", NULL);
}

BEGIN
{
	s = NULL;
	printf("s is %s\n", s == NULL ? "NULL" : "set");
}

ERROR
{
	printf("clause %d fault %d addr %d\n", arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}
