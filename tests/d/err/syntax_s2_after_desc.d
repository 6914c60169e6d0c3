/*
 * After a probe description dtrace's lexer takes only what may follow one (a predicate's
 * `/`, a body's `{`, a `,`, another description) and refuses any other character itself,
 * at that character's line: a predicate missing its opening slash is "syntax error near
 * "+"" on line 8 (dtrace -s), not a clause without a body.
 */
BEGIN
+0 == 1/
{
	exit(0);
}
