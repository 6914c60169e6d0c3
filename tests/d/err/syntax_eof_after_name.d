/* A program ending right after a name it does not know: dtrace's lexer has read ahead past
 * the name to the end, and its own message says "end-of-input". */
BEGIN
{
	x = y
