/* @opts: -q */
/* dtrace's lexer refuses an undefined macro argument as it reads it, so a lexical error
 * later in the program (a floating-point constant) is never reached (dtrace -s of this file,
 * no arguments; Guide, "Macro Arguments"). Found by tests/sh/genlex_gen.py order 12. */
BEGIN
{
	trace($$1);
	trace(1.5);
	exit(0);
}
