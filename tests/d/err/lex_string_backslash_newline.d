/* A backslash before a newline inside a string constant: dtrace's lexer (RGX_STR) has no
 * rule for it, so the quote alone reaches the parser, which refuses it (D_SYNTAX). */
BEGIN
{
	trace("ab\
cd");
	exit(0);
}
