/* "/" followed by blanks and ";" closes a predicate to dtrace's lexer; in a body it is a
 * syntax error, quoted alone (the blanks were not put back). */
BEGIN
{
	x = 4 / ;
}
