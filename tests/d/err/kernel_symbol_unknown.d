/* A backquoted name that no kernel symbol has is an unknown *symbol* (dtrace -n
 * 'BEGIN { trace(`nosuchsym); }': "failed to resolve `nosuchsym: Unknown symbol name"). */
BEGIN
{
	trace(`nosuchsym);
}
