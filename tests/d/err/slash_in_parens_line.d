/* D has no // comments: a / followed by / inside parentheses is dtrace's "closing ) expected",
 * at the line where the lexer stopped reading blanks. */
BEGIN
{
	x = (1 /

/ 2);
}
