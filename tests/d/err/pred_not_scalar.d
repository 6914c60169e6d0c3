/* dt_parser.c dt_cook_clause: D_PRED_SCALAR. */
struct foo {
	int a;
};

struct foo p;

BEGIN
/p/ /* error here */
{
	exit(0);
}
