/* @root */
/* @status: 42 */
/* exit() takes any integer expression. */
#pragma D option quiet

BEGIN
{
	x = 40;
	exit(x + 2);
}
