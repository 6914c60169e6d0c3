/* @root */
/* A declared global array indexed out of range at run time faults with DTRACEFLT_BADINDEX and
 * the index as DTrace for Linux reports it (a negative one: see genstore_badindex_negative);
 * the store is not made. */
#pragma D option quiet

int a[4];

BEGIN
{
	i = 6;
	a[i] = 1;
}

BEGIN
{
	i = -2;
	trace(a[i]);
}

ERROR
{
	printf("clause %d fault %d index %d\n", arg2, arg4, arg5);
}

BEGIN
{
	printf("%d %d %d %d\n", a[0], a[1], a[2], a[3]);
	exit(0);
}
