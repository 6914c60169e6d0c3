/* An aggregating function called for itself reaches code generation, which refuses it
 * (dt_cg.c, DT_NODE_FUNC: D_CG_EXPR; the kind is dt_idkind_name's "aggregating function"). */
BEGIN
{
	quantize(1);
}
