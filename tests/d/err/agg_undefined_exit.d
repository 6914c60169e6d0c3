/* The same for a call whose prototype would refuse an aggregation (exit( ) wants an int):
 * the name is resolved before the prototype check (observed: dtrace -n 'BEGIN { exit(@a); }'). */
BEGIN
{
	exit(@a);
}
