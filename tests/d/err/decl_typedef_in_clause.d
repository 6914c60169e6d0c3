/* A clause holds no declarations (Guide, "Variables": D variables are declared outside
 * clauses): a typedef name starting a statement is a syntax error at that name, as in dtrace. */
typedef int myint;
BEGIN
{
	myint x;
	exit(0);
}
