/* An inline may not take the name of an aggregating function: dtrace's functions are its
 * global identifiers (Guide, "Inlines": name is one not defined before; observed:
 * dtrace -s names the previous identifier's kind, a space after it). */
inline int sum = 1;

BEGIN
{
	trace(sum);
}
