/* "0x" with no hex digit is the constant 0 followed by the name x (dt_lex.l's RGX_INT);
 * x was met before followed by "=", so dtrace's lexer knows it as a variable and does not
 * read ahead: the message quotes the name alone. */
BEGIN
{
	x = 0x;
	exit(0);
}
