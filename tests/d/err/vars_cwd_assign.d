/*
 * cwd is one of DTrace for Linux's built-in variables (Guide, "Built-in Variables": the
 * current working directory); built-in variables are not writable (dtrace:
 *   dtrace -n 'BEGIN { cwd = "x"; }'
 *   -> operator = can only be applied to a writable variable)
 */
BEGIN
{
	cwd = "/tmp";
	exit(0);
}
