/* A system call's argument whose format type is a kernel typedef keeps that type, as dtrace
 * resolves it in the kernel's type information: openat's mode is umode_t (dtrace: '"umode_t"
 * = "string"'), not the integer of its size. */
syscall::openat:entry
{
	x = args[3];
	x = "s";
}
