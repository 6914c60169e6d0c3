/* @opts: -x errtags */
/* ddi_pathname() is a function dtrace knows but its code generator does not implement: its
 * message is tagged D_FUNC_UNDEF (dtrace -x errtags -e -s ddi_pathname_call.d). */
BEGIN
{
	trace(ddi_pathname(0, 1));
}
