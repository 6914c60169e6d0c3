/*
 * Where a clause may start, a word is read as a probe description (unless it names a type)
 * and the character after it that cannot follow one is refused by dtrace's lexer: "tick+10ms"
 * is the description "tick" then "syntax error near "+"" (dtrace -s), not an unknown word.
 */
BEGIN
{
	exit(0);
}

tick+10ms
{
	exit(0);
}
