/* @root */
/* uregs[] of a register the saved user state does not hold (here the data segment register,
 * which x86-64's pt_regs has no slot for) is dtrace's illegal operation fault
 * (dtrace_getreg on amd64: DTRACE_CPUFLAG_ILLOP for a register beyond the saved ones). */
#pragma D option quiet

BEGIN
{
	printf("before\n");
}

BEGIN
{
	trace(uregs[R_DS]);
}

BEGIN
{
	exit(0);
}
