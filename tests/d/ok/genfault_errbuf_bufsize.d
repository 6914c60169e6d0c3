/* @root */
/* @opts: -b 1k */
/*
 * A program with an ERROR clause reports the principal buffer's rounding once, as dtrace does
 * (dtrace -b 1k -s this: one "bufsize increased to 4096"); usdtrace's own ring buffer for
 * ERROR's records is no buffer dtrace has, and said it again.
 */
#pragma D option quiet

BEGIN
{
	x = *(int *)0;
}

ERROR
{
	printf("ERROR %d %d\n", arg4, arg5);
	exit(0);
}
