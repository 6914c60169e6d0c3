/* An enumerator is one of D's global identifiers (the Guide's "Type and Constant
 * Definitions": enumerators may be used wherever an integer constant can), so it may not take
 * the name of a built-in one: here count, an aggregating function (observed with
 * dtrace -n 'enum e { count }; BEGIN { }': identifier redeclared: count; pid and trace
 * alike). */
enum colors {
	RED,
	count /* error here */
};

BEGIN
{
	exit(0);
}
