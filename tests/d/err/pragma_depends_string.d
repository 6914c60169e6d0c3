/* The class and name of #pragma D depends_on are name words: a string is malformed.
 * (observed: dtrace -x errtags -s pragma_depends_string.d) */
/* @opts: -x errtags */
#pragma D depends_on provider "syscall"
BEGIN
{
	exit(0);
}
