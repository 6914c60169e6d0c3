/*
 * Declaring a global variable named as an aggregating function redeclares a built-in
 * identifier (the function). Expected: DTrace for Linux's message.
 */
int count;

BEGIN
{
	exit(0);
}
