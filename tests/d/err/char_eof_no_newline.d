/* The input ends inside a character constant, without a final newline (as for a string). */
BEGIN
{
	x = 'a