/* @root */
/* The register names for uregs[] are DTrace for Linux's x86-64 regs.d: struct pt_regs order,
 * with the 32-bit and generic names (R_EAX, R_PC, R_SP, R_R0 ...) as aliases of the 64-bit
 * registers. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d %d %d %d %d\n", R_PC, R_SP, R_FP, R_PS, R_R0, R_R1, R_EAX, R_EIP);
	printf("%d %d %d %d %d\n", R_RIP, R_RSP, R_RBP, R_RFL, R_TRAPNO);
	exit(0);
}
