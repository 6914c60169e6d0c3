/* @opts: -x errtags */
/* One ] too many: the lexer notices. */
BEGIN
{
	x[1]] = 2;
}
