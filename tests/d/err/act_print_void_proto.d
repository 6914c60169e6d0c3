/*
 * print()'s prototype is void print(void *) (DTrace for Linux's dt_open.c): a void argument is
 * the prototype's mismatch, found when the call is cooked, before a later statement's unknown
 * name. Expected: dtrace -s of this script (genact err seed 42).
 */
BEGIN
{
	print((void)0);
	trace(nosuchvar + 1);
}
