/* dt_cc.c, dt_stmt_append: D_EXIT_SPEC */
BEGIN
{
	speculate(1);
	exit(0); /* error here */
}
