/*
 * A thread-local variable is created by its first assignment in program order (Guide,
 * "Thread-Local Variables": created automatically on their first assignment). A clause that
 * reads self->x before the clause that assigns it is refused, as dtrace refuses it:
 *   dtrace -n 'BEGIN { trace(self->x); } BEGIN { self->x = 1; }'
 *   -> in action list: self->x has not yet been declared or assigned
 */
BEGIN
{
	trace(self->x);
}

BEGIN
{
	self->x = 1;
	exit(0);
}
