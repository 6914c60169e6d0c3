/* D's grammar (dt_grammar.y, enumerator_list) has no trailing comma after the last
 * enumerator, unlike C99: a syntax error at the closing brace. */
enum colour {
	RED,
	GREEN,
};

BEGIN
{
	exit(0);
}
