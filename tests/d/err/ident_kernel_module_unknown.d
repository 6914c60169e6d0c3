/* mod`sym for a module the kernel does not have: dtrace reports the module, "Module is no
 * longer loaded" (observed: dtrace -n 'BEGIN { trace(nosuchmod`x); }'). */
BEGIN
{
	trace(nosuchmod`x);
}
