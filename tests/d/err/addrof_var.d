/* dt_parser.c dt_cook_op1, DT_TOK_ADDROF. */
BEGIN
{
	x = 1;
	y = &x; /* error here */
}
