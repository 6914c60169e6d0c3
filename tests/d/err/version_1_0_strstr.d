/* @opts: -x version=1.0 */
/* strstr() came with D 1.1: at level 1.0 it is undefined, in dtrace's words (its identifier
 * table binds each built-in to a version; -xversion hides the later ones). Expected error from
 * DTrace for Linux run with -x nolibs (its own libraries use later functions). */
BEGIN
{
	trace(strstr("abc", "b"));
}
