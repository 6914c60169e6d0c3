/*
 * fds named without its index is no value (dtrace -s: it takes the inline with a parameter
 * for an associative array).
 */
BEGIN
{
	trace(sizeof(fds));
	exit(0);
}
