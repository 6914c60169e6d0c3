/* The word of a control line is its whole run of non-blanks: #-x is an invalid control directive named -x.
 * (observed: dtrace -x errtags -s ctl_name_punct.d) */
/* @opts: -x errtags */
#-x
BEGIN
{
	exit(0);
}
