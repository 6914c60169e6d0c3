/* A predicate with no actions after it: dt_grammar.y's error, at the predicate's expression
 * (its node has the line the lexer had reached when "+" was reduced: the ";" line, 7). */
BEGIN
/1 +
2/
;

BEGIN
{
	exit(0);
}
