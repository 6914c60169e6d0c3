/* @root */
/* %a prints an address as a symbol when one names it, else in hex (dt_printf.c pfprint_addr:
 * "0x%llx" when dtrace_lookup_by_addr finds nothing); 0x1234 is in no mapping. Widths pad the
 * text as for %s. */
#pragma D option quiet

BEGIN
{
	printf("[%a] [%-8a] [%8a]\n", 0x1234, 0x10, 0x10);
	exit(0);
}
