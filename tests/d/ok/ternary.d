/* @root */
/* ?: evaluates only the selected operand; string and integer results. */
#pragma D option quiet

BEGIN
{
	x = 5;
	a = 0;
	b = 0;
	printf("%s %d\n", x > 3 ? "big" : "small", x < 3 ? 1 : 2);
	r = x ? a++ : b++;
	printf("%d %d %d\n", r, a, b);
	r = x == 4 ? 10 : x == 5 ? 20 : 30;
	printf("%d\n", r);
	s = x > 100 ? "yes" : "no";
	printf("%s\n", s);
	exit(0);
}
