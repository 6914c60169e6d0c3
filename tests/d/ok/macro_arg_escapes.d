/* @root */
/* @args: x\ a\qb \x414243 \' a\"b */
/* Escapes in macro arguments decode as dtrace decodes them (observed: dtrace -s this.d with
 * these arguments): a trailing backslash is dropped, an unknown escape (\q, \') keeps its
 * backslash, \x takes every hex digit that follows (the byte is the value's low 8 bits),
 * \" is a quote. $N (a string here) and $$N decode alike. */
#pragma D option quiet

BEGIN
{
	printf("%s|%s|%s|%s|%s|\n", $$1, $$2, $$3, $$4, $$5);
	printf("%s|%s|%s|%s|%s|\n", $1, $2, $3, $4, $5);
	exit(0);
}
