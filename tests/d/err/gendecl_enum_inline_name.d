/* An enumerator may not take the name of an inline the program declared before it, as it may
 * not take a variable's (observed with dtrace -n 'inline int v = 1; enum e { v }; BEGIN { }':
 * identifier redeclared: v). */
inline int level = 3;

enum levels {
	LOW,
	level /* error here */
};

BEGIN
{
	exit(0);
}
