/* After the file of a #line come integer flags only: a name is malformed (checked before the file is taken).
 * (observed: dtrace -x errtags -s pragma_line_state_word.d) */
/* @opts: -x errtags */
#pragma line 5 "f.d" x
BEGIN
{
	exit(0);
}
