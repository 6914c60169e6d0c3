/* @opts: -q */
/* An undefined macro variable comes before a later syntax error: dtrace's lexer refuses it
 * as it reads it, before its parser meets the error (dtrace -s of this file; found by
 * tests/sh/genlex_gen.py order 17). */
BEGIN
{
	trace(0);
	trace($nosuch);
	x ==== 1;
	exit(0);
}
