/* A flag after the first that is not an integer is malformed too, found after the file is taken: the message names f.d.
 * (observed: dtrace -x errtags -s pragma_line_state_later.d) */
/* @opts: -x errtags */
#pragma line 5 "f.d" 1 x
BEGIN
{
	exit(0);
}
