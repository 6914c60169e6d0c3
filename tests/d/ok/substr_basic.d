/* @root */
/* substr(s, index [, length]): zero-based index (dtrace_dif.c, DIF_SUBR_SUBSTR). */
#pragma D option quiet

BEGIN
{
	s = "hello world";
	printf("[%s]\n", substr(s, 0));
	printf("[%s]\n", substr(s, 2));
	printf("[%s]\n", substr(s, 2, 3));
	printf("[%s]\n", substr(s, 6, 5));
	printf("[%s]\n", substr(s, 0, 0));
	exit(0);
}
