/* @opts: -x errtags */
/* After a probe description a character a description may hold (`]`, `\`, `*`...) begins
 * another description: "expected predicate and/or actions following probe description", at
 * the first description's line (dtrace -x errtags -e -s pdesc_then_bracket.d). */
BEGIN
]
{
	exit(0);
}
