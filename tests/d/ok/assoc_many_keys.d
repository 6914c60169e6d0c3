/* @root */
/* Fifty integer keys written over fifty tick firings, then read back. */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int i;

tick-1ms
/i < 50/
{
	a[i] = i * 2;
	i++;
}

tick-1ms
/i == 50/
{
	printf("%d %d %d %d\n", a[0], a[25], a[49], a[50]);
	exit(0);
}
