/* @opts: -x errtags */
/* An error on the predicate's last operator is counted on the line of the "{" that
 * follows the predicate, as dtrace's lexer counts it. */
BEGIN
/"a" && 1/

{
	exit(0);
}
