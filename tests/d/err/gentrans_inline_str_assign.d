/* An inline is not a variable: one of a string is an lvalue that is not writable (observed:
 * dtrace -s; one of an integer constant is a value, "requires modifiable lvalue").  */
inline string s = "a";

BEGIN
{
	s = "b";
}
