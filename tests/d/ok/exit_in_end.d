/* @root */
/* @status: 2 */
/* Every exit record the consumer reads sets the status, so END's exit(2) replaces BEGIN's
 * exit(1) (dtrace.c, chewrec: g_status is assigned for each DTRACEACT_EXIT record). */
#pragma D option quiet

BEGIN
{
	exit(1);
}

END
{
	printf("end\n");
	exit(2);
}
