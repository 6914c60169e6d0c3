/* @root */
/* @opts: -x droptags */
/*
 * A dynamic variable that finds no room (dynvarsize=64 holds 3 elements of an int-keyed
 * array of ints: 64 / (16-byte tuple + 4-byte value)) is a drop that ends its clause: what
 * it traced is not sent (its printf before the drop too), the rest never runs, the drop is
 * counted once, and the next clause runs.
 * DTrace for Linux prints exactly this (dt_cg's dynamic variable stores exit the clause's
 * program when the pool is full).
 */
#pragma D option quiet
#pragma D option dynvarsize=64

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	printf("three fit\n");
	a[4] = 4;
	printf("not reached\n");
	a[5] = 5;
}

BEGIN
{
	printf("next clause: %d %d %d %d\n", a[1], a[2], a[3], a[4]);
	exit(0);
}
