/* @opts: -q */
/* A name scoped to a module whose name starts with a digit (Linux has 8021q, 9pnet, 6lowpan)
 * is one identifier: dtrace's lexer takes digits, letters and _ before a backtick as a name,
 * so the message is about resolving the symbol, not a syntax error at the letters after the
 * digits (dtrace -s of this file; Guide, "External Symbols and Types"). */
BEGIN
{
	trace(9nosuchmod`x);
	exit(0);
}
