/*
 * curcpu is a built-in variable, not writable by any assignment operator (dtrace:
 *   dtrace -n 'BEGIN { curcpu += 1; }'
 *   -> operator += can only be applied to a writable variable)
 */
BEGIN
{
	curcpu += 1;
	exit(0);
}
