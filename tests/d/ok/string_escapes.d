/* @root */
/* D decodes escapes as dtrace does: the C letters, \\ and \", up to three octal digits, \x
 * with its hex digits, and any other escaped character keeps its backslash (\? and \'). */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", "tab\there \"q\" \101\x42 \?\'");
	printf("%d %d %d\n", '\n', '\\', '\x41');
	exit(0);
}
