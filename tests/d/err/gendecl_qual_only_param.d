/* A prototype's parameter of qualifiers alone, named or abstract, is the type named by
 * nothing, before the parameter's name is looked up as a type (observed with
 * dtrace -n 'int f(const x); BEGIN { }' and 'int f(int, const [2]); BEGIN { }'). */
int f(int, const [2]); /* error here */

BEGIN
{
	exit(0);
}
