/* @root */
#pragma D option quiet

tick-1s
/pid == 1234567/
{
	stop();
}

BEGIN
{
	exit(0);
}
