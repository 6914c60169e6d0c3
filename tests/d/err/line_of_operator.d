/* @opts: -x errtags */
/* An operator's line is where dtrace's lexer stood when the operator was reduced: for a
 * predicate's last operator, past the closing / and the line break after it. */
BEGIN
/"char" && "foo"/
{
	exit(1);
}
