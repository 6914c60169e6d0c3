/* The input ends inside a string constant, without a final newline: dtrace's lexer matches a
 * string only with its closing quote, so the quote alone is the token it refuses. */
BEGIN
{
	x = "abc