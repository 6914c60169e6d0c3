/*
 * uregs[] is a built-in variable (Guide, "Built-in Variables"): the address of one of its
 * elements cannot be taken, as of any built-in (dtrace -s this file: cannot take address of
 * dynamic variable).
 */
BEGIN
{
	x = &uregs[R_PC];
}
