/* @opts: -x errtags */
/* A typedef's name in an expression is a type name to dtrace's lexer unless =, ++, --, [ or ;
 * follows it: no expression starts with one, so a call of it (or an operator after it) is a
 * syntax error at the type, whose message quotes the rest of the line the lexer read ahead
 * (dtrace -x errtags -e -s typedef_name_called.d). */
BEGIN
{
	x = int16_t(1);
}
