/* @root */
/*
 * A fault in BEGIN when BEGIN does not call exit(): ERROR's output stands where the fault was,
 * before BEGIN's later clauses' ("ERR" then "b", as dtrace -qs this prints). Compare
 * genfault_error_order_begin_exit, where BEGIN calls exit().
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

tick-10ms
{
	exit(0);
}

END
{
	printf("end\n");
}
