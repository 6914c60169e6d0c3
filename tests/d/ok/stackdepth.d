/* @root */
#pragma D option quiet

/* stackdepth is the kernel stack's depth; BEGIN fires in the tracer, where dtrace reports 0,
 * and a string built from it works as any other index. */
BEGIN
{
	i = stackdepth;
	printf("%d |%s|\n", stackdepth, substr(strjoin("abc", "def"), i));
	exit(0);
}
