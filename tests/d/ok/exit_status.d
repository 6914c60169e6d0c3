/* @root */
/* @status: 3 */
/* exit(N) makes N the exit status. */
#pragma D option quiet

BEGIN
{
	printf("exiting\n");
	exit(3);
}
