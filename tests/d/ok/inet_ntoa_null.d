/* @root */
/* inet_ntoa() of an address that cannot be read is a run-time fault of the action (dtrace's
 * "invalid address" error), not a crash. */
#pragma D option quiet

BEGIN
{
	printf("%s\n", inet_ntoa(0));
}

BEGIN
{
	exit(0);
}
