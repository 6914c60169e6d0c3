/* @opts: -x errtags */
/* After a probe description dtrace's lexer reads only descriptions, keywords, `/`, `,` and
 * `{`: an action block's `{` left out, the `@` of the first statement is its syntax error, at
 * its line, near the one character (dtrace -x errtags -e -s pdesc_then_agg.d). */
BEGIN

	@a = count();
	exit(0);
}
