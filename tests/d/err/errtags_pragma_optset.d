/* @opts: -x errtags */
/* A pragma whose option value is refused is D_PRAGMA_OPTSET. */
#pragma D option specsize=-40

BEGIN
{
	exit(0);
}
