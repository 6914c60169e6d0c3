/* @root */
/*
 * A fault in BEGIN when BEGIN calls exit(): ERROR's output follows all of BEGIN's and comes
 * before END's. DTrace for Linux fires END before it first reads the buffers, then reads the
 * BEGIN CPU's buffer twice: BEGIN's records first, everything else (ERROR's, END's) after
 * (libdtrace dt_consume.c, dt_consume_begin). Observed: dtrace -qs this prints "b", "ERR ...",
 * "end".
 */
#pragma D option quiet

BEGIN
{
	printf("a\n");
	x = *(int *)8;
}

BEGIN
{
	printf("b\n");
}

ERROR
{
	printf("ERR %d %d %d %d\n", arg1, arg2, arg4, arg5);
}

BEGIN
{
	exit(0);
}

END
{
	printf("end\n");
}
