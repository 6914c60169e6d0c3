/* @root */
/* lltostr(value, base): "0x" prefix for 16, "0" for 8, none otherwise (dtrace_dif.c,
 * DIF_SUBR_LLTOSTR). */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %s\n", lltostr(255, 16), lltostr(8, 8), lltostr(5, 2), lltostr(35, 36));
	printf("%s\n", lltostr(0, 16));
	exit(0);
}
