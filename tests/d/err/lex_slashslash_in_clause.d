/* In a clause dtrace's lexer looks past a "/" for what follows; a "/" after it closes a
 * predicate, so "//" in a body is a syntax error, and the message quotes the rest of the
 * line (the lexer put back only the character it looked at). */
BEGIN
{
	x = 1; // a C++ comment
	exit(0);
}
