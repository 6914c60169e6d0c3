/*
 * print() takes the address of what it prints: its prototype is void print(void *addr)
 * (Oracle's DTrace for Linux documentation, print; DTrace for Linux's dt_open.c), so an
 * integer is a prototype mismatch, as dtrace -s reports it.
 */
BEGIN
{
	x = 12;
	print(x);
}
