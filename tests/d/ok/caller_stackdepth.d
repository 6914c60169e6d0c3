/* @root */
/* caller and stackdepth: the kernel stack under the probe. BEGIN fires in the kernel's probe
 * handler, so there is a kernel frame and a caller; stackdepth is a uint32_t and caller a
 * uintptr_t, as in dtrace. */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", stackdepth > 0, caller != 0, sizeof(stackdepth), sizeof(caller));
	exit(0);
}
