/* An aggregating function's name with keys is no associative array: dtrace takes the
 * brackets for a call with no arguments and checks them against the function's prototype
 * (sum takes one argument; observed). */
BEGIN
{
	sum[1] = 1;
	exit(0);
}
