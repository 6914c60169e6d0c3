/* @opts: -x errtags */
/* After a name it does not know followed by a lone =, + or -, dtrace's lexer reads one more
 * character: at the very end of the file (no newline) that is the end, put back as a NUL:
 * "end-of-input" (dtrace -x errtags -e -s syntax_eof_after_unknown_plus.d). */
BEGIN
{
	x = y +