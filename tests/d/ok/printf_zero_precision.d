/* @root */
/* A precision of 0 is dropped by libdtrace before formatting, so %.0d of 0 still prints "0"
 * (dt_printf.c, dt_printf_format; documented in src/dfmt.h). */
#pragma D option quiet

BEGIN
{
	printf("[%.0d][%.*d]\n", 0, 0, 0);
	exit(0);
}
