/* @root */
/* A declared global array indexed out of range at run time faults with DTRACEFLT_BADINDEX and
 * the index as DTrace for Linux reports it: the element offset divided back by the element size,
 * unsigned, so -2 into an int array is 4611686018427387902 (`dtrace -s` of this file); the store
 * is not made. */
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
