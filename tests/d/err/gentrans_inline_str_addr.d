/* & of an inline that is not an integer constant: refused as for a dynamic variable
 * (observed: dtrace -s).  */
inline string s = "a";

BEGIN
{
	trace(&s);
}
