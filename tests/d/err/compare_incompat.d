/* dt_parser.c dt_cook_op2, relational operators: D_OP_INCOMPAT. */
BEGIN
/"a" == 1/ /* dtrace counts the error on the line of the next "{" */
{
	exit(0);
}
