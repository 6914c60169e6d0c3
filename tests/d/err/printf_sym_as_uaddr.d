/*
 * sym(), func() and mod() give a kernel symbol address, dtrace's _symaddr: %a takes one, %A
 * (a user address, _usymaddr) does not, and messages name the type _symaddr (dt_open.c's
 * prototypes). Expected: DTrace for Linux's message.
 */
BEGIN
{
	printf("%A\n", sym(0));
}
