/* @opts: -w */
/*
 * breakpoint(), chill() and panic() are void actions: used as values, the expression round
 * them fails first (dtrace cooks it before code generation refuses the action). A void key
 * where the signature is set: dt_idcook_sign's words.
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	@a[panic()] = count();
}
