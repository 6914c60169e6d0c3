/* mod`sym with a module the kernel has not loaded: dtrace's "Module is no longer loaded"
 * (observed: dtrace -n 'BEGIN { trace(nomod`foo); }'). */
BEGIN
{
	trace(nomod`foo);
}
