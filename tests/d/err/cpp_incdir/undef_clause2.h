/* Included by cpp_clause_in_header_first.d: the first of its two clauses names no variable. */
BEGIN
{
	x = nosuch;
}

BEGIN
{
	exit(0);
}
