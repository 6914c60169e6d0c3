/* A line number past 64 bits is an integer constant that overflows (the lexer reads it first).
 * (observed: dtrace -x errtags -s pragma_line_overflow.d) */
/* @opts: -x errtags */
#pragma line 99999999999999999999
BEGIN
{
	exit(0);
}
