/* @root */
/* In BEGIN the registers are the tracer's (dtrace's BEGIN fires in dtrace's own ioctl): the
 * stack pointer points into the tracer's readable stack, and the word there is ucaller (the
 * return address at the point the tracer entered the kernel, docs/cg.md). The x86-64 names
 * and the generic ones read the same registers (regs.d: R_PC is R_RIP's i386 alias slot,
 * R_SP R_RSP's, R_FP R_RBP's). */
#pragma D option quiet

BEGIN
{
	printf("%d\n", *(uint64_t *)copyin(uregs[R_SP], 8) == ucaller);
	printf("%d %d %d\n", uregs[R_PC] == uregs[R_RIP], uregs[R_SP] == uregs[R_RSP],
	    uregs[R_FP] == uregs[R_RBP]);
	printf("%d %d\n", uregs[R_RSP] != uregs[R_RIP], (uregs[R_RFL] & 2) != 0);
	exit(0);
}
