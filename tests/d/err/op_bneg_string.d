/* dt_parser.c dt_cook_op1: D_OP_INT. */
BEGIN
{
	x = ~"a"; /* error here */
}
