/* normalize()'s and trunc()'s second argument is checked against its prototype as the call
 * is cooked (in the action list), the first being an aggregation only when the action's code
 * is generated: normalize("a", "b") is argument #2's error (observed: dtrace -xerrtags -s of
 * this file). */
/* @opts: -x errtags */
BEGIN
{
	normalize("a", "b");
}
