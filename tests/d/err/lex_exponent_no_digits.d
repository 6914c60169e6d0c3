/* An exponent needs digits: "1e" is no floating-point constant but the integer 1 followed by
 * the identifier e, a syntax error there (dtrace's lexer takes the longest match; observed:
 * dtrace -n 'BEGIN { x = 1e; }' says syntax error near "e; }"). */
BEGIN
{
	x = 1e;
}
