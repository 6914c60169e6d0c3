/* @root */
/* BEGIN clauses run in program order, then END clauses after exit(). A BEGIN clause after the
 * one that called exit() does not run: exit() makes the state draining at once, and
 * dtrace_probe then skips the remaining BEGIN enablings ("if one BEGIN enabling has invoked
 * the exit() action, we don't want to evaluate subsequent BEGIN enablings", dtrace.c). */
#pragma D option quiet

BEGIN
{
	printf("1\n");
	exit(0);
}

BEGIN
{
	printf("2\n");
}

END
{
	printf("3\n");
}

END
{
	printf("4\n");
}
