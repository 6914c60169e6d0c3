/* An inline may not take the name of a subroutine (dtrace's "function"). */
inline int strlen = 3;

BEGIN
{
	trace(1);
}
