/* `int probe;`: a keyword as a variable name is a syntax error at the word in dtrace. */
int probe;

BEGIN
{
	exit(0);
}
