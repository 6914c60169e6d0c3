/*
 * An aggregation as trace()'s argument is of dtrace's dynamic type, refused as such
 * (D_TRACE_DYN), not as a void value, now that the check waits for the action's code
 * generation. Expected: dtrace -s of this script (genact err sweep).
 */
BEGIN
{
	@a = count();
	trace(@a);
}
