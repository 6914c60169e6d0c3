/* @root */
/* @opts: -C */
#pragma D option quiet

/* With no version asked for, __SUNW_D_VERSION is dtrace's latest level, D 2.0.1: 0x02000001
 * (DTrace for Linux prints the same), and every built-in is there (print() is D 2.0's). */
BEGIN
{
	printf("%x\n", __SUNW_D_VERSION);
	exit(0);
}
