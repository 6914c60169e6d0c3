/* A string where #pragma D expects the directive's name is no control directive; dtrace reports it from the end of the line, at the next line.
 * (observed: dtrace -x errtags -s pragma_d_string_directive.d) */
/* @opts: -x errtags */
#pragma D "option" quiet
BEGIN
{
	exit(0);
}
