/*
 * x = ... creates the global x before its value is computed: a first value that reads x
 * finds it declared but not yet assigned (Guide, "Scalar Variables": created by the first
 * assignment; dtrace:
 *   dtrace -n 'BEGIN { total = total + 1; }'
 *   -> in action list: total has not yet been declared or assigned)
 */
BEGIN
{
	total = total + 1;
	exit(0);
}
