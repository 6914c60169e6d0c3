/* BEGIN has no arguments, so args[0] is out of range (dt_ident.c dt_idcook_args: D_ARGS_IDX,
 * the description printed provider:module:function:name). */
dtrace:::BEGIN
{
	x = args[0]; /* error here */
}
