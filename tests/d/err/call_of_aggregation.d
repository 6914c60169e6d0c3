/* @opts: -x errtags */
/* An aggregation's name is a name to dtrace's grammar: `@a(1)` looks up a function "@a",
 * D_FUNC_UNDEF, at the line of the call's `)` (dtrace -x errtags -e -s call_of_aggregation.d). */
BEGIN
{
	x = @a(
	    1);
}
