/* Three longs before double: no attribute rule of dtrace's breaks (long is allowed with
 * double), so it fails to find the type it names from them (observed with
 * dtrace -n 'BEGIN { trace(sizeof (long long long double)); }'). */
BEGIN
{
	trace(sizeof (long long long double)); /* error here */
	exit(0);
}
