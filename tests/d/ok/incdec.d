/* @root */
/* Prefix and postfix ++/-- yield the new and the old value. */
#pragma D option quiet

BEGIN
{
	i = 5;
	a = i++;
	b = i;
	c = ++i;
	d = i--;
	e = --i;
	printf("%d %d %d %d %d %d\n", a, b, c, d, e, i);
	exit(0);
}
