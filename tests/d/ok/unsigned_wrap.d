/* @root */
/* Unsigned arithmetic wraps modulo 2^N at the operand's size (C's usual conversions: int - int
 * with a u suffix is unsigned int). */
#pragma D option quiet

BEGIN
{
	printf("%u\n", 1u - 2);
	printf("%u\n", 0u - 1);
	printf("%u\n", (uint64_t)0 - 1);
	printf("%u\n", (uint16_t)0 - 1);
	a = (uint32_t)4294967295;
	a = a + 1;
	printf("%u\n", a);
	b = (uint8_t)250;
	b += 10;
	printf("%u\n", b);
	exit(0);
}
