/* dt_parser.c dt_cook_op2: D_OP_INT. */
BEGIN
{
	x = "a" & 1; /* error here */
}
