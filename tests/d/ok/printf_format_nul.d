/* A NUL ends a format string, as it ends dtrace's C string: "A\0B" prints A, and a format
 * "%d\0%d" takes one argument (observed with dtrace -qs on this program; with two,
 * dtrace says "only 1 arguments required by this format string"). */
#pragma D option quiet

BEGIN
{
	printf("\101\x42\0C\n");
	printf("|%d\0%d\n", 7);
	printf("\n");
	exit(0);
}
