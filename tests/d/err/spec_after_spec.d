/* dt_cc.c, dt_stmt_append: D_SPEC_SPEC */
BEGIN
{
	s = speculation();
	speculate(s);
	speculate(s); /* error here */
}
