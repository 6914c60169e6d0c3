/* dt_cc.c, dt_stmt_append: D_DREC_COMM (err.D_DREC_COMM.ExitAfterCommit.d): exit() records */
BEGIN
{
	commit(1);
	exit(0); /* error here */
}
