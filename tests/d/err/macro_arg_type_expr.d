/* @args: int */
/* A macro argument naming a type is a type name where an expression is wanted: a syntax
 * error quoting the rest of the line from the `$1` (dtrace's lexer read ahead there; observed:
 * dtrace -s this.d int). */
BEGIN
{
	trace($1 + 1);
}
