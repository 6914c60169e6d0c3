/* short and long do not combine (the Guide's "Type and Constant Definitions"), yet dtrace
 * reads them as attributes of a base type still to come, and each long counts: the type it
 * then fails to find is "short long long " (observed with
 * dtrace -n 'short long long x; BEGIN { }'; "long double long" likewise names
 * "long long double"). */
const short long long x; /* error here */

BEGIN
{
	exit(0);
}
