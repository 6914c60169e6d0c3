/* @root */
/* @args: hello 42 */
/* $N is an argument as a D token (a number here), $$N as a string. */
#pragma D option quiet

BEGIN
{
	printf("%s %d %s %d\n", $$1, $2, $$2, $2 + 1);
	exit(0);
}
