/*
 * Declaring a global variable named as an action redeclares a built-in identifier.
 * Expected: DTrace for Linux's message.
 */
int printf[int];

BEGIN
{
	exit(0);
}
