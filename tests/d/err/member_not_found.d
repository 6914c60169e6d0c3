/* dt_parser.c dt_cook_op2, DT_TOK_DOT: D_TYPE_MEMBER. */
struct foo {
	int a;
};

struct foo p;

BEGIN
{
	p.b = 1; /* error here */
}
