/* @root */
/* alloca() of more than the scratch space holds is dtrace's "out of scratch space" fault
 * (dtrace_dif.c DIF_SUBR_ALLOCA: DTRACE_FLAGS_NOSCRATCH), reported like any fault; ERROR fires. */
#pragma D option quiet

BEGIN
{
	n = 1 << 30;
	p = alloca(n);
}

ERROR
{
	printf("ERROR %d %d\n", arg2, arg4);
	exit(0);
}
