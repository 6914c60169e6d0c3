/* A string as the word of a control line is no directive (reported at the next line).
 * (observed: dtrace -x errtags -s ctl_string_word.d) */
/* @opts: -x errtags */
#"x"
BEGIN
{
	exit(0);
}
