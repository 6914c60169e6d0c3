/* The same in a character constant: syntax error near the quote. */
BEGIN
{
	trace('a\
');
	exit(0);
}
