/* A variable keeps the type of its first assignment (dt_parser.c dt_cook_op2, DT_TOK_ASGN:
 * D_OP_INCOMPAT). */
BEGIN
{
	x = 1;
	x = "str"; /* error here */
}
