/* @opts: -w */
/*
 * breakpoint(), chill() and panic() are void actions: used as values, the expression round
 * them fails first (dtrace cooks it before code generation refuses the action).
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	x = 1 + chill(1);
}
