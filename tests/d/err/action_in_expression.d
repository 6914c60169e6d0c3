/* Actions are statements, not values (dt_cg.c: D_CG_EXPR; the kind is dt_idkind_name's
 * "tracing function"). */
BEGIN
{
	x = trace(1); /* error here */
}
