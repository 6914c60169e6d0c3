/* dt_parser.c dt_cook_clause: D_PRED_SCALAR. */
struct foo {
	int a;
};

struct foo p;

BEGIN
/p/
{
	exit(0);
} /* error here: dtrace checks the predicate when the clause is complete */
