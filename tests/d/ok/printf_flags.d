/* @root */
/* The 0, +, space and # flags. */
#pragma D option quiet

BEGIN
{
	printf("[%05d][%+d][%+d][% d][% d]\n", 42, 42, -42, 42, -42);
	printf("[%#x][%#X][%#o][%08x][%-8x|]\n", 255, 255, 8, 0xbeef, 0xbeef);
	printf("[%05d]\n", -42);
	exit(0);
}
