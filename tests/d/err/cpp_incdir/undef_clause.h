/* Included by cpp_clause_in_header.d: its clause names no variable. */
BEGIN
{
	x = nosuch;
}
