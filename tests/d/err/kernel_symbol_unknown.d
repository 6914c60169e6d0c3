/* A backquoted name is a kernel symbol (Guide: "External Symbols and Types"); one the kernel
 * does not have is dtrace's "Unknown symbol name" (observed: dtrace -n 'BEGIN { trace(`nosuchsym_xyz); }'), not
 * an unknown variable. */
BEGIN
{
	trace(`nosuchsym_xyz);
}
