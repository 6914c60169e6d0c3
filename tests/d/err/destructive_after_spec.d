/* @opts: -w */
/* dt_cc.c, dt_stmt_append: D_ACT_SPEC (err.D_ACT_SPEC.SpeculateWithRaise.d) */
BEGIN
{
	speculate(1);
	raise(0); /* error here */
}
