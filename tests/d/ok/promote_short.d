/* @root */
/* short and unsigned short truncate to 16 bits and promote to int in arithmetic. */
#pragma D option quiet

BEGIN
{
	s = (short)70000;
	us = (unsigned short)-1;
	printf("%d %d\n", s, us);
	printf("%d\n", us + 1);
	printf("%d\n", (short)-32768 - 1);
	printf("%d\n", (uint16_t)0x12345);
	exit(0);
}
