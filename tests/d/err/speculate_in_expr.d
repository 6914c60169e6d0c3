/* speculate() is an action (dt_cg.c: D_CG_EXPR) */
BEGIN
{
	x = 1;
	x == 1 ? (void)speculate(1) : (void)0; /* error here */
}
