/* offsetof names its member outside the `.`/`->` context where dtrace's lexer reads any
 * word as a name (dt_lex.l SIDENT), so a keyword there is a syntax error in dtrace too. */
BEGIN
{
	trace(offsetof(struct platform_driver, probe));
}
