/* In a top-level declaration dtrace's lexer is in its expression state from the first word
 * to the `;`: a `/` there is looked past (does it close a predicate?) and a syntax error at it
 * quotes the rest of the line, as in a clause (observed with dtrace -e). */
int x /y;

BEGIN
{
	exit(0);
}
