/*
 * A built-in variable has no address a program may take (dtrace:
 *   dtrace -n 'BEGIN { x = &root; }'
 *   -> cannot take address of dynamic variable)
 */
BEGIN
{
	p = &root;
	exit(0);
}
