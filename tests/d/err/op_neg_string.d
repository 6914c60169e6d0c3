/* dt_parser.c dt_cook_op1: D_OP_ARITH. */
BEGIN
{
	s = "a";
	x = -s; /* error here */
}
