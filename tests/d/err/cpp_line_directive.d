/* @opts: -C */
/* Under -C cpp turns #line 100 into its marker "# 100", which names the next line 100. */
BEGIN
{
#line 100
	x = ;
}
