/* Two stacks compare as the same type (dt_node_is_argcompat's stack rule and
 * ctf_type_compat); the call inside the expression is then D_CG_EXPR. */
BEGIN
{
	trace(stack() == stack());
}
