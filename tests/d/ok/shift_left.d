/* @root */
/* Left shifts keep the (promoted) type of the left operand (K&R A7.8). */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 1 << 4, 3 << 10);
	printf("%d\n", 1L << 40);
	printf("%d\n", 1L << 63);
	printf("%x\n", 1L << 63);
	printf("%u\n", 0xffu << 24);
	n = 5;
	printf("%d\n", 1 << n);
	exit(0);
}
