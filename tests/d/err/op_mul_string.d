/* dt_parser.c dt_cook_op2: D_OP_ARITH. */
BEGIN
{
	x = "a" * 2; /* error here */
}
