/* @root */
/* @args: 5 */
/* The defaultargs option set by pragma; given arguments still apply. */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d %d\n", $1, $2);
	exit(0);
}
