/* errtags from a pragma tags the messages that follow it, a syntax error further down the
 * same file included (DTrace for Linux: dt_error.c reads the compilation's flags). */
#pragma D option errtags
BEGIN
{
	x = y + ;
}
