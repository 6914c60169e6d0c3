/* "long long long" is no type (the Guide's "Type and Constant Definitions" lists long long as
 * the longest), yet dtrace reads each long as an attribute of the base type still to come
 * and reports what that base breaks first: short and long with char (observed with
 * dtrace -n 'long long long char x; BEGIN { }'); with void its attributes error, with double
 * the name it does not find ("long long long double"). */
long long long char c; /* error here */

BEGIN
{
	exit(0);
}
