/* @root */
/* Counting with an associative array over tick firings, keyed by a computed string. */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;

tick-1ms
/n < 12/
{
	c[n % 3 == 0 ? "three" : "other"]++;
	n++;
}

tick-1ms
/n == 12/
{
	printf("%d %d\n", c["three"], c["other"]);
	exit(0);
}
