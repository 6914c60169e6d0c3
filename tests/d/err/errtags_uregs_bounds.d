/* @opts: -x errtags */
/* uregs[] has 26 slots on x86-64 (pt_regs' 21, then 5 thread members): a larger constant index is refused at compile time. */
BEGIN
{
	trace(uregs[26]);
}
