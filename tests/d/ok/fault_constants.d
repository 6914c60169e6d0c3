/* @root */
/* The DTRACEFLT_* constants are the fault kinds ERROR's arg4 carries; arg1 is the probe ID, arg2
 * the index of the faulting clause (counted over the script from 0), arg3 the BPF pc (> 0). */
#pragma D option quiet

BEGIN
{
	x = 1;
}

BEGIN
{
	y = x / (x - 1);
}

ERROR
/arg4 == DTRACEFLT_DIVZERO/
{
	printf("divzero probe %d clause %d pc>0 %d kind %d %d\n", arg1, arg2, arg3 > 0, arg4,
	    DTRACEFLT_DIVZERO);
}

BEGIN
{
	y = *(int *)16;
}

ERROR
/arg4 == DTRACEFLT_BADADDR/
{
	printf("badaddr clause %d addr %d\n", arg2, arg5);
	printf("%d %d %d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP,
	    DTRACEFLT_NOSCRATCH, DTRACEFLT_BADSIZE, DTRACEFLT_BADINDEX);
	exit(0);
}
