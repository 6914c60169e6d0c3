/* @root */
/* timestamp is read once per probe firing, as dtrace caches it: equal within a clause and
 * across the clauses of one firing, and later firings see a later value. */
#pragma D option quiet
tick-10ms
{
	this->t = timestamp;
	a = timestamp - this->t;
	first = timestamp;
}

tick-10ms
{
	b = timestamp - first;
	n++;
}

tick-10ms
/n == 1/
{
	prev = timestamp;
}

tick-10ms
/n == 3/
{
	printf("%d %d %d\n", a, b, timestamp > prev);
	exit(0);
}
