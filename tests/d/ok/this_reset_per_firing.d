/* @root */
/* A clause-local variable holds the value assigned in the current firing; globals carry
 * over between firings. (Thread-locals would not: a tick firing interrupts whatever thread
 * happens to be running.) */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int n;

BEGIN
{
	total = 0;
}

tick-1ms
/n < 3/
{
	this->v = n * 10;
	total += this->v;
	n++;
}

tick-1ms
/n == 3/
{
	this->v = -1;
	printf("%d %d %d\n", this->v, total, n);
	exit(0);
}
