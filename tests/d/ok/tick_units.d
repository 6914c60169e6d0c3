/* @root */
/* Rates in every unit of this issue: us, ns, hz and ms (and a bare number, which is hz). */
#pragma D option quiet
/* dtrace needs a global declared (or assigned) before a predicate reads it */
int a, b, c, d;

tick-5000us
/a < 3/
{
	a++;
}

tick-10000000ns
/b < 3/
{
	b++;
}

tick-100hz
/c < 3/
{
	c++;
}

tick-50
/d < 3/
{
	d++;
}

tick-20ms
/a >= 3 && b >= 3 && c >= 3 && d >= 3/
{
	printf("%d %d %d %d\n", a, b, c, d);
	exit(0);
}
