/* A signed macro argument whose digits fit 64 bits but no signed type: the same error as
 * without the sign (dtrace reads the sign as a unary operator on the constant), observed with
 * `dtrace -s macro_arg_untyped_negative.d -- -9223372036854775809`; it is no string. */
/* @args: -- -9223372036854775809 */
BEGIN
{
	trace($1);
}
