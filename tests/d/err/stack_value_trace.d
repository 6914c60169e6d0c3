/* trace() refuses a void expression, but a stack is not void to it (dt_node_is_void): the
 * stack() call is refused as an action inside an expression. */
BEGIN
{
	trace(stack());
}
