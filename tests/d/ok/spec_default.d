/* @root */
/* @cpu */
/* A clause whose only action is speculate() speculates the default action (dtrace.c,
 * dtrace_ecb_resize keeps the record header of such an ecb; demo/spec/specopen.d relies on
 * it): its line appears when the speculation is committed, after the plain record traced
 * before the commit. The committed records print as dtrace prints any record (dtrace.c,
 * chewrec). */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
}

BEGIN
{
	trace("plain");
}

BEGIN
{
	speculate(s);
	trace("speculated");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
