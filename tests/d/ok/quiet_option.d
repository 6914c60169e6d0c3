/* @root */
/* -q: no heading, no record prefixes, no "matched" notice (dtrace.c: notice() is silent when
 * quiet). */
/* @opts: -q */
BEGIN
{
	printf("only this\n");
	exit(0);
}
