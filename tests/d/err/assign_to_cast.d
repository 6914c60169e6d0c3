/* A cast is no unary expression either: (int)x += 2 is a syntax error at the operator
 * (observed with dtrace -s on this program). */
BEGIN
{
	x = 1;
	(int)x += 2;
}
