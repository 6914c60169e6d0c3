/* A syntax error at a predicate's closing / is reported on the line of what follows it: dtrace's
 * lexer has read the blanks after the / (does it close the predicate?) before its parser
 * refuses the token. */
BEGIN
/ 1 +  /
{
	exit(0);
}
