/* @root */
/* The scratchsize option bounds what one clause may alloca(): allocations that fit it work, one
 * that would go past it is dtrace's "out of scratch space" fault (DTRACEFLT_NOSCRATCH, 5); the
 * next clause starts with all of it again. */
#pragma D option quiet
#pragma D option scratchsize=16

BEGIN
{
	a = (char *)alloca(8);
	b = (char *)alloca(8);
	a[7] = 1;
	b[7] = 2;
	printf("%d %d\n", a[7], b[7]);
}

BEGIN
{
	a = (char *)alloca(16);
	n = 1;
	b = (char *)alloca(n);
}

BEGIN
{
	a = (char *)alloca(16);
	exit(0);
}

ERROR
{
	printf("clause %d fault %d\n", arg2, arg4);
}
