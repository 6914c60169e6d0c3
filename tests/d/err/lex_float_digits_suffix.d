/* Digits followed by an f are a floating-point constant to D (C's float suffix; D permits no
 * floating-point constants, Guide "Lexical conventions"), even without a point or an exponent:
 * dtrace -x errtags -s lex_float_digits_suffix.d refuses 1f as such, not as a syntax error at f. */
/* @opts: -x errtags */
BEGIN
{
	x = 0x1f;
	y = 1f;
}
