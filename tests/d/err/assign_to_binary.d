/* Left of an assignment D's grammar (C's) takes a unary expression: a binary expression
 * there is a syntax error at the operator, not a bad lvalue (observed: dtrace -n
 * 'BEGIN { x + 1 = 2; }' says syntax error near "="; (x + 1) = 2 is the lvalue error). */
BEGIN
{
	x = 1;
	y = x + 1 = 2;
}
