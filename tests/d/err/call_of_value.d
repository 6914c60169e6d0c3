/* @opts: -x errtags */
/* A call of a string, an element or an increment (any postfix expression but a name) is
 * D_FUNC_IDENT, not a syntax error (dtrace -x errtags -e -s call_of_value.d). */
BEGIN
{
	x = y++(1);
	z = a[1]("s");
	w = "f"();
}
