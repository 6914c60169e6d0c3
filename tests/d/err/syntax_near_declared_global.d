/* As syntax_near_builtin_name, after a built-in variable and a declared global. */
int q;

BEGIN
{
	q = 1;
	trace(1) q + execname;
}
