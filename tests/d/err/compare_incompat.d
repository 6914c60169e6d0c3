/* dt_parser.c dt_cook_op2, relational operators: D_OP_INCOMPAT. */
BEGIN
/"a" == 1/ /* error here */
{
	exit(0);
}
