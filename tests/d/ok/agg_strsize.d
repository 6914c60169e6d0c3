/* @root */
/* String keys with a strsize that is not a multiple of 8: the same string reached three ways
 * (execname fetched into the key, a literal, a string built at run time) is one key; a
 * literal longer than strsize is cut to strsize characters, as dtrace's strsize-byte
 * strings are. */
/* @opts: -x strsize=13 */
#pragma D option quiet
BEGIN
{
	@[execname, probename, 3] = count();
	@[execname, "BEGIN", 3] = count();
	@[strjoin("usd", "trace"), probename, 3] = count();
	@["abcdefghijklmnopq", "x", 4] = count();
	exit(0);
}
