/*
 * print() of a pointer prints what it points at, by its type: a void * points at nothing that
 * has a size, so print() refuses it as it refuses an incomplete struct. Expected: DTrace for
 * Linux's message (observed: dtrace -n 'BEGIN { print((void *)0); }').
 */
BEGIN
{
	print(curthread->stack);
}
