/* @opts: -x errtags */
/* The parser's errors are tagged D_SYNTAX under -x errtags. */
BEGIN
{
	x = ;
}
