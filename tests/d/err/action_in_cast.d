/* An action hidden behind a cast reaches code generation, which refuses it in an expression
 * (dt_cg.c, DT_NODE_FUNC: D_CG_EXPR; the kind is dt_idkind_name's "tracing function"). */
BEGIN
{
	x = 1;
	x == 1 ? (void)trace(1) : (void)0; /* error here */
}
