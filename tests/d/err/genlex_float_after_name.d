/* @opts: -q */
/* ".1" after a name is a floating-point constant, which dtrace's lexer refuses as it meets
 * it, before its parser could call it misplaced (dtrace -s of this file). */
BEGIN
{
	trace(x.1);
	exit(0);
}
