/* @opts: -x version=1.5 */
/* stddev() came with D 1.6: at 1.5 it is an undefined function (DTrace for Linux's message,
 * run with -x nolibs). */
BEGIN
{
	@a = stddev(1);
}
