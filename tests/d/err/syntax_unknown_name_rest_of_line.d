/* @opts: -x errtags */
/* A syntax error at a name dtrace's lexer did not know quotes the rest of that line
 * (it read ahead to decide between a variable and a type). */
BEGIN
{
	trace(offsetof(no_such_type, member));
}
