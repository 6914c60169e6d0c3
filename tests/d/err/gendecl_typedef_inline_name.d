/* A typedef's name may not be an inline's the program declared before it (observed with
 * dtrace -n 'inline int v = 1; typedef int v; BEGIN { }': global variable identifier
 * redeclared: v). */
inline int limit = 10;
typedef long limit; /* error here */

BEGIN
{
	exit(0);
}
