/* @root */
/* The same operations computed at run time on int variables, as DTrace for Linux computes them:
 * a signed / or % divides the magnitudes and is negative when exactly one operand is, so
 * 7 % -2 is -1 and -7 % -2 is 1 where C gives 1 and -1 (docs/arithmetic.md). */
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
