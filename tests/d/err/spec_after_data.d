/* dt_cc.c, dt_stmt_append: D_SPEC_DREC (tst err.D_SPEC_DREC.SpecAftDataRec.d) */
BEGIN
{
	s = speculation();
	printf("data first\n");
	speculate(s); /* error here */
}
