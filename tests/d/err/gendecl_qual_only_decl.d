/* Qualifiers with no type specifier (the Guide's "Type and Constant Definitions": a
 * declaration names a type) are a type named by nothing: dtrace looks up the empty type name
 * and fails, for a declarator as for `;` (observed with dtrace -n 'const x; BEGIN { }'), and
 * with a storage class too, which then gives no default int (typedef const t; likewise). */
self volatile x; /* error here */

BEGIN
{
	exit(0);
}
