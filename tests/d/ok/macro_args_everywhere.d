/* @opts: -q */
/* @args: 5 tick */
/* Macro arguments in a predicate and in an expression, one as a string ($$2); "$1" inside
 * a string
 * literal stays text. */
BEGIN
/$1 == 5/
{
	printf("%d %s %s\n", $1 + 1, $$2, "$1");
	exit(0);
}
