/* @root */
/* @cpu */
/*
 * setopt("quiet") at run time: the next probe's line is left out at once, but trace() values
 * already delivered with the records at hand keep the default output's columns (" %10d",
 * "  %-33s"): dtrace reads the option once per pass over a buffer (observed, dtrace -n). The
 * tick's values, delivered later, print quiet, with no probe line.
 */
BEGIN
{
	setopt("quiet");
	trace(1);
}

BEGIN
{
	trace("ab");
}

tick-200ms
{
	trace(2);
	printf("\n");
	exit(0);
}
