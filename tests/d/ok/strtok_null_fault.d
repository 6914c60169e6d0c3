/* @root */
#pragma D option quiet

/* strtok(NULL, ...) with no string given in the clause reads through a NULL pointer, and so
 * does a NULL delimiter string: both fault with a bad address (fault 1, address 0). */
BEGIN
{
	trace(strtok(NULL, "!"));
}

BEGIN
{
	trace(strtok("abc", NULL));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
