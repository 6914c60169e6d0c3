/* dt_cc.c, dt_stmt_append: D_SPEC_COMM */
BEGIN
{
	s = speculation();
	commit(s);
	speculate(s); /* error here */
}
