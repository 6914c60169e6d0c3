/* A string not closed on a control line: the lexer meets the newline, at the next line.
 * (observed: dtrace -x errtags -s pragma_option_unterminated.d) */
/* @opts: -x errtags */
#pragma D option "quiet
BEGIN
{
	exit(0);
}
