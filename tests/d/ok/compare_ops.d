/* @root */
/* The six relational operators yield int 0 or 1. */
#pragma D option quiet

BEGIN
{
	a = 2;
	b = 3;
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b, a != b);
	printf("%d %d %d %d %d %d\n", b < a, a <= a, b > a, a >= a, a == a, a != a);
	printf("%d\n", (a < b) + (b < a) + (a == 2));
	exit(0);
}
