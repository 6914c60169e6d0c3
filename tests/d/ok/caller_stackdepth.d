/* @root */
/* caller and stackdepth are the kernel stack under the probe: BEGIN, fired by the tracer
 * itself, has none (0 and 0, as in dtrace); stackdepth is a uint32_t and caller a uintptr_t.
 * A profile probe sees the kernel stack when the sample interrupted the kernel: never
 * negative, and a caller only when there are two frames. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", stackdepth, caller, sizeof(stackdepth), sizeof(caller));
}

profile-997
/stackdepth < 2 && caller != 0/
{
	printf("caller without two frames\n");
}

tick-200ms
{
	exit(0);
}
