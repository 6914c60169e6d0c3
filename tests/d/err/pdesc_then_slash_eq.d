/* @opts: -x errtags */
/* After a probe description `/` is alone, the predicate's opening: `/==` is `/` then `==`,
 * a syntax error near "==" at the predicate's line (dtrace -x errtags -e -s
 * pdesc_then_slash_eq.d). */
BEGIN
/== 1/
{
	exit(0);
}
