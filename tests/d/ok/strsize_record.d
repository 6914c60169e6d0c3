/* @root */
/* @opts: -x strsize=5 */
#pragma D option quiet
#pragma D option rawbytes

/* A traced string records strsize bytes and the NUL after them, as dtrace's do. */
BEGIN
{
	trace("ab");
	trace("abcdefgh");
	exit(0);
}
