/* dt_cc.c, dt_stmt_append: D_COMM_COMM (err.D_COMM_COMM.DisjointCommit.d) */
BEGIN
{
	commit(1);
	commit(2); /* error here */
}
