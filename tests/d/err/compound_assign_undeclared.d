/* += may create a variable but not read it before any assignment (dt_parser.c dt_cook_op2,
 * DT_TOK_ADD_EQ, then dt_cook_var: D_VAR_UNDEF). */
BEGIN
{
	total += 5; /* error here */
}
