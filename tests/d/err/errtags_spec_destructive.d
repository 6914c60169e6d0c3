/* @opts: -x errtags */
/* raise() after speculate() is a compile error (D_ACT_SPEC), found before the refusal of
 * destructive actions without -w. */
BEGIN
{
	speculate(speculation());
	raise(9);
}
