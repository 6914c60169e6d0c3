/*
 * An array declarator makes a new array type each time, so a variable declared again as the
 * same array is redeclared (observed: dtrace -s prints current and previous "scalar int [2]";
 * a pointer or scalar declared twice alike is accepted). The same holds for self-> and this->
 * arrays.
 */
int x[2];
int x[2];

BEGIN
{
	exit(0);
}
