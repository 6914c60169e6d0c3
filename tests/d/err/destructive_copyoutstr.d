/* @root */
#pragma D option quiet

BEGIN
/0/
{
	copyoutstr("x", 0, 2);
}

BEGIN
{
	exit(0);
}
