/* @root */
/* Negative indexes count from the end; a negative length leaves that many characters off the
 * end; a window starting before the string is clipped (dtrace_dif.c, DIF_SUBR_SUBSTR). */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("[%s]\n", substr(s, -3));
	printf("[%s]\n", substr(s, -3, 2));
	printf("[%s]\n", substr(s, -10));
	printf("[%s]\n", substr(s, -10, 3));
	printf("[%s]\n", substr(s, -10, 7));
	printf("[%s]\n", substr(s, 1, -1));
	printf("[%s]\n", substr(s, 1, -10));
	exit(0);
}
