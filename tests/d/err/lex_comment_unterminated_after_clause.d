/* An unterminated comment after an earlier clause, where a probe description may start, is
 * the lexer's end-of-file error at the end of the input, as dtrace reports it (checked with
 * compare.sh); it was a syntax error at the description. */
BEGIN
{
	exit(0);
}

BEGIN /* unterminated
