/* A statement without its ';': the parser stops at the next token (dt_grammar.y: "syntax
 * error near"). */
BEGIN
{
	x = 1
	y = 2; /* error here */
}
