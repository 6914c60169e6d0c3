/* @opts: -C */
/* cpp fails: its diagnostics name /dev/stdin, a line and a column (no excerpt), then
 * the script fails with dtrace's "Preprocessor failed" message. */
#if 1
BEGIN
{
	exit(0);
}
#else
#else
#endif
