/* @root */
/* cpu is a CPU number, errno a non-negative error number, ucaller and ustackdepth describe
 * the tracer's user stack, uregs[] its registers. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", cpu >= 0 && cpu < 4096, errno >= 0);
	printf("%d %d\n", ucaller != 0, ustackdepth > 0);
	printf("%d %d\n", uregs[R_SP] != 0, uregs[R_PC] != 0);
	exit(0);
}
