/* A string may be bcopy()'s source (tests/d/ok/bcopy_rules.d) but not its destination: string
 * values are not memory D code may write into. */
BEGIN
{
	s = (string)alloca(8);
	bcopy("abc", s, 3);
}
