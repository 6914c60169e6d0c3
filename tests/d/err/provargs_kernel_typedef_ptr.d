/* A pointer to a kernel typedef: rt_sigqueueinfo's siginfo is siginfo_t * (dtrace:
 * '"siginfo_t *" = "string"'), not uintptr_t. */
syscall::rt_sigqueueinfo:entry
{
	x = args[2];
	x = "s";
}
