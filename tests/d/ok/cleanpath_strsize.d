/* @root */
/* @opts: -x strsize=12 */
#pragma D option quiet

/* cleanpath() stops writing when the result comes within 5 bytes of strsize, as dtrace. */
BEGIN
{
	printf("[%s]\n", cleanpath("/abc/def/ghi"));
	printf("[%s]\n", cleanpath("/ab/../cd"));
	exit(0);
}
