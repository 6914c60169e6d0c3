/* The predicate's { is on the next line: dtrace's lexer counts that newline when it reads the
 * closing /, so the operators built then carry the { line, but a leaf (here the unknown name,
 * built before) is reported on its own line. */
BEGIN
/ pid == -y /
{
	exit(0);
}
