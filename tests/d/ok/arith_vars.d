/* @root */
/* The same operations computed at run time on int variables (C semantics). */
#pragma D option quiet

BEGIN
{
	a = 7;
	b = 2;
	c = -7;
	d = -2;
	printf("%d %d %d %d %d\n", a + b, b - a, a * c, a / b, a % b);
	printf("%d %d %d %d\n", c / b, c % b, a / d, a % d);
	printf("%d %d\n", c / d, c % d);
	exit(0);
}
