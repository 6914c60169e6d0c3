/* A string as the first word of a #pragma is no control directive (reported at the next line).
 * (observed: dtrace -x errtags -s pragma_string_word.d) */
/* @opts: -x errtags */
#pragma "once"
BEGIN
{
	exit(0);
}
