/* @root */
/* %p prints the address in hex without a prefix, %#p with one (dt_printf.c pfprint_uint with
 * the 'x' conversion; documented in src/dfmt.h). */
#pragma D option quiet

BEGIN
{
	printf("%p %#p\n", (void *)0x1234, (void *)0xabc);
	exit(0);
}
