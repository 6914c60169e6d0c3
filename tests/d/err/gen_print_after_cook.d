/* @opts: -x errtags */
/* print() is held against its prototype (void *) when dtrace compiles the action, after the
 * clause has cooked (observed with dtrace -x errtags -e). */
BEGIN
{
	print(0);
	x = "a" * 1;
}
