/* An inline called as a function (observed: dtrace -s).  */
inline int x = 1;

BEGIN
{
	trace(x());
}
