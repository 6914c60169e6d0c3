/* An inline may not take the name of an action (dtrace's "tracing function"). */
inline string exit = "x";

BEGIN
{
	trace(1);
}
