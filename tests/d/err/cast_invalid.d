/* dt_parser.c dt_cook_op2, DT_TOK_LPAR: D_CAST_INVAL. */
struct foo {
	int a;
};

BEGIN
{
	x = (struct foo)1; /* error here */
}
