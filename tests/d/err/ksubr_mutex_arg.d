/* mutex_owner() takes a struct mutex *; a rwlock_t * is not one (D_PROTO_ARG, the argument
 * named by the kernel's typedef). Expected: dtrace's message. */
BEGIN
{
	trace(mutex_owner((rwlock_t *)8));
}
