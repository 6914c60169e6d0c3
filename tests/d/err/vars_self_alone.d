/*
 * self names the thread-local variables, reached only with -> (Guide, "Thread-Local
 * Variables"); alone it is dtrace's pointer identifier, which its parser takes and its
 * checker refuses as a value (dtrace:
 *   dtrace -n 'BEGIN { self = 1; }'
 *   -> in action list: pointer 'self' may not be referenced as scalar)
 */
BEGIN
{
	self = 1;
	exit(0);
}
