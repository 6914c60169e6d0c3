/* #line without a number: D_PRAGMA_MALFORM, dt_pragma_line's words. */
BEGIN
{
#line
	exit(0);
}
