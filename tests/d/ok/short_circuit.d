/* @root */
/* && and || short-circuit; ^^ (logical xor) always evaluates both operands (Dynamic Tracing
 * Guide, "Logical Operators"). */
#pragma D option quiet

BEGIN
{
	n = 0;
	a = 0 && n++;
	b = 1 || n++;
	c = 1 && n++;
	d = 0 || n++;
	e = 1 ^^ n++;
	printf("%d %d %d %d %d %d\n", a, b, c, d, e, n);
	printf("%d %d %d\n", 2 ^^ 0, 0 ^^ 0, 3 ^^ 4);
	exit(0);
}
