/* += on strings (dt_parser.c dt_cook_op2, DT_TOK_ADD_EQ). */
BEGIN
{
	s = "a";
	s += "b"; /* error here */
}
