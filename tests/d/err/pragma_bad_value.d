#pragma D option strsize=abc /* error here */

BEGIN
{
	exit(0);
}
