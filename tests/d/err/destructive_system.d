/* @root */
/* system() without -w or the destructive option: tracing is refused when enabling (dtrace.c
 * go(): "could not enable tracing"; EDT_DESTRUCTIVE's text). Quiet: no "matched" notice. */
#pragma D option quiet

BEGIN
{
	system("echo hi");
	exit(0);
}
