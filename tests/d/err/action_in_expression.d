/* The value of an action is void, and void is neither an integer nor a pointer, so assigning
 * it fails the assignment's type check (dt_parser.c dt_cook_op2, DT_TOK_ASGN:
 * dt_node_is_argcompat -> dt_node_is_ptrcompat, which wants pointer kinds). */
BEGIN
{
	x = trace(1); /* error here */
}
