/* @opts: -x errtags */
/* A global read before anything declares or assigns it, in source order, is undefined
 * even though a later clause assigns it. */
END
{
	trace(timestamp - start);
}

BEGIN
{
	start = timestamp;
	exit(0);
}
