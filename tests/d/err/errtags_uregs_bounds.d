/* @opts: -x errtags */
/* uregs[] has 42 slots on x86-64: a larger constant index is refused at compile time. */
BEGIN
{
	trace(uregs[42]);
}
