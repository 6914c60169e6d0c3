/* A backquoted name that is no kernel symbol: dtrace says the symbol is unknown, not the
 * variable. Observed with DTrace for Linux:
 *   dtrace -qn 'BEGIN { x = `nosuchsym_xyz; }'
 *   -> failed to resolve `nosuchsym_xyz: Unknown symbol name */
BEGIN
{
	x = `usdtrace_no_such_symbol;
}
