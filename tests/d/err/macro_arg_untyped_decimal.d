/* A macro argument that is a decimal constant beyond the signed 64-bit range, without 'u':
 * D gives it the error such a constant gets in a program (no built-in integral type holds it,
 * the value in hex), as `dtrace -s macro_arg_untyped_decimal.d 18446744073709551615` does;
 * only digits past 64 bits are the macro argument's overflow. */
/* @opts: -x errtags */
/* @args: 18446744073709551615 */
BEGIN
{
	trace($1);
}
