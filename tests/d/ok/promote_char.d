/* @root */
/* char is signed on x86-64 (D follows the platform's C ABI); casts truncate and sign- or
 * zero-extend; arithmetic on char operands promotes to int (K&R A6.1). */
#pragma D option quiet

BEGIN
{
	c = (char)200;
	u = (unsigned char)200;
	printf("%d %d\n", c, u);
	printf("%d %d\n", c + 1, u + 1);
	printf("%d\n", (unsigned char)255 + 1);
	printf("%d %d\n", (char)-1 == 255, (unsigned char)-1 == 255);
	printf("%d\n", (char)127 + (char)127);
	printf("%d\n", (int8_t)0x1ff);
	exit(0);
}
