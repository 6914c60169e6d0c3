/* dt_parser.c dt_cook_op2, DT_TOK_LBRAC: D_ARR_LOCAL. */
BEGIN
{
	this->a["k"] = 1; /* error here */
}
