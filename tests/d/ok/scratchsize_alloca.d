/* @root */
/* @status: 1 */
/* -x scratchsize bounds alloca( ): a larger request faults at run time. */
#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	ok = alloca(64);
	sz = 65;
	alloca(sz);
	exit(0);
}

ERROR
{
	printf("fault %d\n", arg4);
	exit(1);
}
