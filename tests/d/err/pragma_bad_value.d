#pragma D option strsize=abc

BEGIN
{
	exit(0);
}
