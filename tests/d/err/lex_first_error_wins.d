/* @opts: -x errtags */
/* A syntax error before a lexical one is the one reported, as dtrace lexes on demand. */
BEGIN
{
	x = = 1;
	s = "unterminated
}
