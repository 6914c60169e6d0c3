/* rw_read_held() takes one rwlock_t * (dt_open.c's prototype; the kernel's typedef name is a
 * type name, so the cast compiles and the call is checked): two arguments are D_PROTO_LEN.
 * Expected: dtrace's message. */
BEGIN
{
	trace(rw_read_held((rwlock_t *)8, 1));
}
