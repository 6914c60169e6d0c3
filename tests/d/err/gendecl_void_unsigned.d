/* dtrace checks a declaration's specifiers as it reads each one once there is a base type:
 * unsigned after void breaks void's rule before the int after it breaks the combination
 * (observed with dtrace -n 'void unsigned int x; BEGIN { }': attributes may not be used with
 * void type; char long long int likewise fails at the first long, on char's rule). */
void unsigned int x; /* error here */

BEGIN
{
	exit(0);
}
