/* @root */
/* @opts: -x nolibs */
/* -x nolibs: no library is loaded, so their names are the program's own. */
#pragma D option quiet

BEGIN
{
	EPERM = 42;
	errno_name[1] = "mine";
	printf("%d %s\n", EPERM, errno_name[1]);
	exit(0);
}
