/* dt_cc.c, dt_stmt_append: D_DREC_COMM */
BEGIN
{
	commit(1);
	x = 1;
	printf("%d\n", x); /* error here */
}
