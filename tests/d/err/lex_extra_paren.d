/* @opts: -x errtags */
/* One ) too many: the lexer notices. */
BEGIN
{
	trace(1));
}
