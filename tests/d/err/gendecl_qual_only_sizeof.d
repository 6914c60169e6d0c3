/* An abstract declarator of qualifiers alone names no type either (the Guide's sizeof takes a
 * type name): dtrace looks up the empty type name and fails (observed with
 * dtrace -n 'BEGIN { trace(sizeof (const)); }'; (volatile)1 and sizeof (const [2]) alike). */
BEGIN
{
	trace(sizeof (const)); /* error here */
	exit(0);
}
