/* dt_cc.c, dt_stmt_append: D_COMM_DREC */
BEGIN
{
	s = speculation();
	trace(1);
	commit(s); /* error here */
}
