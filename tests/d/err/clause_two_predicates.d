/* Two predicates: the second "/" starts no actions (dt_grammar.y). */
BEGIN
/1/ /2/
{
	exit(0);
}
