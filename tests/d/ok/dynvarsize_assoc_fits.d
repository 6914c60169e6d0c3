/* @root */
/* One element of dtrace's dynamic variable pool for a[int] holding an int: a tuple of 16
 * bytes (variable id and key) and a 4-byte value, so dynvarsize=20 enables (15 would not). */
#pragma D option quiet
#pragma D option dynvarsize=20

BEGIN
{
	a[1] = 7;
	printf("%d\n", a[1]);
	exit(0);
}
