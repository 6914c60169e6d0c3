/* A typedef may not name again a type D defines (the Guide's "Type and Constant Definitions":
 * typedef declares a new name; uint64_t is one of D's own), even as the very same type:
 * dtrace's declaration finds the name among its D types and refuses it (observed with
 * dtrace -n 'typedef uint64_t uint64_t; BEGIN { }': typedef redeclared: uint64_t). */
typedef unsigned long long uint64_t; /* error here */

BEGIN
{
	exit(0);
}
