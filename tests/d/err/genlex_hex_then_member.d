/* @opts: -q */
/* D has no hexadecimal floating constants: dtrace's lexer ends the integer 0x1 at its last
 * hex digit, and ".p1" is then a member name (dtrace -s of this file; Guide, "Constants":
 * integer constants only). */
BEGIN
{
	trace(0x1.p1);
	exit(0);
}
