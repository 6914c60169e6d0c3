/* @args: no_such_name */
/* A macro argument whose value is a name dtrace's lexer does not know reads ahead as that
 * name would, so a syntax error at it quotes the rest of the line (observed: dtrace -s this.d
 * no_such_name; with execname, a known name, the message quotes "$1" alone). */
BEGIN
{
	trace(1 $1); exit(0);
}
