/* @root */
/* @cpu */
/* Default output: the heading once, then "%3d %6d %32s " (CPU, ID, FUNCTION:NAME) for each
 * record; a record with no data still prints its line; dtrace ends with a blank line
 * (dtrace.c: chew(), chewrec() and the final oprintf("\n")). BEGIN is probe 1. The
 * "matched" notice goes to stderr. */
BEGIN
{
	exit(0);
}
