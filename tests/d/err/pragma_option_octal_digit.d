/* An integer word of a control line is checked as D checks constants: 08 has an invalid digit.
 * (observed: dtrace -x errtags -s pragma_option_octal_digit.d) */
/* @opts: -x errtags */
#pragma D option 08
BEGIN
{
	exit(0);
}
