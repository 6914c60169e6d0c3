/* string is D's own type name (the Guide's "Strings"), so a typedef may not give that name
 * to another type: dtrace reads it after a base type as the name being declared and refuses
 * it (observed with dtrace -n 'typedef char string; BEGIN { }': identifier redeclared:
 * string; `char string;` is refused as a type's name: typedef identifier redeclared). */
typedef char string; /* error here */

BEGIN
{
	exit(0);
}
