/* @opts: -x errtags */
/* A parenthesized name is still a name: `(zz)(1)` calls zz, which dtrace looks up as the call
 * is built (dt_node_func), so its D_FUNC_UNDEF comes before the call of the call's result
 * (D_FUNC_IDENT) and before a later syntax error (dtrace -x errtags -e -s
 * call_of_parenthesized_undef.d). */
BEGIN
{
	x = (zz)(1)(2);
}
