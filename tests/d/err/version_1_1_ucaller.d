/* @opts: -x version=1.1 */
/* ucaller came with D 1.2: below it the name is an unknown variable (DTrace for Linux's
 * message, run with -x nolibs). */
BEGIN
{
	trace(ucaller);
}
