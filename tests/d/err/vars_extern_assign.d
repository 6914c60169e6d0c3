/*
 * `name is a kernel variable, never a D variable (Guide, "External Variables"; no operator
 * that modifies one is allowed): an assignment resolves the symbol as a read does, and one
 * the kernel does not have is dtrace's
 *   dtrace -n 'BEGIN { `no_such_kernel_var = 1; }'
 *   -> in action list: failed to resolve `no_such_kernel_var: Unknown symbol name
 */
BEGIN
{
	`no_such_kernel_var = 1;
	exit(0);
}
