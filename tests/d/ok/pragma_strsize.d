/* @root */
/* strsize set by pragma applies to the whole program. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("%s|\n", "abcdefghijklmnopqrst");
	exit(0);
}
