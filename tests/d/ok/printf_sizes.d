/* @root */
/* %x, %o and %u print the value unsigned at the argument's own size; %d of an unsigned type
 * prints it unsigned (dt_printf.c: pfprint_uint / pfprint_dint, documented in src/dfmt.h). */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x %x\n", (char)-1, (short)-1, -1, -1L);
	printf("%u %u\n", (char)-1, -1);
	printf("%d %d %d\n", (unsigned char)255, (uint16_t)65535, (uint64_t)-1);
	printf("%o\n", (uint8_t)-1);
	exit(0);
}
