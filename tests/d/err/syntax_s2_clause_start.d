/*
 * A statement where a clause may start: dtrace's lexer refuses its first character there,
 * "syntax error near "@"" (dtrace -s), whatever the statement would have been.
 */
BEGIN
{
	exit(0);
}

@a = count();
