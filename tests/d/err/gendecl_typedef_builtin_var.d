/* A typedef's name may not be one of D's global identifiers (the Guide's "Type and Constant
 * Definitions": typedef declares a type name; "Variables": args is a built-in variable):
 * dtrace finds it among the globals, built-in variables, subroutines and actions included
 * (observed with dtrace -n 'typedef int args; BEGIN { }' and 'typedef int trace; ...':
 * global variable identifier redeclared). */
typedef int args; /* error here */

BEGIN
{
	exit(0);
}
