/* A backquoted name that is no kernel variable: dtrace's symbol lookup fails with "Unknown
 * symbol name" (observed: dtrace -n 'BEGIN { trace(`nosuch); }'), not the message for an
 * undefined D variable, even when a D variable of that name exists. */
BEGIN
{
	nosuch_sym = 1;
	trace(`nosuch_sym);
}
