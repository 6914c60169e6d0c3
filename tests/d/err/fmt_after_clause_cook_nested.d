/* An action used as a value (trace() as printf()'s argument) is refused generating code
 * (D_CG_EXPR), so a type error later in the clause is reported first, as dtrace does
 * (observed with dtrace -e); a format error in an earlier clause still comes first. */
BEGIN
{
	printf("%d\n", trace(1));
	x = "a" * 1;
}
