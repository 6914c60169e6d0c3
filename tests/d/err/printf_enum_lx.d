/*
 * %lx takes a long by name (dtrace's pfcheck_xlong), so an enum is refused there, as
 * dtrace -s reports it.
 */
enum e { zero, one };

BEGIN
{
	printf("%lx\n", one);
}
