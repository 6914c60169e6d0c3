/* Constant division by zero is a compile error (dt_parser.c dt_node_op2: D_DIV_ZERO). */
BEGIN
{
	x = 1 / 0; /* error here */
}
