/* @root */
/* char is signed on x86-64 (D follows the platform's C ABI); casts truncate and sign- or
 * zero-extend. D does not promote char operands to int: the result has the type of the
 * highest-ranked operand (Guide, "Type Conversions"), so (char)127 + (char)127 is a char,
 * printed -2, as dtrace prints it; c + 1 is an int. */
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
